/**
 * Everything i18next loads, per locale: the app chrome (`app`) and the World's narration
 * (`messages`, the catalogs of src/lab/messages, shared with the graders).
 */
import type { Catalog } from '../../lab/messages/format';
import { MESSAGE_CATALOGS } from '../../lab/i18n/messageCatalogs';
import type { Locale } from '../../lab/i18n/locales';
import { app as en } from './locales/en/app';
import { app as ja } from './locales/ja/app';
import { app as zhHans } from './locales/zh-Hans/app';
import { app as zhHant } from './locales/zh-Hant/app';
import type { AppStrings } from './locales/en/app';

export const APP_CATALOGS: Readonly<Record<Locale, AppStrings>> = { en, 'zh-Hans': zhHans, 'zh-Hant': zhHant, ja };

/** A type, not an interface: i18next's `Resource` wants an index signature. */
export type LocaleResources = {
  app: AppStrings;
  messages: Catalog;
};

export const RESOURCES: Readonly<Record<Locale, LocaleResources>> = {
  en: { app: APP_CATALOGS.en, messages: MESSAGE_CATALOGS.en },
  'zh-Hans': { app: APP_CATALOGS['zh-Hans'], messages: MESSAGE_CATALOGS['zh-Hans'] },
  'zh-Hant': { app: APP_CATALOGS['zh-Hant'], messages: MESSAGE_CATALOGS['zh-Hant'] },
  ja: { app: APP_CATALOGS.ja, messages: MESSAGE_CATALOGS.ja },
};
