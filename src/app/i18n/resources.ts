/**
 * What i18next loads, per locale: the app chrome (`app`) and the World's narration
 * (`messages`, the catalogs of src/lab/messages, shared with the graders).
 *
 * Only English (the fallback) is part of the first chunk. Every other language — zh-Hans,
 * zh-Hant, ja and the pseudo-locale en-XA — is a chunk of its own (`bundles/<locale>.ts`:
 * app catalog, narration, the catalog's lab titles), fetched by `loadLocaleResources` when
 * the page starts in it or switches to it. Node code and tests that want every catalog at
 * once import `allResources.ts` instead.
 */
import { registerMessageCatalog } from '../../lab/i18n/catalogRegistry';
import { isLocale } from '../../lab/i18n/locales';
import type { Catalog } from '../../lab/messages/render';
import { en as enMessages } from '../../lab/messages/en';
import { addIndexTranslations, type LabIndexTranslations } from '../labIndex';
import type { AppStrings } from './appStrings';
import enApp from './locales/en/app.json';

/** A type, not an interface: i18next's `Resource` wants an index signature. */
export type LocaleResources = {
  app: AppStrings;
  messages: Catalog;
};

/** What a language's chunk carries: its catalogs and the catalog page's lab titles. */
export type LocaleBundle = LocaleResources & { titles: LabIndexTranslations };

export const EN_RESOURCES: LocaleResources = { app: enApp, messages: enMessages };

/**
 * One dynamic import per language, so each is its own chunk (the service worker precaches
 * them all: switching language works offline). English is never fetched.
 */
const CHUNKS: Readonly<Record<string, () => Promise<{ bundle: LocaleBundle }>>> = {
  'zh-Hans': () => import('./bundles/zh-Hans'),
  'zh-Hant': () => import('./bundles/zh-Hant'),
  ja: () => import('./bundles/ja'),
  'en-XA': () => import('./bundles/en-XA'),
};

const loading = new Map<string, Promise<LocaleResources>>();

/** Whether `lng` has a chunk to fetch (English and unknown tags do not). */
export function hasLocaleChunk(lng: string): boolean {
  return lng in CHUNKS;
}

/**
 * A language's catalogs, fetched once; its lab titles are added to the catalog index
 * before this resolves, so the page never shows translated chrome beside English titles.
 * A failed fetch is forgotten (the next switch tries again).
 */
export function loadLocaleResources(lng: string): Promise<LocaleResources> {
  if (lng === 'en') return Promise.resolve(EN_RESOURCES);
  let pending = loading.get(lng);
  if (!pending) {
    const chunk = CHUNKS[lng];
    if (!chunk) return Promise.reject(new Error(`no catalogs for language ${lng}`));
    pending = chunk().then(({ bundle: { titles, ...resources } }) => {
      addIndexTranslations(lng, titles);
      // Lookups by locale outside i18next (feedback, refusals, model words) read the same catalog.
      if (isLocale(lng)) registerMessageCatalog(lng, resources.messages);
      return resources;
    });
    pending.catch(() => loading.delete(lng));
    loading.set(lng, pending);
  }
  return pending;
}
