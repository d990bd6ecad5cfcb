/**
 * Renders the World's message descriptors (`{key, params}`, src/core/message.ts) through
 * i18next, so narration follows the language switch like the rest of the page.
 *
 * A key no catalog has renders as the key plus its parameters — the same visible fallback
 * as `formatMessage` — never as blank text. A key missing only in the current locale falls
 * back to English (fallbackLng).
 */
import type { i18n } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isMessage, type Message } from '../../core/message';

/**
 * Keys shown in English because the current locale lacks them (`ja:refund.sent`): the
 * Playwright locale runs read this to fail on fallback text a student would see.
 */
export const englishFallbacks = new Set<string>();

export function renderMessage(instance: i18n, message: Message | string): string {
  if (!isMessage(message)) return message;
  const params = message.params ?? {};
  if (!instance.exists(message.key, { ns: 'messages' })) return `${message.key} ${JSON.stringify(params)}`;
  const lng = instance.language;
  if (lng !== 'en' && instance.getResource(lng, 'messages', message.key) === undefined) englishFallbacks.add(`${lng}:${message.key}`);
  // Parameters go in `replace` so a parameter named like an i18next option (`ns`, `lng`,
  // `context`) is never read as one; `count` is lifted so plurals resolve.
  const count = typeof params.count === 'number' ? { count: params.count } : {};
  const t = instance.getFixedT(null, 'messages');
  return t(message.key, { replace: { ...params }, ...count });
}

/** A function that renders a descriptor in the page's current language. */
export function useRenderMessage(): (message: Message | string) => string {
  const { i18n: instance } = useTranslation('messages');
  // Depend on the language so memoised components re-render on a switch.
  const language = instance.language;
  return useCallback((message: Message | string) => renderMessage(instance, message), [instance, language]);
}
