/**
 * Which labs may step asynchronously (L05: LangGraph.js): every check awaits its steps either
 * way (check.ts); the answer tells tests and the grader's pool how long a lab's checks run.
 */
import { isAsyncModel } from '../../sim/asyncStep';
import { getModel } from '../models';
import { routeModel } from '../../sim/models/matrix/route';
import type { Lab } from '../schema';

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
