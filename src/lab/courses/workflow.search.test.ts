/**
 * Search judges the workflow's epoch check (L05, its own starting state and default bounds).
 * The `read` design is the submit node as it was: it read the owner epoch from the shop and
 * moved the intent under what it had just read, a comparison that cannot fail. Search
 * finds the second worker of fault 5 moving an intent that another worker owns. With the
 * epoch the shop granted (`held`), search finds nothing (src/lab/designs.search.test.ts
 * judges the right configuration as a whole).
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { loadLabsFromDir } from '../nodeFiles';
import { searchLabAsync } from '../search';

useSqlJs();

const l05 = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok && l.lab.id === 'L05' ? [l.lab] : []))[0]!;

describe('the submit node\'s epoch check, judged by search', () => {
  it('a check against the epoch just read lets a worker that does not own the intent move it (LG-FENCE-1)', async () => {
    const result = await searchLabAsync(l05, { switches: { epoch_check: 'read' }, stopAtFirst: true });
    const found = result.counterexamples.find((c) => c.invariant === 'LG-FENCE-1');
    expect(found, result.boundsText).toBeDefined();
    // The approval event reaching a second worker is what lets a non-owner run submit.
    expect(found!.actions, JSON.stringify(found)).toContainEqual({ type: 'approve_to_two' });
  }, 600_000);
});
