/**
 * The exercise checkers for labs whose World steps asynchronously (L05: LangGraph.js). The
 * checks themselves are check.ts's plans (one verdict logic for every lab); only the runner
 * differs: every action goes through `stepAsync`, which awaits the engine inside the step.
 */
import { isAsyncModel } from '../../sim/asyncStep';
import { getModel } from '../../sim/models';
import { runPlanAsync } from '../play';
import type { Lab } from '../schema';
import { checkExercise, isPlan, planExercise, predictPlan } from './check';
import type { Exercise, ExerciseInput, PredictExercise, Verdict } from './schema';

/** True when the lab's model is asynchronous (its checks must be awaited). */
export function isAsyncLab(lab: Lab): boolean {
  return isAsyncModel(getModel(lab.model));
}

export function predictOutcomeAsync(lab: Lab, exercise: PredictExercise): Promise<unknown> {
  return runPlanAsync(lab, predictPlan(exercise));
}

/** `checkExercise` for any lab; awaits the engine for asynchronous ones. */
export async function checkExerciseAsync(lab: Lab, exercise: Exercise, input: ExerciseInput): Promise<Verdict> {
  if (!isAsyncLab(lab)) return checkExercise(lab, exercise, input);
  const check = planExercise(lab, exercise, input);
  return isPlan(check) ? runPlanAsync(lab, check) : check;
}
