/**
 * The model-side words a student reads — invariant statements, switch titles and option
 * labels — in a locale, looked up by the stable IDs the models already have (`FENCE-1`,
 * `retry_policy`, `blind_resend`). Models keep their English text (they own it and the
 * engine reports it); the catalogs in `src/lab/messages/<locale>/{invariants,switches}.ts`
 * hold the same text per locale, and `modelStrings.test.ts` keeps the English copy equal to
 * the models' own.
 *
 * Every lookup takes the model's text as `fallback`: a key no catalog has (a model gained an
 * invariant yesterday) still shows the model's English, never a bare key.
 */
import type { Catalog } from '../messages/format';
import { catalogFor } from './messageCatalogs';
import type { Locale } from './locales';

export const invariantKey = (id: string): string => `invariants.${id}`;
export const switchKey = (key: string): string => `switches.${key}`;
export const optionKey = (key: string, value: string): string => `switches.${key}.${value}`;

function lookup(catalog: Catalog, key: string, fallback: string): string {
  return catalog[key] ?? fallback;
}

/** An invariant's statement in `locale` (the model's own text when no catalog has the ID). */
export function statementOf(id: string, locale: Locale, fallback: string): string {
  return lookup(catalogFor(locale), invariantKey(id), fallback);
}

/** A switch's title in `locale`. */
export function switchLabel(key: string, locale: Locale, fallback: string): string {
  return lookup(catalogFor(locale), switchKey(key), fallback);
}

/** One option's label of a switch in `locale`. */
export function optionLabel(key: string, value: string, locale: Locale, fallback: string): string {
  return lookup(catalogFor(locale), optionKey(key, value), fallback);
}

interface SwitchLike {
  key: string;
  label: string;
  options: readonly { value: string; label: string }[];
}

/** A switch spec with its title and option labels in `locale` (values and keys unchanged). */
export function localizeSwitch<S extends SwitchLike>(spec: S, locale: Locale): S {
  return {
    ...spec,
    label: switchLabel(spec.key, locale, spec.label),
    options: spec.options.map((o) => ({ ...o, label: optionLabel(spec.key, o.value, locale, o.label) })),
  };
}
