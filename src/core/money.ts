/**
 * The one spelling of an amount. Amounts travel as integer cents of one currency (the
 * protocol's `amount_cents`); every place that puts one into text — the page, narration,
 * node lines, graders' reports — writes it here, in the reader's locale, so "10000" never
 * reaches a student as "10000¢" on one screen and "$100.00" on the next.
 */

/**
 * The labs' currency. It never follows the language: a refund of 100.00 is the same refund
 * in every locale; only its spelling does ("$100.00", "US$100.00").
 */
export const LAB_CURRENCY = 'USD';

const formats = new Map<string, Intl.NumberFormat>();

/** `cents` as currency in `locale` through Intl: 10000 → "$100.00" (en), "US$100.00" (zh-Hans). */
export function formatMoney(cents: number, locale: string, currency: string = LAB_CURRENCY): string {
  const id = `${locale}|${currency}`;
  let format = formats.get(id);
  if (!format) {
    // An unknown tag (a pseudo-locale, a typo in a report flag) still gets a currency, not a throw.
    try {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch {
      format = new Intl.NumberFormat('en', { style: 'currency', currency });
    }
    formats.set(id, format);
  }
  return format.format(cents / 100);
}
