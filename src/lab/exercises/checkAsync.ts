/**
 * The exercise checkers for labs whose World steps asynchronously (L05: LangGraph.js). The
 * checks themselves are check.ts's plans (one verdict logic for every lab); only the runner
 * differs: every action goes through `stepAsync`, which awaits the engine inside the step.
 */
import { isAsyncModel } from '../../sim/asyncStep';
import { getModel } from '../models';
import { routeModel } from '../../sim/models/matrix/route';
import { runPlanAsync } from '../play';
import type { Lab } from '../schema';
import { checkExercise, isPlan, planExercise, predictPlan } from './check';
import { repairBySearchAsync } from './repairBySearch';
import { isAsyncSearch } from '../search';
import type { Exercise, ExerciseInput, PredictExercise, Verdict } from './schema';

/**
 * True when an exercise of the lab may run an asynchronous model (its checks must be
 * awaited): the lab's own model, or — where a switch picks the model (L06's Executor,
 * src/sim/models/matrix/route.ts) — the model any exercise's start or repair option picks.
 * (Scenarios need no such answer: the session asks the World it built.)
 */
export function isAsyncLab(lab: Lab): boolean {
  const settings: Record<string, string>[] = [{}];
  for (const exercise of lab.exercises) {
    if ('start' in exercise && exercise.start?.switches) settings.push(exercise.start.switches);
    if (exercise.kind === 'repair') {
      settings.push(exercise.solution);
      for (const option of exercise.options) for (const value of option.values) settings.push({ [option.switch]: value });
    }
  }
  return settings.some((switches) => isAsyncModel(getModel(routeModel(lab.model, { ...lab.world.switches, ...switches }))));
}

export function predictOutcomeAsync(lab: Lab, exercise: PredictExercise): Promise<unknown> {
  return runPlanAsync(lab, predictPlan(exercise));
}

/** `checkExercise` for any lab; awaits the engine for asynchronous ones. */
export async function checkExerciseAsync(lab: Lab, exercise: Exercise, input: ExerciseInput): Promise<Verdict> {
  if (!isAsyncLab(lab)) return checkExercise(lab, exercise, input);
  const check = planExercise(lab, exercise, input);
  if (!isPlan(check)) return check;
  // A repair whose choice runs an asynchronous model is judged by search here (the plan's synchronous search left it).
  if (exercise.kind === 'repair' && input.kind === 'repair' && isAsyncSearch(lab, { ...exercise.start.switches, ...input.choices })) {
    const searched = await repairBySearchAsync(lab, exercise, input.choices);
    if (searched) return searched;
  }
  return runPlanAsync(lab, check);
}
