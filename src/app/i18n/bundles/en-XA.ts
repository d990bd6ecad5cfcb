/**
 * The pseudo-locale's catalogs (pseudo.ts), made from the English ones when a test page
 * asks for `en-XA` — fetched like any other language, never part of the first chunk. No
 * titles: the catalog page marks the English titles itself on a pseudo page.
 */
import { en as enMessages } from '../../../lab/messages/en';
import enApp from '../locales/en/app.json';
import { pseudoCatalog } from '../pseudo';
import type { LocaleBundle, LocaleResources } from '../resources';

export function pseudoResources(en: LocaleResources = { app: enApp, messages: enMessages }): LocaleResources {
  return { app: pseudoCatalog(en.app) as LocaleResources['app'], messages: pseudoCatalog(en.messages) };
}

export const bundle: LocaleBundle = { ...pseudoResources(), titles: {} };
