/**
 * Renders the World's message descriptors (`{key, params}`, src/core/message.ts) in the
 * page's current language, so narration follows the language switch like the rest of the
 * page.
 *
 * i18next only chooses the template (the current locale's, else English's); filling it is
 * `fillTemplate` from src/lab/messages/format.ts, the renderer the graders and the CLI use,
 * so the app never words a message differently from a grader. A key no catalog has renders
 * as the key plus its parameters, never as blank text. An amount (`{{amount, cents}}`) is
 * spelled by `formatMoney` in the page's language ("$100.00", "US$100.00"), as a grader
 * writing a report in that language spells it.
 */
import type { i18n } from 'i18next';
import { useCallback } from 'react';
import { isMessage, type Message } from '../../core/message';
import { DEFAULT_LOCALE } from '../../lab/i18n/locales';
import { fillTemplate, valuesIn } from '../../lab/messages/format';
import { usePageText } from './pageText';

/**
 * Keys shown in English because the current locale lacks them (`ja:refund.sent`): the
 * Playwright locale runs and scenarioNarration.test.ts read this to fail on fallback text a
 * student would see.
 */
export const englishFallbacks = new Set<string>();

const template = (instance: i18n, lng: string, key: string) => instance.getResource(lng, 'messages', key) as string | undefined;

export function renderMessage(instance: i18n, message: Message | string): string {
  if (!isMessage(message)) return message;
  const lng = instance.language;
  const own = template(instance, lng, message.key);
  const chosen = own ?? template(instance, DEFAULT_LOCALE, message.key);
  if (own === undefined && chosen !== undefined && lng !== DEFAULT_LOCALE) englishFallbacks.add(`${lng}:${message.key}`);
  return fillTemplate(message.key, chosen, message.params, valuesIn(lng), (inner) => renderMessage(instance, inner));
}

/** A function that renders a descriptor in the page's current language. */
export function useRenderMessage(): (message: Message | string) => string {
  // The page's instance; `lng` changes with the language, so memoised components re-render on a switch.
  const { i18n: instance, lng } = usePageText();
  return useCallback((message: Message | string) => renderMessage(instance, message), [instance, lng]);
}
