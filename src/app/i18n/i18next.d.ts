/**
 * Types every `t()` against the English catalog: an unknown app key is a type error. The
 * JSON import gives keys but not literal texts, so `{{params}}` are not typed here
 * (appParity.test.ts keeps every locale's params equal to English's). Narration keys come
 * from the World at run time, so the `messages` namespace is an open record (its parity is
 * a test, not a type).
 */
import 'i18next';
import type { Catalog } from '../../lab/messages/render';
import type { EnglishApp } from './appStrings';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'app';
    keySeparator: false;
    nsSeparator: false;
    // Our `cents` formatter (instance.ts) takes an integer number of cents.
    interpolationFormatTypeMap: { cents: number };
    resources: {
      app: EnglishApp;
      messages: Catalog;
    };
  }
}
