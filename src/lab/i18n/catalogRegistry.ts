/**
 * The message catalogs this process has, by locale: English always, others once someone
 * registers them — `messageCatalogs.ts` registers every locale (graders, the CLI, tests and
 * the lab chunk import it), the page registers a language when its chunk arrives
 * (src/app/i18n/resources.ts). Lookups by locale (`modelStrings.ts`, so refusals and
 * feedback) read from here, so the catalog page can use them without bundling every
 * language (src/app/i18n/entryGraph.test.ts). A locale nobody registered reads as English.
 */
import { en } from '../messages/en';
import type { Catalog } from '../messages/format';
import type { Locale } from './locales';

const own = new Map<Locale, Catalog>([['en', en]]);
const withFallback = new Map<Locale, Catalog>();

export function registerMessageCatalog(locale: Locale, catalog: Catalog): void {
  if (own.get(locale) === catalog) return;
  own.set(locale, catalog);
  withFallback.delete(locale);
}

/** A locale's templates over the English ones, so a key not yet translated still reads. */
export function catalogFor(locale: Locale): Catalog {
  let merged = withFallback.get(locale);
  if (!merged) {
    const catalog = own.get(locale);
    if (!catalog) return en;
    merged = locale === 'en' ? en : { ...en, ...catalog };
    withFallback.set(locale, merged);
  }
  return merged;
}
