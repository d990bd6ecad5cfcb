/**
 * Search as the judge of repair exercises: a chosen design must survive every schedule
 * the exercise's environment allows (the adversary's bounds over the lab's defaults), not
 * one fixed scenario — a scenario lets through designs that only happen to survive it.
 * Runs the explorer (src/sim/explorer) from the exercise's start with the chosen switches.
 * A choice that runs an asynchronous model (L05's workflow, L06's LangGraph executor) is
 * searched with the engine awaited inside each step; a synchronous one runs at once.
 */
import type { Counterexample, ExploreResult } from '../../sim/explorer/result';
import { searchLab, unsearchable, type LabSearch } from '../search';
import type { Lab } from '../schema';
import { fb, verdictOf } from './feedback';
import { boundsMessage } from '../messages/bounds';
import { repairSearchStart } from '../exerciseSearch';
import type { RepairExercise, Verdict } from './schema';

export interface RepairSearch {
  result: ExploreResult;
  counterexample: Counterexample | null;
}

/** The search for one choice, or null when the exercise declares no environment or its model has no search hooks yet. */
function repairSearch(lab: Lab, exercise: RepairExercise, choices: Record<string, string>, now?: () => number): LabSearch | null {
  if (!exercise.environment || unsearchable(lab.model)) return null;
  return { ...repairSearchStart(exercise, choices), stopAtFirst: true, now };
}

const searched = (result: ExploreResult): RepairSearch => ({ result, counterexample: result.counterexamples[0] ?? null });

/** The search for one choice of any design; null without an environment (or for a model search cannot drive). */
export async function searchRepair(lab: Lab, exercise: RepairExercise, choices: Record<string, string>, now?: () => number): Promise<RepairSearch | null> {
  const options = repairSearch(lab, exercise, choices, now);
  return options ? searched(await searchLab(lab, options)) : null;
}

/**
 * A failing verdict with the counterexample when search breaks the design; null when
 * search finds nothing within bounds (or cannot run), so the scenario check decides.
 */
export async function repairBySearch(lab: Lab, exercise: RepairExercise, choices: Record<string, string>): Promise<Verdict | null> {
  return verdictOfSearch(exercise, await searchRepair(lab, exercise, choices));
}

function verdictOfSearch(exercise: RepairExercise, search: RepairSearch | null): Verdict | null {
  if (!search?.counterexample) return null;
  const found = search.counterexample;
  const steps = found.actions.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(', ');
  const params = { invariant: found.invariant, rule: found.rule, steps: found.steps, actions: steps };
  const first = found.violations[0];
  // The violation and the bounds are parts (messages in the reader's language); no violation quotes an empty text, as before.
  const bounds = boundsMessage(search.result.bounds, search.result.mode === 'swarm' ? search.result.runs ?? 0 : undefined);
  const message = first ? fb(found.steps === 1 ? 'feedback.search_breaks_one' : 'feedback.search_breaks_other', params, { violation: first, bounds })
    : fb(found.steps === 1 ? 'feedback.search_breaks_one' : 'feedback.search_breaks_other', { ...params, violation: '' }, { bounds });
  return verdictOf(false, message, [...exercise.rules, found.rule], found.actions.length);
}
