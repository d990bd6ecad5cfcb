/**
 * Types every `t()` against the English catalogs: an unknown key or a missing `{{param}}`
 * in the app chrome is a type error. Narration keys come from the World at run time, so the
 * `messages` namespace is an open record (its parity is a test, not a type).
 */
import 'i18next';
import type { Catalog } from '../../lab/messages/format';
import type { app } from './locales/en/app';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'app';
    keySeparator: false;
    nsSeparator: false;
    // Our `cents` formatter (instance.ts) takes an integer number of cents.
    interpolationFormatTypeMap: { cents: number };
    resources: {
      app: typeof app;
      messages: Catalog;
    };
  }
}
