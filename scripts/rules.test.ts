/**
 * The rules are the judge: docs/rules.md is built from code (npm run rules), every rule of
 * the catalog has a property that states it, every such property a broken variant, every
 * rule a lab lists is checked by one of its model's properties — and search, from the lab's
 * start within the lab's bounds, really finds each variant's property broken (an end
 * condition: a reached state the system's own recovery cannot settle). Nothing here reads
 * a file outside the repository.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../src/test/sqljs';
import { loadLabsFromDir } from '../src/lab/nodeFiles';
import { RULES } from '../src/lab/rules/catalog';
import { rulesProblems, rulesTable } from '../src/lab/rules/table';
import { searchLab } from '../src/lab/search';
import type { Bounds } from '../src/sim/explorer/bounds';
import type { Lab } from '../src/lab/schema';

useSqlJs();

const labs = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : []));

describe('docs/rules.md', () => {
  it('is what npm run rules writes from the code (run it after changing a property, a lab\'s rules or variants)', () => {
    expect(readFileSync('docs/rules.md', 'utf8')).toBe(rulesTable(labs));
  });

  it('has, for every rule, a property, and for every property a broken variant', () => {
    expect(rulesProblems(labs)).toEqual([]);
  });

  it('catches a rule a lab lists without a property, and a property left without a variant', () => {
    const [first] = labs.filter((l) => l.variants.length > 0);
    if (!first) throw new Error('no lab declares a variant');
    const stripped: Lab = { ...first, variants: [], rules: [...first.rules, 'M07-8'] };
    const problems = rulesProblems(labs.map((l) => (l === first ? stripped : l)));
    expect(problems.some((p) => p.includes('has no variant that breaks it') || p.includes('with no variant'))).toBe(true);
    if (!first.model.startsWith('compensation')) expect(problems).toContain(`${first.id} lists M07-8, which no property of its model checks`);
  });

  it('lists the catalog in order, each rule once', () => {
    expect(new Set(RULES.map((r) => r.id)).size).toBe(RULES.length);
  });
});

const variants = labs.flatMap((lab) => lab.variants.map((variant) => ({ lab, variant })));

describe.each(variants.map(({ lab, variant }) => [`${lab.id} ${variant.rule} → ${variant.property} (${JSON.stringify(variant.switches)})`, lab, variant] as const))(
  'search finds the broken variant %s', (_name, lab, variant) => {
    it('from the lab\'s start, within its bounds', async () => {
      const result = await searchLab(lab, { switches: variant.switches, bounds: variant.bounds as Partial<Bounds> | undefined, recover: variant.recover });
      const found = variant.recover ? result.unrecoverable ?? [] : result.counterexamples;
      expect(found.map((c) => c.invariant), `bounds: ${result.boundsText}`).toContain(variant.property);
    }, 240_000);
  });
