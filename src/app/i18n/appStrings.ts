/**
 * The app chrome's catalog types. `locales/en/app.json` is the source: its keys type every
 * `t()` call (i18next.d.ts) and every other locale's catalog, so a missing or misspelt key
 * fails `tsc`. Its values are plain `string` to TypeScript (a JSON import has no literal
 * types), so the `{{params}}` of each translation are checked by appParity.test.ts.
 *
 * Keys are flat and dotted (keySeparator is off), grouped by the component that shows them.
 * Plurals use i18next's suffixes (`_one`, `_other`) resolved through Intl.PluralRules;
 * every locale carries the same suffixes so the key sets stay equal.
 */
import type app from './locales/en/app.json';

export type EnglishApp = typeof app;
export type AppKey = keyof EnglishApp;
/** The shape every other locale's app catalog must have: the same keys, any text. */
export type AppStrings = { readonly [K in AppKey]: string };

/**
 * A translated catalog's type check (`ja satisfies OnlyAppKeys<typeof ja>`): English's keys
 * and no other. A JSON import is not a fresh object literal, so assigning it to
 * `AppStrings` would not notice an extra key.
 */
export type OnlyAppKeys<T> = AppStrings & { readonly [K in Exclude<keyof T, AppKey>]: never };
