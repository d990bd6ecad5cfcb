/**
 * The hook that shows a lab in the page's language. The per-locale lab files themselves
 * (`labs/<id>/strings.<locale>.json`, `README.<locale>.md`) are fetched with the lab they
 * belong to (labTranslationFiles.ts, used by labsBundle.ts) — not from here, which the
 * catalog page imports.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localizeLab } from '../../lab/i18n/labStrings';
import { isLocale } from '../../lab/i18n/locales';
import type { Lab } from '../../lab/schema';
import { PSEUDO_LOCALE, pseudoLab } from './pseudo';

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
