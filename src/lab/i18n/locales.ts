/**
 * The languages the lab ships in. The list lives in the lab layer because lab content
 * (lab prose, per-locale strings, message catalogs) and the graders need it as much as the
 * app does; the app re-exports it.
 *
 * Tags are BCP 47 with a script subtag for Chinese (`zh-Hans`, `zh-Hant`): the script,
 * not the region, decides which characters a student reads.
 */
export const LOCALES = ['en', 'zh-Hans', 'zh-Hant', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself, for the switcher. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
  ja: '日本語',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Regions whose Chinese is written in traditional characters when a tag names no script. */
const TRADITIONAL_REGIONS = new Set(['TW', 'HK', 'MO']);

/**
 * Maps a language tag as browsers send it (`zh-CN`, `zh-TW`, `ja-JP`, `en-GB`, `zh-Hant-HK`,
 * also `zh_tw` or `ZH-hans`) to a shipped locale, or null if none fits.
 */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const parts = tag.trim().replace(/_/g, '-').split('-').filter(Boolean);
  const language = parts[0]?.toLowerCase();
  if (language === 'en') return 'en';
  if (language === 'ja') return 'ja';
  if (language !== 'zh') return null;
  const rest = parts.slice(1);
  const script = rest.find((p) => p.length === 4)?.toLowerCase();
  if (script === 'hant') return 'zh-Hant';
  if (script === 'hans') return 'zh-Hans';
  const region = rest.find((p) => p.length === 2)?.toUpperCase();
  return region && TRADITIONAL_REGIONS.has(region) ? 'zh-Hant' : 'zh-Hans';
}

/** The first tag of a preference list (e.g. `navigator.languages`) that a shipped locale fits. */
export function matchFirst(tags: readonly (string | null | undefined)[]): Locale | null {
  for (const tag of tags) {
    const found = matchLocale(tag);
    if (found) return found;
  }
  return null;
}
