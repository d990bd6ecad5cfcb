/**
 * The language picker for the top bar: each language named in itself. It also records the
 * page's language in progress, so an exported submission carries it and importing the file
 * elsewhere restores it (ProgressPage).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, LOCALES, isLocale } from '../../lab/i18n/locales';
import { setProgressLocale } from '../store';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('app');
  const current = isLocale(i18n.language) ? i18n.language : 'en';
  // Only when the language changes (not when progress does): an import that restores a
  // language sets progress first and switches the page after.
  useEffect(() => { setProgressLocale(current); }, [current]);
  return (
    // Pushed to the right end of the top bar; named for screen readers by aria-label.
    <label className="language-switcher" style={{ marginLeft: 'auto' }}>
      <select value={current} data-testid="language-switcher" aria-label={t('language.label')}
        onChange={(e) => { void i18n.changeLanguage(e.target.value); }}>
        {LOCALES.map((locale) => <option key={locale} value={locale} lang={locale}>{LOCALE_NAMES[locale]}</option>)}
      </select>
    </label>
  );
}
