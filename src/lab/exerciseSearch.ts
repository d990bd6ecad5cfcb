/**
 * What a search is run as: the lab as it stands (its start, the toolbar's switches) or one
 * of its exercises, whose start, design and adversary's bounds then decide — so the Search
 * panel judges a repair within the same environment its Check uses (repairBySearch.ts calls
 * `repairSearchStart` too), and a reproduce search starts where the exercise starts.
 */
import type { Bounds } from '../sim/explorer/bounds';
import type { RepairExercise, ReproduceExercise } from './exercises/schema';
import { panelBounds } from './panelBounds';
import type { Lab } from './schema';
import { labBounds } from './search';

/** A search's starting point and environment, as LabSearch takes them. */
export interface SearchStart {
  switches: Record<string, string>;
  initial?: Record<string, unknown>;
  prefix: unknown[];
  bounds: Partial<Bounds>;
}

/** The exercises a search can be run as: a repair judged by search, or a reproduce. */
export type SearchableExercise = RepairExercise | ReproduceExercise;

export function searchableExercises(lab: Lab): SearchableExercise[] {
  return lab.exercises.filter((e): e is SearchableExercise => (e.kind === 'repair' && e.environment !== undefined) || e.kind === 'reproduce');
}

/** A repair's search for a choice of its options: its start, the choice over it, its environment. */
export function repairSearchStart(exercise: RepairExercise, choices: Record<string, string>): SearchStart {
  return {
    switches: { ...exercise.start.switches, ...choices },
    initial: exercise.start.initial,
    prefix: [...(exercise.environment?.prefix ?? [])],
    bounds: { ...exercise.environment?.bounds },
  };
}

/**
 * The search for `target` (an exercise id, or null for the lab as it stands) with the
 * toolbar's `switches`. A repair takes the toolbar's value for each switch it offers — the
 * design the student is trying — and its own start for the rest; a reproduce runs on its
 * own start (its switches, its state, its first steps), as its Check does.
 */
export function searchStartFor(lab: Lab, target: string | null, switches: Record<string, string>): SearchStart {
  const exercise = target === null ? undefined : searchableExercises(lab).find((e) => e.id === target);
  if (!exercise) return { switches: { ...switches }, prefix: [], bounds: {} };
  if (exercise.kind === 'repair') {
    const choices = Object.fromEntries(exercise.options.flatMap((o) => (switches[o.switch] !== undefined ? [[o.switch, switches[o.switch]!]] : [])));
    return repairSearchStart(exercise, choices);
  }
  return { switches: { ...exercise.start.switches }, initial: exercise.start.initial, prefix: [...exercise.start.actions], bounds: {} };
}

/** The bounds a panel search from `start` runs within: the model's, the panel's depth, the exercise's, the student's. */
export function panelSearchBounds(lab: Lab, start: SearchStart, student: Partial<Bounds> = {}): Bounds {
  return labBounds(lab, { ...panelBounds(lab, start.switches), ...start.bounds, ...student }, start.switches);
}
