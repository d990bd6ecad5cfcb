/**
 * An i18next instance with the lab's catalogs, formatters and options. Synchronous: every
 * catalog is bundled, so the first render is already in the student's language.
 */
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../lab/i18n/locales';
import { PSEUDO_LOCALE, pseudoCatalog } from './pseudo';
import { RESOURCES } from './resources';

/**
 * Amounts in the labs are integer cents of one currency. The currency never follows the
 * language (a refund of 100.00 is the same refund in every locale); only its spelling does.
 */
export const LAB_CURRENCY = 'USD';

/** `{{amount, cents}}` → "$100.00" / "US$100.00" / "100.00美元"…, through Intl. */
export function formatCents(cents: number, locale: string, currency: string = LAB_CURRENCY): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}

/**
 * `locale` may be the pseudo-locale (`en-XA`, see pseudo.ts) when the caller allows it:
 * its catalogs are made here from the English ones.
 */
export function createLabI18n(locale: Locale | typeof PSEUDO_LOCALE = DEFAULT_LOCALE): i18n {
  const instance = i18next.createInstance();
  const pseudo = locale === PSEUDO_LOCALE;
  void instance.use(initReactI18next).init({
    resources: pseudo ? { ...RESOURCES, [PSEUDO_LOCALE]: { app: pseudoCatalog(RESOURCES.en.app), messages: pseudoCatalog(RESOURCES.en.messages) } } : RESOURCES,
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: pseudo ? [...LOCALES, PSEUDO_LOCALE] : [...LOCALES],
    // `zh-Hans` must not be cut to `zh`: load exactly the tags we ship.
    load: 'currentOnly',
    lowerCaseLng: false,
    ns: ['app', 'messages'],
    defaultNS: 'app',
    // Keys are flat dotted strings (`refund.sent_with_key`, `toolbar.step`).
    keySeparator: false,
    nsSeparator: false,
    // React escapes text; escaping here too would show `&lt;` on screen.
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  instance.services.formatter?.add('cents', (value: unknown, lng: string | undefined, options: { currency?: string }) =>
    formatCents(Number(value), lng ?? DEFAULT_LOCALE, options.currency));
  return instance;
}
