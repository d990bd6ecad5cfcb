/**
 * Message catalogs by locale, for everything outside React that renders narration: the
 * graders' feedback in `--lang`, the cards CLI, tests. Importing this registers every
 * locale with the lab's i18next instance (catalogRegistry.ts); the app loads the same
 * objects into its own instance (src/app/i18n), set up alike, so both say the same words.
 */
import type { Message } from '../../core/message';
import { en } from '../messages/en';
import type { Catalog } from '../messages/render';
import { catalog as ja } from '../messages/ja';
import { catalog as zhHans } from '../messages/zh-Hans';
import { catalog as zhHant } from '../messages/zh-Hant';
import { catalogFor, formatMessage, registerMessageCatalog } from './catalogRegistry';
import type { Locale } from './locales';

/** Each locale's own templates, without fallback. The key-parity test reads these. */
export const MESSAGE_CATALOGS: Readonly<Record<Locale, Catalog>> = {
  en,
  'zh-Hans': zhHans,
  'zh-Hant': zhHant,
  ja,
};

for (const [locale, catalog] of Object.entries(MESSAGE_CATALOGS)) registerMessageCatalog(locale as Locale, catalog);

/** A locale's templates over the English ones (catalogRegistry.ts; every locale is registered above). */
export { catalogFor };

/** Renders a message descriptor (or a legacy plain string) in a locale, every locale being registered. */
export function formatMessageIn(locale: Locale, message: Message | string): string {
  return formatMessage(message, locale);
}
