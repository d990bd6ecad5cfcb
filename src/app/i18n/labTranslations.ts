/**
 * The hook that shows a lab in the page's language. The per-locale lab files themselves
 * (`labs/<id>/strings.<locale>.json`, `README.<locale>.md`) are fetched with the lab they
 * belong to (labTranslationFiles.ts, used by labsBundle.ts) — not from here, which the
 * catalog page imports.
 */
import { useMemo } from 'react';
import { localizeLab } from '../../lab/i18n/labStrings';
import { isLocale } from '../../lab/i18n/locales';
import type { Lab } from '../../lab/schema';
import { usePageText } from './pageText';
import { PSEUDO_LOCALE, pseudoLab } from './pseudo';

/** The lab as a reader of the page's current language sees it (English where untranslated). */
export function useLocalizedLab(lab: Lab): Lab;
export function useLocalizedLab(lab: Lab | null | undefined): Lab | null;
export function useLocalizedLab(lab: Lab | null | undefined): Lab | null {
  const { lng } = usePageText();
  const pseudo = lng === PSEUDO_LOCALE;
  const locale = isLocale(lng) ? lng : 'en';
  // Memoised: a new object per render would re-render every memoised panel on each step.
  return useMemo(() => (!lab ? null : pseudo ? pseudoLab(lab) : locale === 'en' ? lab : localizeLab(lab, lab.translations?.[locale])), [lab, locale, pseudo]);
}
