/**
 * The exercise checkers for labs whose World steps asynchronously (L05: LangGraph.js). The
 * checks themselves are check.ts's plans (one verdict logic for every lab); only the runner
 * differs: every action goes through `stepAsync`, which awaits the engine inside the step.
 */
import { isAsyncModel, stepAsync } from '../../sim/asyncStep';
import { getModel } from '../../sim/models';
import { World } from '../../sim/world';
import { configFor } from '../config';
import type { Lab } from '../schema';
import { checkExercise, isPlan, planExercise, predictPlan, refusal, type Plan } from './check';
import type { Exercise, ExerciseInput, PredictExercise, Verdict } from './schema';

/** True when the lab's model is asynchronous (its checks must be awaited). */
export function isAsyncLab(lab: Lab): boolean {
  return isAsyncModel(getModel(lab.model));
}

/** `runPlan` through `stepAsync`: plays a plan in a fresh World, awaiting the engine, and judges it. */
export async function runPlanAsync<T>(lab: Lab, plan: Plan<T>): Promise<T> {
  const world = World.create(configFor(lab, plan.start));
  try {
    for (const [i, action] of plan.actions.entries()) {
      const outcome = await stepAsync(world, action);
      if (!outcome.ok) return plan.judge(world, refusal(world, action, i, outcome.error));
    }
    return plan.judge(world, null);
  } finally {
    world.dispose();
  }
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
