/**
 * The runs an exercise shows in the lab view, over the shipped exercises: a checked
 * prediction stands after the step it asked about, a checked repair at the end of its story
 * under the chosen design, a reproduce attempt starts at its exercise's start; steps loaded
 * from Search are marked as such only while the step log still begins with them.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLabsFromDir } from '../nodeFiles';
import type { ExerciseInput } from './schema';
import { reproduceStart, scriptAfterCheck, withSearchOrigin } from './views';

const labs = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : []));
const exercises = labs.flatMap((lab) => lab.exercises.map((exercise) => ({ lab, exercise })));

describe('the run a checked answer is shown on', () => {
  it('a prediction: its start and the step it asked about, standing after that step', () => {
    const predictions = exercises.filter(({ exercise }) => exercise.kind === 'predict');
    expect(predictions.length).toBeGreaterThan(5);
    for (const { exercise } of predictions) {
      if (exercise.kind !== 'predict') continue;
      const shown = scriptAfterCheck(exercise, { kind: 'predict', pick: 0 })!;
      expect(shown.actions).toEqual([...exercise.start.actions, exercise.step]);
      expect(shown.cursor).toBe(exercise.start.actions.length + 1);
      expect(shown.switches).toEqual(exercise.start.switches);
    }
  });

  it('a repair: its story to the end, under the design the student chose over the exercise\'s start', () => {
    const repairs = exercises.filter(({ exercise }) => exercise.kind === 'repair');
    expect(repairs.length).toBeGreaterThan(3);
    for (const { exercise } of repairs) {
      if (exercise.kind !== 'repair') continue;
      const choices = Object.fromEntries(exercise.options.map((o) => [o.switch, o.values[o.values.length - 1]!]));
      const shown = scriptAfterCheck(exercise, { kind: 'repair', choices })!;
      expect(shown.actions).toEqual(exercise.actions);
      expect(shown.cursor).toBe(exercise.actions.length);
      expect(shown.switches).toEqual({ ...exercise.start.switches, ...choices });
    }
  });

  it('a reproduce or an explanation keeps the student\'s own steps', () => {
    for (const { exercise } of exercises.filter(({ exercise }) => exercise.kind === 'reproduce' || exercise.kind === 'explain')) {
      const input: ExerciseInput = exercise.kind === 'explain' ? { kind: 'explain', text: 'x' } : { kind: 'reproduce', actions: [] };
      expect(scriptAfterCheck(exercise, input)).toBeNull();
    }
  });

  it('a reproduce attempt starts recording at the end of its exercise\'s start', () => {
    for (const { exercise } of exercises) {
      if (exercise.kind !== 'reproduce') continue;
      const start = reproduceStart(exercise);
      expect(start.actions).toEqual(exercise.start.actions);
      expect(start.cursor).toBe(exercise.start.actions.length);
    }
  });
});

describe('steps loaded from Search', () => {
  const story = [{ act: 'a' }, { act: 'b' }];
  const loaded = { lab: 'L07', actions: JSON.stringify(story), count: 2 };
  const attempt: ExerciseInput = { kind: 'reproduce', actions: [{ act: 'c' }] };

  it('mark a reproduce attempt whose step log begins with them', () => {
    expect(withSearchOrigin(attempt, 'L07', [...story, { act: 'c' }], loaded)).toEqual({ ...attempt, origin: 'search' });
  });

  it('do not mark it once the steps were changed, in another lab, with nothing loaded, or another kind of answer', () => {
    expect(withSearchOrigin(attempt, 'L07', [{ act: 'a' }, { act: 'x' }], loaded)).toBe(attempt);
    expect(withSearchOrigin(attempt, 'L01', story, loaded)).toBe(attempt);
    expect(withSearchOrigin(attempt, 'L07', story, null)).toBe(attempt);
    const pick: ExerciseInput = { kind: 'predict', pick: 1 };
    expect(withSearchOrigin(pick, 'L07', story, loaded)).toBe(pick);
  });
});
