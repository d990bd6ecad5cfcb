/**
 * The switches a lab is about: every switch its lab.json names (the world's starting
 * switches, its scenarios', its exercises' starts, repair options and solutions) plus the
 * network switch every World has. The model may offer more; the toolbar keeps those behind
 * "more" so a lab shows only the design choices its narrative discusses.
 */
import type { Lab } from '../lab/schema';

const cache = new WeakMap<Lab, ReadonlySet<string>>();

export function declaredSwitches(lab: Lab): ReadonlySet<string> {
  const known = cache.get(lab);
  if (known) return known;
  const keys = new Set<string>(['network', ...Object.keys(lab.world.switches)]);
  for (const scenario of lab.scenarios) for (const key of Object.keys(scenario.switches ?? {})) keys.add(key);
  for (const exercise of lab.exercises) {
    if ('start' in exercise && exercise.start?.switches) for (const key of Object.keys(exercise.start.switches)) keys.add(key);
    if (exercise.kind === 'repair') {
      for (const option of exercise.options) keys.add(option.switch);
      for (const key of Object.keys(exercise.solution)) keys.add(key);
    }
  }
  cache.set(lab, keys);
  return keys;
}
