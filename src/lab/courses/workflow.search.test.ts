/**
 * Search judges the workflow's designs through the variants its labs list (L05, and L06 with
 * the LangGraph executor). The `epoch_check: read` design is the submit node as it was: it
 * read the owner epoch from the shop and moved the intent under what it had just read, a
 * comparison that cannot fail; search finds the second worker of fault 5 moving an intent
 * another worker owns (LG-FENCE-1). With the epoch the shop granted (`held`), search finds
 * nothing (src/lab/designs.search.test.ts judges the right configuration as a whole).
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { loadLabsFromDir } from '../nodeFiles';
import { searchLabAsync } from '../search';

useSqlJs();

const labs = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : []));

/**
 * Each broken variant L05 and L06 (LangGraph executor) give for the workflow's properties is
 * found by search from the lab's start within its default bounds: the property it names is
 * among the counterexamples (the whole bounds searched, not only the first break). Variants of
 * end conditions need the recovery search and are checked by its own test.
 */
describe('the workflow variants L05 and L06 list are found by search', () => {
  const variants = labs.flatMap((lab) => lab.variants.filter((v) => !v.recover && v.property.startsWith('LG-')).map((v) => ({ lab, v })));
  it('has some', () => expect(variants.length).toBeGreaterThan(3));
  for (const { lab, v } of variants) {
    it(`${lab.id} ${v.rule}: ${v.property} under ${JSON.stringify(v.switches)}`, async () => {
      const result = await searchLabAsync(lab, { switches: v.switches, bounds: v.bounds as never });
      expect(result.counterexamples.map((c) => c.invariant), result.boundsText).toContain(v.property);
    }, 600_000);
  }
});
