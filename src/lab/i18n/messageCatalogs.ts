/**
 * Message catalogs by locale, for everything outside React that renders narration: the
 * graders' feedback in `--lang`, the cards CLI, tests. The app loads the same objects into
 * i18next (src/app/i18n), so both paths say the same words.
 */
import type { Message } from '../../core/message';
import { en } from '../messages/en';
import { formatMessage, type Catalog } from '../messages/format';
import { catalog as ja } from '../messages/ja';
import { catalog as zhHans } from '../messages/zh-Hans';
import { catalog as zhHant } from '../messages/zh-Hant';
import { catalogFor, registerMessageCatalog } from './catalogRegistry';
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

/** Renders a message descriptor (or a legacy plain string) in a locale. */
export function formatMessageIn(locale: Locale, message: Message | string): string {
  return formatMessage(message, catalogFor(locale), locale);
}
