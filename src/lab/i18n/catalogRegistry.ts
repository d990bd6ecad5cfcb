/**
 * The message catalogs this process has, by locale, and the i18next instance that renders
 * them: English always, others once someone registers them — `messageCatalogs.ts` registers
 * every locale (graders, the CLI, tests and the lab chunk import it), the page registers a
 * language when its chunk arrives (src/app/i18n/resources.ts). Lookups by locale
 * (`modelStrings.ts`, so refusals and feedback) and `formatMessage` read from here, so the
 * catalog page can use them without bundling every language
 * (src/app/i18n/entryGraph.test.ts). A locale nobody registered reads as English.
 */
import type { i18n } from 'i18next';
import type { Message } from '../../core/message';
import { en } from '../messages/en';
import { createMessageI18n, MESSAGES_NS, renderIn, type Catalog } from '../messages/render';
import type { Locale } from './locales';

const own = new Map<Locale, Catalog>([['en', en]]);
const withFallback = new Map<Locale, Catalog>();
// Made on the first render, not at import: the catalog page imports this and may never render a message.
let instance: i18n | undefined;

export function registerMessageCatalog(locale: Locale, catalog: Catalog): void {
  if (own.get(locale) === catalog) return;
  own.set(locale, catalog);
  withFallback.delete(locale);
  if (instance) {
    // Replaced whole, so a key the new catalog lacks reads as English, as `catalogFor` has it.
    instance.removeResourceBundle(locale, MESSAGES_NS);
    instance.addResourceBundle(locale, MESSAGES_NS, catalog);
  }
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

/** The synchronous i18next instance holding every registered catalog. */
export function messageI18n(): i18n {
  instance ??= createMessageI18n(Object.fromEntries(own));
  return instance;
}

/**
 * A message descriptor (or a plain string, as it is) in `locale`, English by default: the
 * language graders, cards and the CLI print violations and refusals in.
 */
export function formatMessage(message: Message | string, locale: Locale = 'en'): string {
  return renderIn(messageI18n(), locale, message);
}
