/**
 * The page's i18n instance: created once at boot in the detected language, remembered in
 * localStorage whenever it changes, mirrored on `<html lang>` for screen readers and CJK
 * font selection.
 */
import type { i18n } from 'i18next';
import { isLocale, type Locale } from '../../lab/i18n/locales';
import { detectLocale, LANG_STORAGE_KEY, langFromLink, withoutLang } from './detect';
import { createLabI18n } from './instance';
import { PSEUDO_LOCALE, pseudoAllowed } from './pseudo';
import { englishFallbacks } from './renderMessage';

let instance: i18n | null = null;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (privacy mode): the choice lasts for this page only
  }
}

export function initI18n(): i18n {
  if (instance) return instance;
  const { locale, from } = detectLocale({
    search: location.search,
    hash: location.hash,
    stored: storage()?.getItem(LANG_STORAGE_KEY) ?? null,
    languages: navigator.languages?.length ? navigator.languages : [navigator.language],
  });
  // The pseudo-locale (pseudo.ts) only where allowed; never remembered as a choice.
  const pseudo = langFromLink(location.search, location.hash) === PSEUDO_LOCALE && pseudoAllowed(storage());
  const stripped = withoutLang(location.search, location.hash);
  if (stripped) history.replaceState(history.state, '', `${location.pathname}${stripped.search}${stripped.hash}`);
  instance = createLabI18n(pseudo ? PSEUDO_LOCALE : locale);
  if (from === 'link' && !pseudo) storage()?.setItem(LANG_STORAGE_KEY, locale);
  document.documentElement.lang = pseudo ? PSEUDO_LOCALE : locale;
  instance.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
    if (isLocale(lng)) storage()?.setItem(LANG_STORAGE_KEY, lng);
  });
  // Read-only hook for the Playwright locale runs (e2e/i18n.spec.ts).
  (window as unknown as { durableLabI18n: unknown }).durableLabI18n = { fallbacks: () => [...englishFallbacks].sort() };
  return instance;
}

/** The current locale of the page (English before boot). */
export function currentLocale(): Locale {
  const lng = instance?.language;
  return isLocale(lng) ? lng : 'en';
}
