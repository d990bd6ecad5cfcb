/**
 * A saved pass is checked again when the lab opens: a hand-edited `pass: true` (a wrong
 * pick, a run that never reached the goal) ends as a failed recheck and the exercise no
 * longer shows as done; a real pass is confirmed once and never run again.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { loadLabsFromDir } from '../nodeFiles';
import type { Lab } from '../schema';
import { checkExercise } from './check';
import { recheckRecords } from './recheck';
import { exerciseStatus, withEvent, type Attempt, type ExerciseRecord } from './records';
import type { ExerciseInput, PredictExercise } from './schema';

useSqlJs();
const l07 = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : [])).find((l) => l.id === 'L07') as Lab;
const reproduce = l07.exercises.find((e) => e.id === 'overwrite')!;
const predict = l07.exercises.find((e): e is PredictExercise => e.kind === 'predict')!;
const at = '2026-11-29T10:00:00.000Z';
const attempt = async (exercise: typeof reproduce, input: ExerciseInput): Promise<Attempt> => ({ at, input, verdict: await checkExercise(l07, exercise, input) });
/** The same attempt with its verdict edited to a pass, as a learner could in storage. */
const forged = (a: Attempt): Attempt => ({ ...a, verdict: { ...a.verdict, pass: true } });
const solved: ExerciseInput = { kind: 'reproduce', actions: ['A_pause', { advance: 11 }, 'B_acquire', 'B_write', 'A_wake'] };
const unsolved: ExerciseInput = { kind: 'reproduce', actions: ['A_pause', { advance: 11 }] };

async function recheck(records: Record<string, ExerciseRecord>): Promise<Record<string, ExerciseRecord>> {
  const found = await recheckRecords(l07, records, at);
  return Object.fromEntries(Object.entries(records).map(([id, r]) => [id, (found[id] ?? []).reduce(withEvent, r)]));
}

describe('saved verdicts checked again', () => {
  it('a forged pass on a reproduce that never reached the goal is refuted: attempted, not done', async () => {
    const fake = forged(await attempt(reproduce, unsolved));
    expect(fake.verdict.pass).toBe(true);
    expect(exerciseStatus({ attempts: [fake] })).toBe('done'); // what the page showed before
    const after = await recheck({ overwrite: { attempts: [fake] } });
    expect(after.overwrite!.events).toEqual([{ type: 'recheck', at, attempt: 1, pass: false }]);
    expect(exerciseStatus(after.overwrite)).toBe('attempted');
  });

  it('a forged first prediction is refuted: missed', async () => {
    const right = await checkExercise(l07, predict, { kind: 'predict', pick: predict.answer });
    expect(right.pass).toBe(true);
    const wrongPick = predict.choices.find((c) => JSON.stringify(c.value) !== JSON.stringify(predict.answer))!.value;
    const fake = forged(await attempt(predict as never, { kind: 'predict', pick: wrongPick }));
    const after = await recheck({ [predict.id]: { attempts: [fake] } });
    expect(exerciseStatus(after[predict.id])).toBe('missed');
  });

  it('a refuted pass hands the grade to the next claimed pass, which is checked too', async () => {
    const after = await recheck({ overwrite: { attempts: [forged(await attempt(reproduce, unsolved)), await attempt(reproduce, solved)] } });
    expect(after.overwrite!.events!.map((e) => e.type === 'recheck' && [e.attempt, e.pass])).toEqual([[1, false], [2, true]]);
    expect(exerciseStatus(after.overwrite)).toBe('done');
  });

  it('a real pass is confirmed once, then never run again', async () => {
    const once = await recheck({ overwrite: { attempts: [await attempt(reproduce, solved)] } });
    expect(once.overwrite!.events).toEqual([{ type: 'recheck', at, attempt: 1, pass: true }]);
    expect(await recheckRecords(l07, once, at)).toEqual({});
    expect(exerciseStatus(once.overwrite)).toBe('done');
  });
});
