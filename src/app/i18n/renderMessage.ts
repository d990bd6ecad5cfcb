/**
 * Renders the World's message descriptors (`{key, params}`, src/core/message.ts) in the
 * page's current language, so narration follows the language switch like the rest of the
 * page.
 *
 * i18next fills the template (`t(key, params)`, through `renderIn` of
 * src/lab/messages/render.ts, which the graders' instance uses too), so the app never words
 * a message differently from a grader: the current locale's template, else English's; a
 * parameter that is a message in the same language; a key no catalog has as the key plus
 * its parameters, never as blank text. An amount (`{{amount, cents}}`) is spelled by
 * `formatMoney` in the page's language ("$100.00", "US$100.00"), as a grader writing a
 * report in that language spells it.
 */
import type { i18n } from 'i18next';
import { useCallback } from 'react';
import type { Message } from '../../core/message';
import { DEFAULT_LOCALE } from '../../lab/i18n/locales';
import { MESSAGES_NS, renderIn } from '../../lab/messages/render';
import { usePageText } from './pageText';

/**
 * Keys shown in English because the current locale lacks them (`ja:refund.sent`): the
 * Playwright locale runs and scenarioNarration.test.ts read this to fail on fallback text a
 * student would see.
 */
export const englishFallbacks = new Set<string>();

export function renderMessage(instance: i18n, message: Message | string): string {
  const lng = instance.language;
  const noteFallback = (key: string) => {
    if (lng !== DEFAULT_LOCALE && instance.getResource(lng, MESSAGES_NS, key) === undefined && instance.getResource(DEFAULT_LOCALE, MESSAGES_NS, key) !== undefined) englishFallbacks.add(`${lng}:${key}`);
  };
  return renderIn(instance, lng, message, noteFallback);
}

/** A function that renders a descriptor in the page's current language. */
export function useRenderMessage(): (message: Message | string) => string {
  // The page's instance; `lng` changes with the language, so memoised components re-render on a switch.
  const { i18n: instance, lng } = usePageText();
  return useCallback((message: Message | string) => renderMessage(instance, message), [instance, lng]);
}
