/**
 * The per-locale lab files bundled with the app (`labs/<id>/strings.<locale>.json`,
 * `labs/<id>/README.<locale>.md`), one lazy chunk each, fetched when their lab is opened
 * (labsBundle.ts): the loader checks every translation a lab has, so all of a lab's
 * languages come with it. Kept apart from labTranslations.ts (imported by the catalog
 * page) so the first chunk does not carry the table of ~80 file loaders.
 */
import type { LabTranslationFiles } from '../../lab/i18n/labStrings';
import { LOCALES, type Locale } from '../../lab/i18n/locales';

type Lazy = Record<string, () => Promise<string>>;
const stringsFiles = import.meta.glob('/labs/*/strings.*.json', { query: '?raw', import: 'default' }) as Lazy;
const readmeFiles = import.meta.glob('/labs/*/README.*.md', { query: '?raw', import: 'default' }) as Lazy;

/** What `parseLab` needs to check and attach the translations of lab `id`. */
export async function bundledTranslations(id: string): Promise<Partial<Record<Locale, LabTranslationFiles>>> {
  const out: Partial<Record<Locale, LabTranslationFiles>> = {};
  await Promise.all(LOCALES.map(async (locale) => {
    const strings = stringsFiles[`/labs/${id}/strings.${locale}.json`];
    if (!strings) return;
    const readme = readmeFiles[`/labs/${id}/README.${locale}.md`];
    out[locale] = { strings: await strings(), readme: readme ? await readme() : null };
  }));
  return out;
}
