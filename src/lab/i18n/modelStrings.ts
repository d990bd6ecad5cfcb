/**
 * The model-side words a student reads — invariant statements, switch titles and option
 * labels — in a locale, looked up by the stable IDs the models already have (`FENCE-1`,
 * `retry_policy`, `blind_resend`). Models keep their English text (they own it and the
 * engine reports it); the catalogs in `src/lab/messages/<locale>/{invariants,switches}.json`
 * hold the same text per locale, and `modelStrings.test.ts` keeps the English copy equal to
 * the models' own.
 *
 * Every lookup takes the model's text as `fallback`: a key no catalog has (a model gained an
 * invariant yesterday) still shows the model's English, never a bare key.
 *
 * `words` is a locale (graders, the CLI) or a key → template function: the app passes its
 * i18next resources (`i18n.getResource(lng, 'messages', key)`), so the pseudo-locale and
 * anything else loaded there apply to these strings as to every other catalog string.
 */
// The registry, not messageCatalogs.ts: the catalog page reaches this file (refusals) and must not bundle every language.
import { catalogFor } from './catalogRegistry';
import type { Locale } from './locales';

export type Lookup = (key: string) => string | undefined;
export type Words = Locale | Lookup;

/** A locale's templates (English where a key is untranslated), or the given lookup. */
export function lookupOf(words: Words): Lookup {
  if (typeof words === 'function') return words;
  const catalog = catalogFor(words);
  return (key) => catalog[key];
}

export const invariantKey = (id: string): string => `invariants.${id}`;
export const switchKey = (key: string): string => `switches.${key}`;
export const optionKey = (key: string, value: string): string => `switches.${key}.${value}`;

/** An invariant's statement in `words` (the model's own text when no catalog has the ID). */
export function statementOf(id: string, words: Words, fallback: string): string {
  return lookupOf(words)(invariantKey(id)) ?? fallback;
}

/** A switch's title in `words`. */
export function switchLabel(key: string, words: Words, fallback: string): string {
  return lookupOf(words)(switchKey(key)) ?? fallback;
}

/** One option's label of a switch in `words`. */
export function optionLabel(key: string, value: string, words: Words, fallback: string): string {
  return lookupOf(words)(optionKey(key, value)) ?? fallback;
}

interface SwitchLike {
  key: string;
  label: string;
  options: readonly { value: string; label: string }[];
}

/** A switch spec with its title and option labels in `words` (values and keys unchanged). */
export function localizeSwitch<S extends SwitchLike>(spec: S, words: Words): S {
  const get = lookupOf(words);
  return {
    ...spec,
    label: switchLabel(spec.key, get, spec.label),
    options: spec.options.map((o) => ({ ...o, label: optionLabel(spec.key, o.value, get, o.label) })),
  };
}
