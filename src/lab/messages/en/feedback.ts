/**
 * English feedback of the exercise checkers and the grader, namespace `feedback`
 * (src/lab/exercises/check.ts, repairBySearch.ts, src/lab/submission.ts). The verdict's
 * saved `feedback` text is rendered from these, so they word it exactly as before.
 * `{{label}}`, `{{explanation}}` and `{{hint}}` quote the lab's own text (translated beside
 * the lab); `{{violation}}` and `{{bounds}}` arrive as parts (messages); `{{error}}` may still be English.
 */
export const feedback = {
  'feedback.predict_right': 'Right: at step {{step}} the simulator gives {{observe}} = {{label}}. {{explanation}}',
  'feedback.predict_wrong': 'Not quite: at step {{step}} the simulator gives {{observe}} = {{label}}. {{explanation}}',
  'feedback.refusal': 'step {{step}} ({{action}}, action {{index}}) was refused: {{error}}',
  'feedback.not_replayed': 'Not reproduced: your recorded steps do not replay: {{refusal}}',
  'feedback.changed_switch': '{{key}} = {{value}} (the exercise sets {{expected}})',
  'feedback.ran_with': 'Not reproduced: you ran with {{design}}. Set it back and try again.',
  'feedback.search_not_allowed': 'Not accepted: these steps were loaded from a Search counterexample, and this exercise asks you to find the schedule yourself. Build it with the palette (the search result may guide you), then check again.',
  'feedback.ran_with_no_goal': 'Not reproduced: you ran with {{design}}, and the goal did not happen. Set it back and try again.',
  'feedback.reproduced_violation': 'Reproduced at step {{step}}: {{invariant}} broke: {{violation}}.',
  'feedback.reproduced_observed': 'Reproduced at step {{step}}: the World shows {{observed}}.',
  'feedback.not_reproduced': 'Not reproduced: after {{count}} step(s) the goal has not happened.',
  'feedback.not_reproduced_hint': 'Not reproduced: after {{count}} step(s) the goal has not happened. Hint: {{hint}}',
  'feedback.choose_value': 'Choose a value for {{switch}}.',
  'feedback.design_cannot_run': 'With this design the scenario cannot run: {{refusal}}',
  'feedback.repair_breaks': 'At step {{step}} {{invariant}} breaks ({{rule}}): {{violation}}.',
  'feedback.repair_unfinished': 'No invariant breaks, but the scenario does not finish: {{path}} is {{actual}}, not {{expected}}.',
  'feedback.repair_ok': 'Every invariant holds at every step, and the scenario ends as it should.',
  'feedback.search_breaks_one': 'Search breaks this design: {{invariant}} ({{rule}}) in {{steps}} step: {{actions}}. {{violation}} (bounds: {{bounds}})',
  'feedback.search_breaks_other': 'Search breaks this design: {{invariant}} ({{rule}}) in {{steps}} steps: {{actions}}. {{violation}} (bounds: {{bounds}})',
  'feedback.explain_saved': 'Saved ({{words}} words) for your instructor to read.',
  'feedback.explain_short': 'Write at least {{min}} words ({{words}} so far).',
  'feedback.wrong_kind': 'expected a {{expected}} answer, got {{actual}}',
  'feedback.not_attempted': 'not attempted',
  'feedback.unknown_exercise': 'no exercise {{lab}}/{{exercise}}',
  'feedback.unreplayable': 'could not be re-executed, so it is not graded: {{reason}}',
  'feedback.unknown_more': '{{count}} more exercise(s) this lab does not have (not listed one by one)',
  'feedback.practice_note': ' [first prediction decides; {{count}} later pick(s) are practice]',
} as const;
