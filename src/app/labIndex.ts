/**
 * The catalog's index of the bundled labs, generated at build time (scripts/labIndexPlugin.ts,
 * `virtual:lab-index`): enough to list, describe and track progress on every lab without
 * loading any lab file, model or sql.js. English only: each language's titles and summaries
 * arrive with that language's chunk (src/app/i18n/bundles) and are added here by
 * `addIndexTranslations` before the page switches to it.
 */
import entries from 'virtual:lab-index';

export interface LabIndexEntry {
  dir: string;
  file: string;
  id: string;
  title: string;
  summary: string;
  spec: string[];
  rules: string[];
  exercises: { id: string }[];
  /**
   * Title and summary per locale (from `labs/<id>/strings.<locale>.json`), for the locales
   * loaded so far, so the catalog speaks the page's language without loading the lab.
   */
  translations?: Partial<Record<string, { title: string; summary: string }>>;
  /** Set when the file is not even JSON. */
  broken?: string;
}

/** One language's catalog words, by lab id (`virtual:lab-index/<locale>`). */
export type LabIndexTranslations = Readonly<Record<string, { title: string; summary: string }>>;

export const LAB_INDEX: readonly LabIndexEntry[] = entries;

/** Gives each indexed lab its title and summary in `locale` (called when that language's chunk arrives). */
export function addIndexTranslations(locale: string, titles: LabIndexTranslations): void {
  for (const entry of entries) {
    const words = titles[entry.id];
    if (words) entry.translations = { ...entry.translations, [locale]: words };
  }
}
