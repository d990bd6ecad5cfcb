/**
 * English strings of the app chrome: the source catalog. Its keys and `{{params}}` type
 * every `t()` call (see ../../i18next.d.ts) and every other locale's catalog (`AppStrings`),
 * so a missing or misspelt key fails `tsc`.
 *
 * Keys are flat and dotted (keySeparator is off), grouped by the panel that shows them.
 * Plurals use i18next's suffixes (`_one`, `_other`) resolved through Intl.PluralRules;
 * every locale carries the same suffixes so the key sets stay equal.
 */
export const app = {
  'language.label': 'Language',
  'language.changed': 'Language: {{name}}',

  'format.steps_one': '{{count}} step',
  'format.steps_other': '{{count}} steps',
  'format.ticks_one': '{{count}} tick',
  'format.ticks_other': '{{count}} ticks',
  'format.time': 't = {{t}}',
  'format.amount': '{{amount, cents}}',
} as const;

export type AppKey = keyof typeof app;
/** The shape every other locale's app catalog must have: the same keys, any text. */
export type AppStrings = { readonly [K in AppKey]: string };
