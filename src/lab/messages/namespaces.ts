/**
 * How a locale's namespace modules become one catalog. English names the namespaces
 * (`en/index.ts`); every other locale passes its own modules through `mergeNamespaces`,
 * whose parameter type demands exactly English's namespaces, each with exactly its keys —
 * so a locale that forgets a namespace, or a key, fails the type-check (the key-parity
 * test in src/lab/i18n/parity.test.ts then lists the gaps by name).
 */
import type { Catalog } from './format';
import type { EN_NAMESPACES } from './en';

/** One locale's modules: a text for every key of every English namespace. */
export type LocaleNamespaces = {
  readonly [N in keyof typeof EN_NAMESPACES]: Readonly<Record<keyof (typeof EN_NAMESPACES)[N], string>>;
};

/** The flat catalog of a locale (keys are namespaced, `refund.…`, so they never collide). */
export function mergeNamespaces(parts: LocaleNamespaces): Catalog {
  return Object.assign({}, ...Object.values(parts)) as Catalog;
}
