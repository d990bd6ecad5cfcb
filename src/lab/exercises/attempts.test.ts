/**
 * The exercise panel's use cases over the shipped labs: what each saves and which run the
 * lab view shows next. Plain data in, plain data out — no page, no engine.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLabsFromDir } from '../nodeFiles';
import { emptyProgress, type Progress } from '../progress';
import type { SessionState } from '../session';
import { recordAnswer, returnToKeptSteps, startAttempt } from './attempts';
import { LIMITS } from './records';
import type { Exercise, ExerciseInput, Verdict } from './schema';

const labs = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : []));
const l07 = labs.find((l) => l.id === 'L07')!;
const of = (kind: Exercise['kind']) => l07.exercises.find((e) => e.kind === kind)!;
const own: SessionState = { steps: ['A_acquire', 'A_write'], cursor: 2, switches: {} };
const open = { lab: l07, snapshot: own };
const verdict = (pass: boolean): Verdict => ({ pass, feedback: pass ? 'yes' : 'no', rules: [] });
const AT = '2026-01-01T00:00:00.000Z';

describe('recording a checked answer', () => {
  it('adds the attempt, keeps the student\'s own steps and shows the run the answer was judged on', () => {
    const exercise = of('predict');
    const input: ExerciseInput = { kind: 'predict', pick: 0 };
    const next = recordAnswer(emptyProgress(), open, exercise, input, verdict(false), AT);
    if ('refused' in next) throw new Error('refused');
    expect(next.progress.exercises.L07![exercise.id]!.attempts).toEqual([{ at: AT, input, verdict: verdict(false) }]);
    expect(next.progress.kept.L07).toEqual(own);
    expect(next.show?.cursor).toBe(exercise.kind === 'predict' ? exercise.start.actions.length + 1 : -1);
  });

  it('a reproduce keeps recording until it passes; its steps are the attempt, not kept aside', () => {
    const exercise = of('reproduce');
    const recording: Progress = { ...emptyProgress(), activeExercise: { lab: 'L07', exercise: exercise.id, baseCursor: 0 } };
    const input: ExerciseInput = { kind: 'reproduce', actions: own.steps };
    const failed = recordAnswer(recording, open, exercise, input, verdict(false), AT);
    const passed = recordAnswer(recording, open, exercise, input, verdict(true), AT);
    if ('refused' in failed || 'refused' in passed) throw new Error('refused');
    expect(failed.progress.activeExercise).toEqual(recording.activeExercise);
    expect(passed.progress.activeExercise).toBeNull();
    expect(passed.progress.kept).toEqual({});
  });

  it('an attempt past the record\'s limit is refused and nothing changes', () => {
    const exercise = of('predict');
    const input: ExerciseInput = { kind: 'predict', pick: 0 };
    const full: Progress = { ...emptyProgress(), exercises: { L07: { [exercise.id]: { attempts: Array.from({ length: LIMITS.attempts }, () => ({ at: AT, input, verdict: verdict(false) })) } } } };
    expect(recordAnswer(full, open, exercise, input, verdict(true), AT)).toEqual({ refused: { code: 'tooManyAttempts', params: { limit: LIMITS.attempts } } });
  });
});

describe('starting a reproduce and going back', () => {
  it('a reproduce starts from its exercise\'s start, recording from there; the steps it replaces come back', () => {
    const exercise = of('reproduce');
    if (exercise.kind !== 'reproduce') throw new Error('no reproduce');
    const started = startAttempt(emptyProgress(), open, exercise)!;
    expect(started.progress.activeExercise).toEqual({ lab: 'L07', exercise: exercise.id, baseCursor: exercise.start.actions.length });
    expect(started.show).toMatchObject({ actions: exercise.start.actions, cursor: exercise.start.actions.length });
    const back = returnToKeptSteps(started.progress, 'L07')!;
    expect(back.show).toEqual({ actions: own.steps, switches: own.switches, cursor: own.cursor });
    expect(back.progress.kept).toEqual({});
    expect(returnToKeptSteps(back.progress, 'L07')).toBeNull();
  });

  it('only a reproduce starts an attempt', () => {
    expect(startAttempt(emptyProgress(), open, of('predict'))).toBeNull();
  });
});
