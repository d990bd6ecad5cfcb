/**
 * English words of the app's banner (the store's flash and the lab-file preview note),
 * namespace `flash`. `{{why}}` carries the reason another part gave (a parse or load error)
 * and is shown as it comes.
 */
export const flash = {
  'flash.no_lab': 'There is no lab {{id}} (or it failed to load).',
  'flash.runtime_failed': 'The lab could not start: {{why}}',
  'flash.pick_lab_json': 'Pick a lab.json (and optionally its README.md).',
  'flash.lab_file_ok': '{{file}} is valid: it opens like any other lab.',
  'flash.lab_file_bad': '{{file}} did not load: see the problems below.',
  'flash.unknown_scenario': 'This link names a scenario "{{id}}" that {{lab}} does not have; you are in the sandbox instead.',
  'flash.bad_actions': "This link's step log (actions=…) cannot be read ({{why}}); {{lab}} opens in the sandbox instead.",
  'flash.step_out_of_range': 'This link asks for step {{step}}, but its step log has {{total}} steps; you are at step {{total}}, the last one.',
  'flash.bad_switch': "This link sets {{key}}={{value}}, which does not apply ({{why}}); the lab's default is used.",
  'flash.did_not_work': 'That did not work.',
  'flash.predict_first': 'Predict first: the next step shows the answer to “{{title}}”. Make your pick under Exercises, then step on.',
  'flash.card_lab_missing': 'no lab {{lab}} is loaded',
} as const;
