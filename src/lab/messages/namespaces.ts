/**
 * How a locale's namespace files become one catalog. English names the namespaces
 * (`en/index.ts`); every other locale passes its own JSON files through `mergeNamespaces`,
 * whose parameter type demands exactly English's namespaces, each with exactly its keys —
 * so a locale that forgets a namespace or a key, or keeps one English no longer has, fails
 * the type-check (the key-parity test in src/lab/i18n/parity.test.ts then lists the gaps by
 * name, with the `{{params}}` a translation lost).
 */
import type { Catalog } from './render';
import type { EN_NAMESPACES } from './en';

type English = typeof EN_NAMESPACES;

/** One locale's files: a text for every key of every English namespace. */
export type LocaleNamespaces = {
  readonly [N in keyof English]: Readonly<Record<keyof English[N], string>>;
};

/**
 * `never` for every namespace or key English lacks. A JSON import is not a fresh object
 * literal, so TypeScript's excess-property check never looks at it; this type does.
 */
type NothingElse<P> = {
  readonly [N in keyof P]: N extends keyof English ? { readonly [K in Exclude<keyof P[N], keyof English[N]>]: never } : never;
};

/** The flat catalog of a locale (keys are namespaced, `refund.…`, so they never collide). */
export function mergeNamespaces<P extends LocaleNamespaces>(parts: P & NothingElse<P>): Catalog {
  return Object.assign({}, ...Object.values(parts)) as Catalog;
}
