/**
 * Why an exercise answer was not saved (records.ts `RecordProblem`), in the page's language.
 * records.ts gives only a code and its numbers, so the limit reads in the reader's language
 * and number format.
 */
import type { TFunction } from 'i18next';
import type { RecordProblem } from '../lab/exercises/records';

export function recordProblemText(problem: RecordProblem, t: TFunction<'app'>): string {
  switch (problem.code) {
    case 'answerTooLong': return t('exercises.problem.answerTooLong', problem.params);
    case 'tooManySteps': return t('exercises.tooManySteps', problem.params);
    case 'tooManyAttempts': return t('exercises.problem.tooManyAttempts', problem.params);
    case 'unsaveable': return t('exercises.problem.unsaveable', problem.params);
  }
}
