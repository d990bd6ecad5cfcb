/**
 * Renders message descriptors (src/core/message.ts) with a catalog of templates.
 *
 * This is the one renderer of narration: the graders and the CLI call `formatMessage`
 * (through `formatMessageIn`, src/lab/i18n), and the app's `renderMessage` picks the
 * template from its current language and fills it with `fillTemplate` — so a student and
 * the grader read the same words. Templates use i18next's `{{name}}` syntax, plain, plus one
 * format: `{{name, cents}}`, an amount in cents, spelled by `formatMoney` in the locale being
 * rendered (page, graders and CLI alike). A key missing from the
 * catalog renders as the key itself plus its
 * parameters — visible, never silently blank — and a test checks every key a model emits
 * exists in the English catalog.
 */
import { isMessage, type Message } from '../../core/message';
import { en } from './en';
import { formatMoney } from '../../core/money';

export type Catalog = Readonly<Record<string, string>>;

/** How a `{{name, format}}` value is written (the only format is `cents`). */
export type FormatValue = (value: unknown, format: string) => string;

/** Values as written in `locale`: an amount (`cents`) as its currency, anything else as is. */
export function valuesIn(locale: string): FormatValue {
  return (value, format) => (format === 'cents' && typeof value === 'number' ? formatMoney(value, locale) : String(value));
}

/** English, the CLI's and the default reports' language. */
export const plainValue: FormatValue = valuesIn('en');

/**
 * `template` with its `{{param}}`s filled; no template → the key and its params. A parameter
 * that is itself a message is rendered with `nested` (the caller's catalog), else as its key.
 */
export function fillTemplate(key: string, template: string | undefined, params: Readonly<Record<string, unknown>> = {},
  formatValue: FormatValue = plainValue, nested: (message: Message) => string = (m) => fillTemplate(m.key, undefined, m.params)): string {
  if (template === undefined) return `${key} ${JSON.stringify(params)}`;
  const text = (value: unknown) => (isMessage(value) ? nested(value) : String(value));
  return template.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (_, name: string, format: string | undefined) =>
    (name in params ? (format ? formatValue(params[name], format) : text(params[name])) : `{{${name}}}`));
}

/** `message` with `catalog`'s template; amounts spelled for `locale` (the catalog's language). */
export function formatMessage(message: Message | string, catalog: Catalog = en, locale = 'en'): string {
  if (!isMessage(message)) return message;
  return fillTemplate(message.key, catalog[message.key], message.params, valuesIn(locale), (inner) => formatMessage(inner, catalog, locale));
}
