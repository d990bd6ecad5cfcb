/**
 * An attempt's answer as a reader of a report sees it, in a language: a prediction as the
 * label of the choice picked, a design as its switches, reproduce steps as the timeline's
 * step labels, an explain answer as nothing (its text goes to answers.html whole). Pass the exercise of the localized lab
 * (`localizeLab`) so quoted labels follow the language. Bounded: a long step log is cut.
 */
import { deepMatch } from '../deepMatch';
import type { Locale } from '../i18n/locales';
import type { Lab } from '../schema';
import { actionText } from '../stepWords';
import type { Exercise, ExerciseInput } from './schema';

/** Steps shown from a reproduce attempt before "… (+N)". */
const SHOWN_STEPS = 30;

/** The switches an attempt ran under: the lab's, the exercise's start, then the student's own. */
export function attemptSwitches(lab: Lab, exercise: Exercise, input: ExerciseInput): Record<string, string> {
  const start = 'start' in exercise ? exercise.start?.switches ?? {} : {};
  const own = input.kind === 'reproduce' ? input.switches ?? {} : input.kind === 'repair' ? input.choices : {};
  return { ...lab.world.switches, ...start, ...own };
}

export function answerText(lab: Lab, exercise: Exercise, input: ExerciseInput, locale: Locale): string {
  switch (input.kind) {
    case 'predict': {
      const choice = exercise.kind === 'predict' ? exercise.choices.find((c) => deepMatch(c.value, input.pick).length === 0 && deepMatch(input.pick, c.value).length === 0) : undefined;
      return choice?.label ?? JSON.stringify(input.pick) ?? '?';
    }
    case 'repair':
      return Object.entries(input.choices).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k} = ${v}`).join(', ');
    case 'reproduce': {
      const switches = attemptSwitches(lab, exercise, input);
      const shown = input.actions.slice(0, SHOWN_STEPS).map((a) => actionText(lab, a, switches, locale));
      const more = input.actions.length - shown.length;
      return `${shown.join(' → ')}${more > 0 ? ` … (+${more})` : ''}`;
    }
    case 'explain':
      return '';
  }
}
