/**
 * An i18next instance with the lab's catalogs, formatters and options. English (the
 * fallback) is always there; other languages are either given up front (`resources`: tests,
 * Node) or fetched through `load` when the instance starts in or switches to them (the
 * page: one chunk per language, resources.ts). i18next only announces `languageChanged`
 * once the new language's catalogs are in, so a switch never shows half-translated text.
 * Options and formats come from src/lab/messages/render.ts, as the graders' instance's do.
 */
import i18next, { type BackendModule, type i18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../lab/i18n/locales';
import { addTextFormats, MESSAGES_NS, TEXT_OPTIONS } from '../../lab/messages/render';
import { PSEUDO_LOCALE } from './pseudo';
import { EN_RESOURCES, type LocaleResources } from './resources';


export interface LabI18nOptions {
  /** Catalogs present from the start, besides English (tests and Node pass every locale). */
  resources?: Partial<Record<string, LocaleResources>>;
  /** Fetches a language's catalogs the first time the instance needs them. */
  load?: (lng: string) => Promise<LocaleResources>;
  /** Offer the pseudo-locale (`en-XA`, pseudo.ts) as a language. */
  pseudo?: boolean;
}

/**
 * An i18next backend over `load` (i18next-resources-to-backend, the maintained adapter):
 * asked only for languages not given in `resources`, one namespace at a time; `load`
 * fetches a language's chunk once, so its two namespaces share one fetch.
 */
function backendOf(load: (lng: string) => Promise<LocaleResources>): BackendModule {
  return resourcesToBackend((language: string, namespace: string) =>
    load(language).then((resources) => resources[namespace as keyof LocaleResources] ?? {}));
}

/**
 * The instance in `locale`. When `locale` has to be fetched (`load`), await
 * `whenReady(instance)` before the first render, or the first frame would be English.
 */
export function createLabI18n(locale: Locale | typeof PSEUDO_LOCALE = DEFAULT_LOCALE, options: LabI18nOptions = {}): i18n {
  const instance = i18next.createInstance();
  const pseudo = options.pseudo ?? locale === PSEUDO_LOCALE;
  if (options.load) instance.use(backendOf(options.load));
  const ready = instance.use(initReactI18next).init({
    // Flat keys, no escaping (React escapes), values never read as templates.
    ...TEXT_OPTIONS,
    resources: { ...options.resources, en: EN_RESOURCES },
    // Languages missing from `resources` come from the backend; the ones present are not fetched again.
    partialBundledLanguages: true,
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: pseudo ? [...LOCALES, PSEUDO_LOCALE] : [...LOCALES],
    // `zh-Hans` must not be cut to `zh`: load exactly the tags we ship.
    load: 'currentOnly',
    lowerCaseLng: false,
    ns: ['app', MESSAGES_NS],
    defaultNS: 'app',
    // Synchronous when every needed catalog is given; otherwise the fetch runs and `ready` waits for it.
    initAsync: false,
    // A chunk that cannot be fetched (offline before the service worker has it): one quick
    // retry, then the page goes on in English rather than staying blank.
    maxRetries: 1,
    retryTimeout: 150,
  });
  readiness.set(instance, ready.then(() => undefined, () => undefined));
  addTextFormats(instance);
  return instance;
}

const readiness = new WeakMap<i18n, Promise<void>>();

/** Resolves when the instance's starting language is loaded (or failed to load: English then). */
export function whenReady(instance: i18n): Promise<void> {
  return readiness.get(instance) ?? Promise.resolve();
}
