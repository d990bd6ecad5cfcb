/**
 * Which language to start in. In order: a `lang` parameter in the link (`?lang=ja` before
 * the hash, or `#/lab/L07?lang=ja` inside it — a teacher's link decides), the student's own
 * earlier choice (localStorage), the browser's preferred languages, then English.
 */
import { DEFAULT_LOCALE, matchFirst, matchLocale, type Locale } from '../../lab/i18n/locales';

/** The app's own storage key for the chosen language (progress has its own keys). */
export const LANG_STORAGE_KEY = 'durable-lab:lang';

export interface LocaleSources {
  /** `location.search`, e.g. `?lang=zh-Hant`. */
  search?: string;
  /** `location.hash`, e.g. `#/lab/L07?scenario=late-write&lang=ja`. */
  hash?: string;
  /** What `localStorage[LANG_STORAGE_KEY]` holds. */
  stored?: string | null;
  /** `navigator.languages` (or `[navigator.language]`). */
  languages?: readonly string[];
}

export type LocaleSource = 'link' | 'stored' | 'browser' | 'default';

export function langFromLink(search = '', hash = ''): string | null {
  const fromSearch = new URLSearchParams(search.replace(/^\?/, '')).get('lang');
  if (fromSearch) return fromSearch;
  const query = hash.split('?')[1];
  return query ? new URLSearchParams(query).get('lang') : null;
}

export function detectLocale(sources: LocaleSources): { locale: Locale; from: LocaleSource } {
  const linked = matchLocale(langFromLink(sources.search, sources.hash));
  if (linked) return { locale: linked, from: 'link' };
  const stored = matchLocale(sources.stored);
  if (stored) return { locale: stored, from: 'stored' };
  const browser = matchFirst(sources.languages ?? []);
  if (browser) return { locale: browser, from: 'browser' };
  return { locale: DEFAULT_LOCALE, from: 'default' };
}

/**
 * The link without its `lang` parameter (the language has been taken and remembered; the
 * hash router reads every other parameter of a lab link as a switch). Null if there was none.
 */
export function withoutLang(search: string, hash: string): { search: string; hash: string } | null {
  const searchParams = new URLSearchParams(search.replace(/^\?/, ''));
  const [path = '', query] = hash.split('?');
  const hashParams = new URLSearchParams(query ?? '');
  if (!searchParams.has('lang') && !hashParams.has('lang')) return null;
  searchParams.delete('lang');
  hashParams.delete('lang');
  const s = searchParams.toString();
  const h = hashParams.toString();
  return { search: s ? `?${s}` : '', hash: h ? `${path}?${h}` : path };
}
