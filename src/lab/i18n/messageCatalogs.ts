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
import type { Locale } from './locales';

/** Each locale's own templates, without fallback. The key-parity test reads these. */
export const MESSAGE_CATALOGS: Readonly<Record<Locale, Catalog>> = {
  en,
  'zh-Hans': zhHans,
  'zh-Hant': zhHant,
  ja,
};

const withFallback = new Map<Locale, Catalog>();

/** A locale's templates over the English ones, so a key not yet translated still reads. */
export function catalogFor(locale: Locale): Catalog {
  let merged = withFallback.get(locale);
  if (!merged) {
    merged = locale === 'en' ? en : { ...en, ...MESSAGE_CATALOGS[locale] };
    withFallback.set(locale, merged);
  }
  return merged;
}

/** Renders a message descriptor (or a legacy plain string) in a locale. */
export function formatMessageIn(locale: Locale, message: Message | string): string {
  return formatMessage(message, catalogFor(locale));
}
