/**
 * L06's LangGraph exercises are judged by the running protocol, not by a script: the
 * reproduce goal (submit re-run, two requests at the provider, one refund, CONFIRMED) is
 * reached by any schedule that makes the key dedupe a repeated send — a crash after the
 * provider answered, the stalled worker's late send — and by none where the node re-ran
 * without a second send (a crash before it, or a second worker whose epoch check refuses it)
 * or the key was off.
 * Its repair is judged by search over the exercise's environment, then by the fault-6 run.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { loadLabsFromDir } from '../nodeFiles';
import { checkExercise } from './check';

useSqlJs();

const l06 = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : [])).find((lab) => lab.id === 'L06')!;
const exercise = l06.exercises.find((e) => e.id === 'lg-rerun-deduped')!;
const scenario = (id: string) => l06.scenarios.find((s) => s.id === id)!.actions;
const attempt = async (actions: unknown[], switches?: Record<string, string>) =>
  await checkExercise(l06, exercise, { kind: 'reproduce', actions, ...(switches ? { switches } : {}) });

describe('L06 lg-rerun-deduped: the running protocol decides', () => {
  it.each([
    ['a crash after the provider answered (fault 3)', 'lg-f3-crash-before-local-save'],
    ['the stalled worker sends late (fault 6)', 'lg-f6-stall-after-check'],
  ])('reached by %s', async (_why, id) => {
    expect(await attempt(scenario(id))).toMatchObject({ pass: true, feedback: expect.stringMatching(/^Reproduced at step \d+/) });
  });

  it('not reached when the node re-ran but nothing was sent twice (crash before the send, fault 1)', async () => {
    expect((await attempt(scenario('lg-f1-crash-before-submit'))).pass).toBe(false);
  });

  it('not reached by two workers resuming the same thread (fault 5): the second one\'s epoch check refuses its send', async () => {
    expect((await attempt(scenario('lg-f5-two-workers'))).pass).toBe(false);
  });

  it('not reproduced as posed when the key is switched off (the provider books twice)', async () => {
    const verdict = await attempt(scenario('lg-f3-crash-before-local-save'), { executor: 'langgraph', recovery: 'current_node' });
    expect(verdict.pass).toBe(false);
    expect(verdict.feedback).toMatch(/recovery = current_node/);
  });

  it('the LangGraph repair: a keyless design is refused with the counterexample search found, the right one passes', async () => {
    const repair = l06.exercises.find((e) => e.id === 'lg-recovery-late-send')!;
    // Search over the exercise's environment (from the asked run with a stall armed after the
    // check) finds each keyless design broken; the right one survives it and the late-send run.
    for (const recovery of ['messages_only', 'current_node']) {
      const verdict = await checkExercise(l06, repair, { kind: 'repair', choices: { recovery } });
      expect(verdict.pass, recovery).toBe(false);
      expect(verdict.message?.key, `${recovery}: ${verdict.feedback}`).toMatch(/^feedback\.search_breaks_(one|other)$/);
    }
    expect(await checkExercise(l06, repair, { kind: 'repair', choices: { recovery: 'all_three' } })).toMatchObject({ pass: true });
  }, 120_000);

  it('a hand-written action in the attempt is refused with the executor that has it', async () => {
    const verdict = await attempt(['ask', 'submit']);
    expect(verdict.pass).toBe(false);
    expect(verdict.feedback).toContain('Only the hand-written executor has submit');
  });
});
