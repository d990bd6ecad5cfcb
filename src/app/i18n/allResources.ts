/**
 * Every language's catalogs at once, for tests and Node code. The app never imports this
 * (it fetches one language at a time, resources.ts); entryGraph.test.ts fails if the first
 * chunk's imports reach it.
 */
import type { Locale } from '../../lab/i18n/locales';
import { MESSAGE_CATALOGS } from '../../lab/i18n/messageCatalogs';
import type { AppStrings, OnlyAppKeys } from './appStrings';
import en from './locales/en/app.json';
import ja from './locales/ja/app.json';
import zhHans from './locales/zh-Hans/app.json';
import zhHant from './locales/zh-Hant/app.json';
import type { LocaleResources } from './resources';

export const APP_CATALOGS: Readonly<Record<Locale, AppStrings>> = {
  en,
  'zh-Hans': zhHans satisfies OnlyAppKeys<typeof zhHans>,
  'zh-Hant': zhHant satisfies OnlyAppKeys<typeof zhHant>,
  ja: ja satisfies OnlyAppKeys<typeof ja>,
};

export const ALL_RESOURCES: Readonly<Record<Locale, LocaleResources>> = {
  en: { app: APP_CATALOGS.en, messages: MESSAGE_CATALOGS.en },
  'zh-Hans': { app: APP_CATALOGS['zh-Hans'], messages: MESSAGE_CATALOGS['zh-Hans'] },
  'zh-Hant': { app: APP_CATALOGS['zh-Hant'], messages: MESSAGE_CATALOGS['zh-Hant'] },
  ja: { app: APP_CATALOGS.ja, messages: MESSAGE_CATALOGS.ja },
};
