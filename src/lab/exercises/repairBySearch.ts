/**
 * Search as the judge of repair exercises: a chosen design must survive every schedule
 * the exercise's environment allows (the adversary's bounds over the lab's defaults), not
 * one fixed scenario — a scenario lets through designs that only happen to survive it.
 * Runs the explorer (src/sim/explorer) from the exercise's start with the chosen switches.
 */
import type { Counterexample, ExploreResult } from '../../sim/explorer/result';
import { searchLab, unsearchable } from '../search';
import type { Lab } from '../schema';
import { fb, verdictOf } from './feedback';
import type { RepairExercise, Verdict } from './schema';

export interface RepairSearch {
  result: ExploreResult;
  counterexample: Counterexample | null;
}

/** The search for one choice, or null when the exercise declares no environment or its model has no search hooks yet. */
export function searchRepair(lab: Lab, exercise: RepairExercise, choices: Record<string, string>, now?: () => number): RepairSearch | null {
  if (!exercise.environment || unsearchable(lab.model)) return null;
  const result = searchLab(lab, {
    switches: { ...exercise.start.switches, ...choices },
    initial: exercise.start.initial,
    bounds: exercise.environment.bounds,
    stopAtFirst: true,
    now,
  });
  return { result, counterexample: result.counterexamples[0] ?? null };
}

/**
 * A failing verdict with the counterexample when search breaks the design; null when
 * search finds nothing within bounds (or cannot run), so the scenario check decides.
 */
export function repairBySearch(lab: Lab, exercise: RepairExercise, choices: Record<string, string>): Verdict | null {
  const searched = searchRepair(lab, exercise, choices);
  if (!searched?.counterexample) return null;
  const found = searched.counterexample;
  const steps = found.actions.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(', ');
  const params = { invariant: found.invariant, rule: found.rule, steps: found.steps, actions: steps, violation: found.violations[0] ?? '', bounds: searched.result.boundsText };
  return verdictOf(false, fb(found.steps === 1 ? 'feedback.search_breaks_one' : 'feedback.search_breaks_other', params), [...exercise.rules, found.rule], found.actions.length);
}
