/**
 * Amounts inside lab text. A lab file, its README and its translations write an amount as
 * `{{cents:30000}}` — integer cents, the unit the protocol stores — and the loader spells
 * it with formatMoney in the language of the text it sits in ("$300.00" in English and
 * Japanese, "US$300.00" in Chinese). No author or translator types a currency by hand, so
 * a prompt, a predict choice and the node line it asks about always agree. Titles and
 * summaries hold none: the catalog shows them from its index, before any lab is loaded.
 */
import { formatMoney } from '../../core/money';
import { labProblem } from '../loaderProblems';
import type { LabProblem } from '../schema';

/** How an amount is written, for the problem a malformed one gets. */
const AMOUNT_FORM = '{{cents:30000}}';

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
 * `value` (a lab file's parsed JSON, or a README's text) with the amounts of every string
 * spelled in `locale`; each malformed amount becomes a problem of `file` naming its field
 * (`exercises[2].prompt`).
 */
export function spellAmounts<T>(value: T, locale: string, file: string, problems: LabProblem[]): T {
  return fillIn(value, locale, '', (field, found) => problems.push(labProblem(file, field, 'problems.bad_amount', { found, form: AMOUNT_FORM })));
}

function fillIn<T>(value: T, locale: string, path: string, onBad: (field: string, found: string) => void): T {
  if (typeof value === 'string') {
    const bad = badAmount(value);
    if (bad !== null) onBad(path || '(whole file)', bad);
    return fillAmounts(value, locale) as T;
  }
  if (Array.isArray(value)) return value.map((item, i) => fillIn(item, locale, `${path}[${i}]`, onBad)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = fillIn(item, locale, path ? `${path}.${key}` : key, onBad);
    return out as T;
  }
  return value;
}
