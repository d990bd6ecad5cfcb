/**
 * What the lab view shows around an exercise: the run a checked answer is shown on, where a
 * reproduce attempt starts, and whether an attempt's steps came from Search. Pure: the app's
 * store plays the script in the open session and saves the progress.
 */
import type { Exercise, ExerciseInput, ReproduceExercise } from './schema';

/** Steps to load into the lab view (with the switches and initial state they run under) and the step to stand on. */
export interface ViewScript {
  actions: unknown[];
  switches?: Record<string, string>;
  initial?: Record<string, unknown>;
  cursor: number;
}

type Start = { initial?: Record<string, unknown>; switches?: Record<string, string> };
const overrides = (start: Start) => ({ ...(start.initial ? { initial: start.initial } : {}), ...(start.switches ? { switches: start.switches } : {}) });

/**
 * The run a checked answer is shown on: a prediction on its start and the step it asked about,
 * standing after that step (what really happened); a repair on its story under the chosen
 * design, at the end. A reproduce or an explanation leaves the student's own steps (null).
 */
export function scriptAfterCheck(exercise: Exercise, input: ExerciseInput): ViewScript | null {
  if (exercise.kind === 'predict') {
    return { actions: [...exercise.start.actions, exercise.step], ...overrides(exercise.start), cursor: exercise.start.actions.length + 1 };
  }
  if (exercise.kind === 'repair' && input.kind === 'repair') {
    return {
      actions: exercise.actions,
      ...overrides({ initial: exercise.start.initial }),
      switches: { ...exercise.start.switches, ...input.choices },
      cursor: exercise.actions.length,
    };
  }
  return null;
}

/** Where a reproduce attempt starts recording: the exercise's start, standing at its end. */
export function reproduceStart(exercise: ReproduceExercise): ViewScript {
  return { actions: exercise.start.actions, ...overrides(exercise.start), cursor: exercise.start.actions.length };
}

/** A Search counterexample loaded into a lab: its lab, its steps (as JSON) and how many. */
export interface LoadedSearch { lab: string; actions: string; count: number }

/**
 * A reproduce input marked `origin: 'search'` when the lab's step log still begins with the
 * counterexample Search loaded into it (such an attempt is refused unless the exercise allows
 * search); any other input as given.
 */
export function withSearchOrigin(input: ExerciseInput, lab: string, steps: readonly unknown[], loaded: LoadedSearch | null): ExerciseInput {
  if (input.kind !== 'reproduce' || !loaded || loaded.lab !== lab || loaded.count === 0) return input;
  return JSON.stringify(steps.slice(0, loaded.count)) === loaded.actions ? { ...input, origin: 'search' } : input;
}
