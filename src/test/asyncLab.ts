/**
 * Whether any exercise of a lab runs an asynchronous model (L05's LangGraph workflow, or
 * L06 where an exercise picks its LangGraph executor): tests group labs by it, since those
 * checks take seconds each. Every check awaits its steps either way (src/lab/play.ts).
 */
import { isAsyncSearch } from '../lab/search';
import type { Lab } from '../lab/schema';

export function isAsyncLab(lab: Lab): boolean {
  const settings: Record<string, string>[] = [{}];
  for (const exercise of lab.exercises) {
    if ('start' in exercise && exercise.start?.switches) settings.push(exercise.start.switches);
    if (exercise.kind === 'repair') {
      settings.push(exercise.solution);
      for (const option of exercise.options) for (const value of option.values) settings.push({ [option.switch]: value });
    }
  }
  return settings.some((switches) => isAsyncSearch(lab, switches));
}
