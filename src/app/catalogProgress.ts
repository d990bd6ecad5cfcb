/**
 * Progress as the catalog shows it: per lab, how many exercises are done and whether it
 * was started, and which lab comes next. Read from the saved Progress (src/lab/progress.ts)
 * and each exercise's status (src/lab/exercises/records.ts); nothing here writes.
 */
import { exerciseStatus } from '../lab/exercises/records';
import type { Progress } from '../lab/progress';

export type LabState = 'new' | 'attempted' | 'done';

export interface LabProgress {
  state: LabState;
  /** Exercises answered correctly. */
  done: number;
  /** Exercises finished one way or the other (a missed prediction counts as finished). */
  finished: number;
  total: number;
}

export interface LabLike { id: string; exercises: { id: string }[] }

export function labProgress(lab: LabLike, progress: Progress): LabProgress {
  const records = progress.exercises[lab.id] ?? {};
  const statuses = lab.exercises.map((e) => exerciseStatus(records[e.id]));
  const done = statuses.filter((s) => s === 'done').length;
  const finished = statuses.filter((s) => s !== 'new' && s !== 'attempted').length;
  const touched = statuses.some((s) => s !== 'new') || (progress.labs[lab.id]?.steps.length ?? 0) > 0;
  const total = lab.exercises.length;
  const state: LabState = total > 0 && finished === total ? 'done' : touched ? 'attempted' : 'new';
  return { state, done, finished, total };
}

/** The lab to do next: the one in progress if it is not done, else the first not done. */
export function nextLab<L extends LabLike>(labs: readonly L[], progress: Progress): L | null {
  const open = labs.find((l) => l.id === progress.currentLab);
  if (open && labProgress(open, progress).state !== 'done') return open;
  return labs.find((l) => labProgress(l, progress).state === 'attempted') ?? labs.find((l) => labProgress(l, progress).state === 'new') ?? null;
}
