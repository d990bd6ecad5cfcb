/**
 * The page's words for panels that re-render on every step (the step controls, the network
 * list, the observed state, rendered narration).
 *
 * react-i18next's `useTranslation` does real work on every render — it rebuilds its options
 * object, checks each namespace is loaded, builds a snapshot key and (its snapshot function
 * being new) schedules an effect — although the words change only with the language.
 * `usePageText` subscribes to `languageChanged` alone and hands back the same `t` until the
 * language changes, as `useTranslation` would on that event.
 *
 * `filled(key)` is a catalog template looked up once per language and filled by i18next's
 * own interpolator on each call — for a string rebuilt on every step, such as "step 12 / 40":
 * `t()` would resolve the key, check for plurals, nesting and post-processors each time.
 * For templates with plain `{{params}}`; a key with plural forms still goes through `t()`.
 */
import type { i18n as I18n, TFunction } from 'i18next';
import { useCallback, useContext, useSyncExternalStore } from 'react';
import { I18nContext, getI18n } from 'react-i18next';
import { DEFAULT_LOCALE } from '../../lab/i18n/locales';
import type { AppKey } from './appStrings';

export interface PageText {
  t: TFunction<'app'>;
  i18n: I18n;
  lng: string;
  /** `key`'s template in this language (English if missing), filled by i18next's interpolator. */
  filled: (key: AppKey) => (params: Readonly<Record<string, string | number>>) => string;
}

const current = new WeakMap<I18n, PageText>();

/** The instance's words in its current language, one object per language. */
export function pageTextOf(instance: I18n): PageText {
  const lng = instance.language;
  let text = current.get(instance);
  if (!text || text.lng !== lng) {
    const template = (key: string) => (instance.getResource(lng, 'app', key) ?? instance.getResource(DEFAULT_LOCALE, 'app', key)) as string | undefined;
    const t = instance.getFixedT(lng, 'app');
    text = {
      t, i18n: instance, lng,
      filled: (key) => {
        const chosen = template(key);
        // A key with plural forms (`_one`, `_other`) needs i18next to choose one; a key no
        // catalog has is shown the way `t()` shows it.
        if (chosen === undefined || template(`${key}_other`) !== undefined) return (params) => String(t(key as never, params as never));
        return (params) => instance.services.interpolator.interpolate(chosen, params, lng, {});
      },
    };
    current.set(instance, text);
  }
  return text;
}

/** The page's words; the same object until the language changes. */
export function usePageText(): PageText {
  const instance = useContext(I18nContext)?.i18n ?? getI18n();
  const subscribe = useCallback((changed: () => void) => {
    instance.on('languageChanged', changed);
    return () => instance.off('languageChanged', changed);
  }, [instance]);
  const snapshot = useCallback(() => pageTextOf(instance), [instance]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
