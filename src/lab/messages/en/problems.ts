/**
 * English words of lab-file problems (namespace `problems`): what the loader, the schema and
 * the translation check say about a broken lab file, shown on the lab's error card and under
 * "Check a lab file". The English is also the `message` the CLI prints (`npm run cards`,
 * the graders), so these texts are the loader's words as they were: a test renders every
 * problem of a set of broken files both ways and fails when they differ.
 *
 * `problems.schema.*` follow the schema library's own English wording (zod 4's en locale),
 * one key per issue shape; `problems.as_said` carries a text the loader did not write (a
 * model's check of its starting state or an action, or a schema message of another shape),
 * so it is shown as it comes.
 */
export const problems = {
  'problems.not_json': 'not valid JSON: {{detail}}',
  'problems.too_deep': 'nested more than {{depth}} levels deep',
  'problems.forbidden_key': 'the key "{{key}}" is not allowed (at {{path}})',
  'problems.no_readme': 'the lab has no README.md narrative',
  'problems.unknown_model': "unknown model '{{model}}' (known: {{known}})",
  'problems.unknown_switch': "unknown switch '{{key}}' (known: {{known}})",
  'problems.switch_value': "switch '{{key}}' cannot be '{{value}}' (options: {{options}})",
  'problems.duplicate_exercise': "duplicate exercise id '{{id}}'",
  'problems.duplicate_scenario': "duplicate scenario id '{{id}}'",
  'problems.as_said': '{{detail}}',
  'problems.locale_mismatch': "says '{{said}}' but the file name says '{{locale}}'",
  'problems.missing_translation': 'missing {{locale}} translation',
  'problems.stale_translation': 'the lab has no such ID (renamed or removed since this was translated?)',
  'problems.missing_narrative': 'missing {{locale}} narrative',
  'problems.bad_amount': 'an amount is written {{form}}, in whole cents; this reads {{found}}',
  'problems.schema.invalid_type': 'Invalid input: expected {{expected}}, received {{received}}',
  'problems.schema.invalid_value': 'Invalid input: expected {{value}}',
  'problems.schema.invalid_option': 'Invalid option: expected one of {{values}}',
  'problems.schema.too_small_string': 'Too small: expected string to have {{bound}} characters',
  'problems.schema.too_small_array': 'Too small: expected array to have {{bound}} items',
  'problems.schema.too_small': 'Too small: expected {{origin}} to be {{bound}}',
  'problems.schema.too_big_string': 'Too big: expected string to have {{bound}} characters',
  'problems.schema.too_big_array': 'Too big: expected array to have {{bound}} items',
  'problems.schema.too_big': 'Too big: expected {{origin}} to be {{bound}}',
  'problems.schema.pattern': 'Invalid string: must match pattern {{pattern}}',
  'problems.schema.unrecognized_key': 'Unrecognized key: {{keys}}',
  'problems.schema.unrecognized_keys': 'Unrecognized keys: {{keys}}',
  'problems.schema.invalid_input': 'Invalid input',
  'problems.schema.discriminator': 'Invalid discriminator value. Expected {{options}}',
  'problems.schema.lab_id': 'a lab ID looks like L07',
  'problems.schema.slug': 'use lowercase letters, digits and dashes',
  'problems.schema.action_required': 'an action is required',
} as const;
