/**
 * Amounts inside lab text. A lab file, its README and its translations write an amount as
 * `{{cents:30000}}` — integer cents, the unit the protocol stores — and the loader spells
 * it with formatMoney in the language of the text it sits in ("$300.00" in English and
 * Japanese, "US$300.00" in Chinese). No author or translator types a currency by hand, so
 * a prompt, a predict choice and the node line it asks about always agree. Titles and
 * summaries hold none: the catalog shows them from its index, before any lab is loaded.
 */
import { formatMoney } from '../../core/money';

/** How an amount is written, for the problem a malformed one gets. */
export const AMOUNT_FORM = '{{cents:30000}}';

/** A well-formed amount: `{{cents:N}}`, N a whole number of cents (a minus sign allowed). */
const AMOUNT = /\{\{\s*cents\s*:\s*(-?\d{1,15})\s*\}\}/g;

/** Anything that starts like an amount: left over after filling, it is a malformed one. */
const AMOUNT_START = /\{\{\s*cents\b[^}]*\}?\}?/;

/** `text` with every `{{cents:N}}` spelled as currency in `locale`. */
export function fillAmounts(text: string, locale: string): string {
  return text.includes('{{') ? text.replace(AMOUNT, (_, cents: string) => formatMoney(Number(cents), locale)) : text;
}

/** The first malformed amount in `text` (`{{cents:1.5}}`, `{{cents}}`), or null. */
export function badAmount(text: string): string | null {
  if (!text.includes('{{')) return null;
  return AMOUNT_START.exec(text.replace(AMOUNT, ''))?.[0] ?? null;
}

/**
 * Every string in a parsed JSON value with its amounts filled; the path of the first
 * malformed amount goes to `onBad` (a field like `exercises.2.prompt`).
 */
export function fillAmountsIn<T>(value: T, locale: string, onBad: (path: string, found: string) => void, path = ''): T {
  if (typeof value === 'string') {
    const bad = badAmount(value);
    if (bad !== null) onBad(path || '(whole file)', bad);
    return fillAmounts(value, locale) as T;
  }
  if (Array.isArray(value)) return value.map((item, i) => fillAmountsIn(item, locale, onBad, path ? `${path}[${i}]` : `[${i}]`)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = fillAmountsIn(item, locale, onBad, path ? `${path}.${key}` : key);
    return out as T;
  }
  return value;
}
