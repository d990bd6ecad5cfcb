/**
 * An answer checked on a real run (L05's engine awaited inside its steps): first marked
 * with where its steps came from (a loaded Search counterexample, src/lab/exercises/views.ts)
 * and held to the record's limits, so an answer that could not be saved is not run.
 */
import type { LabSession } from '../session';
import { checkExercise } from './check';
import { inputProblem, type RecordProblem } from './records';
import type { Exercise, ExerciseInput, Verdict } from './schema';
import { withSearchOrigin, type LoadedSearch } from './views';

export async function checkAnswer(session: LabSession, exercise: Exercise, given: ExerciseInput, loaded: LoadedSearch | null): Promise<{ input: ExerciseInput; verdict: Verdict } | { refused: RecordProblem }> {
  const input = withSearchOrigin(given, session.lab.id, session.snapshot.steps, loaded);
  const refused = inputProblem(input);
  if (refused) return { refused };
  return { input, verdict: await checkExercise(session.lab, exercise, input) };
}
