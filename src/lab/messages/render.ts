/**
 * Message descriptors (src/core/message.ts) as text, through i18next: the one interpolator
 * of the lab's words. The page's instance (src/app/i18n/instance.ts) and the lab's own
 * (src/lab/i18n/catalogRegistry.ts: graders, cards, the CLI) are set up from here — the
 * same options, the same `cents` format, the same `renderIn` — so a student and a grader
 * read the same words.
 *
 * Templates use i18next's `{{name}}`, plain, plus one format: `{{name, cents}}`, an amount in
 * cents, spelled by `formatMoney` in the language being rendered. A key missing from the
 * catalogs renders as the key itself plus its parameters — visible, never silently blank —
 * and a test checks every key a model emits exists in the English catalog.
 */
import i18next, { type i18n, type InitOptions } from 'i18next';
import { isMessage, type Message } from '../../core/message';
import { formatMoney } from '../../core/money';

export type Catalog = Readonly<Record<string, string>>;

/** The i18next namespace of the World's narration, on every instance. */
export const MESSAGES_NS = 'messages';

/** A message (or a plain string, shown as it is) → text in some language. */
export type RenderMessage = (message: Message | string) => string;

/**
 * `{{name, cents}}`: integer cents as the lab currency in `lng` ("$100.00" in en,
 * "US$100.00" in zh-Hans; the currency never follows the language); a value that is not a
 * number is shown as it came.
 */
export function centsFormat(value: unknown, lng: string | undefined): string {
  return typeof value === 'number' ? formatMoney(value, lng ?? 'en') : String(value);
}

/** What every instance that renders lab text is set up with. */
export const TEXT_OPTIONS = {
  // Keys are flat dotted strings (`refund.sent_with_key`, `toolbar.step`).
  keySeparator: false,
  nsSeparator: false,
  interpolation: {
    // React escapes text, and graders write plain text: escaping here would show `&lt;`.
    escapeValue: false,
    // A value is never read as a template: `{{…}}` or `$t(…)` in a parameter (lab text, an
    // error someone wrote) is shown as it is, not filled or looked up.
    skipOnVariables: true,
  },
} as const satisfies InitOptions;

/** Adds the lab's formats to an initialised instance (i18next's formatter exists only then). */
export function addTextFormats(instance: i18n): void {
  instance.services.formatter?.add('cents', centsFormat);
}

/**
 * A synchronous instance holding `catalogs` (locale → templates) in `messages`, English
 * the fallback per key. Every catalog is given up front, so `t()` works as soon as this
 * returns: no backend, nothing to wait for.
 */
export function createMessageI18n(catalogs: Readonly<Record<string, Catalog>>): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    ...TEXT_OPTIONS,
    resources: Object.fromEntries(Object.entries(catalogs).map(([lng, catalog]) => [lng, { [MESSAGES_NS]: catalog }])),
    lng: 'en',
    fallbackLng: 'en',
    // `zh-Hans` must not be cut to `zh`: look up exactly the tags we ship.
    load: 'currentOnly',
    ns: [MESSAGES_NS],
    initAsync: false,
  });
  addTextFormats(instance);
  return instance;
}

/**
 * A parameter as i18next should see it. A message is rendered first, in the same language
 * (i18next would print an object); `null` is written as the word, where i18next would
 * write nothing. Numbers stay numbers for `cents`.
 */
function paramValue(instance: i18n, lng: string, value: unknown, onKey?: (key: string) => void): unknown {
  if (isMessage(value)) return renderIn(instance, lng, value, onKey);
  return value ?? String(value);
}

/**
 * `message` in `lng` from `instance`'s `messages` (English where `lng` lacks the key). The
 * parameters go in as `replace`, so one named like an i18next option (`ns`, `lng`, `count`)
 * is only ever a value. `onKey` sees every key rendered, nested ones too.
 */
export function renderIn(instance: i18n, lng: string, message: Message | string, onKey?: (key: string) => void): string {
  if (!isMessage(message)) return message;
  onKey?.(message.key);
  const params = message.params ?? {};
  if (!instance.exists(message.key, { lng, ns: MESSAGES_NS })) return `${message.key} ${JSON.stringify(params)}`;
  const replace = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, paramValue(instance, lng, value, onKey)]));
  return instance.t(message.key, { lng, ns: MESSAGES_NS, replace }) as string;
}
