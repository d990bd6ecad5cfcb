/**
 * What the exercise panel's buttons do, as plain functions of the saved progress and the
 * open lab: record a checked answer, start a reproduce attempt, go back to the steps an
 * exercise set aside. Each returns the progress to save and the run the lab view shows
 * next; the page saves, moves its view and redraws. Checking an answer itself needs the
 * engine and lives in `checkAnswer.ts` (loaded with the lab runtime).
 */
import type { Lab } from '../schema';
import type { SessionState } from '../session';
import { withExercise, withKept, withoutKept, type Progress } from '../progress';
import { addAttempt, type RecordProblem } from './records';
import type { Exercise, ExerciseInput, Verdict } from './schema';
import { reproduceStart, scriptAfterCheck, type ViewScript } from './views';

/** The open lab as the use cases read it: its file and where its steps stand. */
export interface OpenLab { lab: Lab; snapshot: SessionState }

/** What a use case asks the page to do: save `progress`, and show `show` when there is one. */
export interface Next { progress: Progress; show: ViewScript | null }

/**
 * A checked answer recorded: the attempt added (refused, with nothing changed, when it does
 * not fit the record's limits — the same as export and grading), the student's own steps
 * kept before the check's run replaces them (a reproduce's steps are the attempt itself), a
 * passed reproduce no longer recording, and the run the check was judged on to show.
 */
export function recordAnswer(progress: Progress, open: OpenLab, exercise: Exercise, input: ExerciseInput, verdict: Verdict, at: string): Next | { refused: RecordProblem } {
  const labId = open.lab.id;
  const added = addAttempt(progress.exercises[labId]?.[exercise.id] ?? { attempts: [] }, { at, input, verdict });
  if (!added.ok) return { refused: added.problem };
  let next = withExercise(progress, labId, exercise.id, added.record);
  if (exercise.kind !== 'reproduce') next = withKept(next, open.lab, open.snapshot);
  // A reproduce that did not get there keeps recording: the student steps back or on and checks again.
  else if (verdict.pass === true) next = { ...next, activeExercise: null };
  return { progress: next, show: scriptAfterCheck(exercise, input) };
}

/** A reproduce attempt starts: the student's steps kept, recording from the exercise's start, which the view shows. */
export function startAttempt(progress: Progress, open: OpenLab, exercise: Exercise): Next | null {
  if (exercise.kind !== 'reproduce') return null;
  const kept = withKept(progress, open.lab, open.snapshot);
  return {
    progress: { ...kept, activeExercise: { lab: open.lab.id, exercise: exercise.id, baseCursor: exercise.start.actions.length } },
    show: reproduceStart(exercise),
  };
}

/** The steps an exercise or a deep link set aside, taken back out of progress to be shown; null when none are kept. */
export function returnToKeptSteps(progress: Progress, labId: string): Next | null {
  const kept = progress.kept[labId];
  if (!kept) return null;
  return {
    progress: withoutKept(progress, labId),
    show: { actions: kept.steps, switches: kept.switches, ...(kept.initial ? { initial: kept.initial } : {}), cursor: kept.cursor },
  };
}
