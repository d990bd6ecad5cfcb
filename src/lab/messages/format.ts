/**
 * Renders message descriptors (src/core/message.ts) with a catalog of templates.
 *
 * Templates use i18next's `{{name}}` interpolation so the same catalogs load into the app's
 * i18n library unchanged. A key missing from the catalog renders as the key itself plus its
 * parameters — visible, never silently blank — and a test checks every key a model emits
 * exists in the English catalog.
 */
import { isMessage, type Message } from '../../core/message';
import { en } from './en';

export type Catalog = Readonly<Record<string, string>>;

export function formatMessage(message: Message | string, catalog: Catalog = en): string {
  if (!isMessage(message)) return message;
  const template = catalog[message.key];
  const params = message.params ?? {};
  if (template === undefined) return `${message.key} ${JSON.stringify(params)}`;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => (name in params ? String(params[name]) : `{{${name}}}`));
}
