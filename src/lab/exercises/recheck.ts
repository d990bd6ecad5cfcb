/**
 * Saved verdicts checked again when a lab opens. Progress lives in the learner's own
 * storage, so a verdict there is only what the file says: a hand-edited `pass: true` would
 * show an exercise as done that the checker never passed (the grader recomputes every
 * verdict, the page did not). Each attempt the page's status rests on — the graded one,
 * when it claims a pass — is run through the same checker once, and the outcome is kept as
 * a `recheck` event, so it is never run twice and merges across tabs like any other event.
 */
import type { Lab } from '../schema';
import { checkExercise } from './check';
import { attemptPassed, gradedAttempt, recheckedAttempts, withEvent, type ExerciseEvent, type ExerciseRecord } from './records';

/** Yields to the page between two checks (a repair's check may run a search). */
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Per exercise, the recheck events to add (none when every status-bearing pass is confirmed). */
export async function recheckRecords(lab: Lab, records: Readonly<Record<string, ExerciseRecord>>, at: string): Promise<Record<string, ExerciseEvent[]>> {
  const out: Record<string, ExerciseEvent[]> = {};
  for (const exercise of lab.exercises) {
    let record = records[exercise.id];
    if (!record || record.attempts.length === 0) continue;
    const events: ExerciseEvent[] = [];
    // A refuted pass can make another claimed pass the graded one: check that one too.
    for (let guard = 0; guard < record.attempts.length; guard++) {
      const index = gradedAttempt(exercise.kind, record, (i) => attemptPassed(record!, i));
      if (index < 0 || !attemptPassed(record, index) || recheckedAttempts(record).has(index + 1)) break;
      await pause();
      const verdict = await checkExercise(lab, exercise, record.attempts[index]!.input);
      const event: ExerciseEvent = { type: 'recheck', at, attempt: index + 1, pass: verdict.pass === true };
      events.push(event);
      record = withEvent(record, event);
    }
    if (events.length > 0) out[exercise.id] = events;
  }
  return out;
}
