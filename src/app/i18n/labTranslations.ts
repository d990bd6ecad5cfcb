/**
 * The per-locale lab files bundled with the app (`labs/<id>/strings.<locale>.json`,
 * `labs/<id>/README.<locale>.md`), fetched lazily with the lab they belong to, and the hook
 * that shows a lab in the page's language.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localizeLab, type LabTranslationFiles } from '../../lab/i18n/labStrings';
import { isLocale, LOCALES, type Locale } from '../../lab/i18n/locales';
import type { Lab } from '../../lab/schema';
import { PSEUDO_LOCALE, pseudoLab } from './pseudo';

type Lazy = Record<string, () => Promise<string>>;
const stringsFiles = import.meta.glob('/labs/*/strings.*.json', { query: '?raw', import: 'default' }) as Lazy;
const readmeFiles = import.meta.glob('/labs/*/README.*.md', { query: '?raw', import: 'default' }) as Lazy;

/** What `parseLab` needs to check and attach the translations of lab `id`. */
export async function bundledTranslations(id: string): Promise<Partial<Record<Locale, LabTranslationFiles>>> {
  const out: Partial<Record<Locale, LabTranslationFiles>> = {};
  await Promise.all(LOCALES.map(async (locale) => {
    const strings = stringsFiles[`/labs/${id}/strings.${locale}.json`];
    if (!strings) return;
    const readme = readmeFiles[`/labs/${id}/README.${locale}.md`];
    out[locale] = { strings: await strings(), readme: readme ? await readme() : null };
  }));
  return out;
}

/** The lab as a reader of the page's current language sees it (English where untranslated). */
export function useLocalizedLab(lab: Lab): Lab;
export function useLocalizedLab(lab: Lab | null | undefined): Lab | null;
export function useLocalizedLab(lab: Lab | null | undefined): Lab | null {
  const { i18n } = useTranslation();
  const pseudo = i18n.language === PSEUDO_LOCALE;
  const locale = isLocale(i18n.language) ? i18n.language : 'en';
  // Memoised: a new object per render would re-render every memoised panel on each step.
  return useMemo(() => (!lab ? null : pseudo ? pseudoLab(lab) : locale === 'en' ? lab : localizeLab(lab, lab.translations?.[locale])), [lab, locale, pseudo]);
}
