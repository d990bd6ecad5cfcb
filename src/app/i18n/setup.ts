/**
 * The page's i18n instance: created once at boot in the detected language, remembered in
 * localStorage whenever it changes, mirrored on `<html lang>` for screen readers and CJK
 * font selection. Only English is in the first chunk: a page that starts in another
 * language fetches that language's chunk (resources.ts) and main.tsx renders once
 * `i18nReady()` resolves, so the first frame is already in the student's language.
 */
import type { i18n } from 'i18next';
import { isLocale, type Locale } from '../../lab/i18n/locales';
import { detectLocale, LANG_STORAGE_KEY, langFromLink, withoutLang } from './detect';
import { createLabI18n, whenReady } from './instance';
import { PSEUDO_LOCALE, pseudoAllowed } from './pseudo';
import { englishFallbacks } from './renderMessage';
import { loadLocaleResources } from './resources';

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
  const page = createLabI18n(pseudo ? PSEUDO_LOCALE : locale, { load: loadLocaleResources, pseudo });
  instance = page;
  if (from === 'link' && !pseudo) storage()?.setItem(LANG_STORAGE_KEY, locale);
  document.documentElement.lang = pseudo ? PSEUDO_LOCALE : locale;
  // Only changes after start-up are the student's choice (a language taken from the
  // browser is not remembered): the starting language's own event fires when its chunk arrives.
  void whenReady(page).then(() => page.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
    if (isLocale(lng)) storage()?.setItem(LANG_STORAGE_KEY, lng);
  }));
  // Read-only hook for the Playwright locale runs (e2e/i18n.spec.ts); scenarioNarration.test.ts reads the same set.
  (window as unknown as { durableLabI18n: unknown }).durableLabI18n = { fallbacks: () => [...englishFallbacks].sort() };
  return instance;
}

/** Resolves when the page's starting language is loaded (at once for English). */
export function i18nReady(): Promise<void> {
  return instance ? whenReady(instance) : Promise.resolve();
}

/** The current locale of the page (English before boot). */
export function currentLocale(): Locale {
  const lng = instance?.language;
  return isLocale(lng) ? lng : 'en';
}
