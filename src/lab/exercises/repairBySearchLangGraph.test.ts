/**
 * Search judges repairs of asynchronous designs too (L05's LangGraph workflow): with an
 * environment declared, a wrong recovery design is refused with the counterexample search
 * found (not by the exercise's one scenario), and the right one passes.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { loadLabsFromDir } from '../nodeFiles';
import { checkExercise } from './check';
import { searchRepair } from './repairBySearch';
import type { RepairExercise } from './schema';

useSqlJs();

const L05 = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok && l.lab.id === 'L05' ? [l.lab] : []))[0]!;
const base = L05.exercises.find((e): e is RepairExercise => e.kind === 'repair' && e.id === 'repair-recovery')!;
// L05's own repair, judged by search within depth 2 from the asked run with a crash armed after the
// provider's answer: the approval and a restart refund twice in both designs without a key. (The
// approval event reaching two workers no longer does: the second worker's submit fails its epoch
// check. key_only's break is the scenario's.)
const exercise: RepairExercise = {
  ...base,
  options: [{ switch: 'recovery', values: ['messages_only', 'current_node', 'all_three'] }],
  environment: { bounds: { depth: 2 }, solutions: [], prefix: ['ask', { crash_at: 'workflow.after_provider_answer' }] },
};

describe('repair exercises of asynchronous designs, judged by search', () => {
  it('a wrong recovery design gets the counterexample search found; the right one passes', async () => {
    for (const recovery of ['messages_only', 'current_node']) {
      const verdict = await checkExercise(L05, exercise, { kind: 'repair', choices: { recovery } });
      expect(verdict.pass, recovery).toBe(false);
      // From this prefix the break may be one step away (search_breaks_one) or more (search_breaks_other).
      expect(verdict.message?.key, `${recovery}: ${verdict.feedback}`).toMatch(/^feedback\.search_breaks_(one|other)$/);
    }
    const right = await checkExercise(L05, exercise, { kind: 'repair', choices: { recovery: 'all_three' } });
    expect(right.pass, right.feedback).toBe(true);
  }, 300_000);

  it('an asynchronous design is searched with its engine awaited', async () => {
    const searched = await searchRepair(L05, exercise, { recovery: 'current_node' });
    expect(searched?.counterexample?.invariant).toBe('LG-LEDGER-1');
  }, 300_000);
});
