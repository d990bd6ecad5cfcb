/**
 * The catalog's index of the bundled labs, generated at build time (vite.config.ts,
 * `virtual:lab-index`): enough to list, describe and track progress on every lab without
 * loading any lab file, model or sql.js.
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
   * Title and summary per locale, from `labs/<id>/strings.<locale>.json` (only locales the
   * lab has a readable strings file for), so the catalog speaks the page's language without
   * loading the lab.
   */
  translations?: Partial<Record<string, { title: string; summary: string }>>;
  /** Set when the file is not even JSON. */
  broken?: string;
}

export const LAB_INDEX: readonly LabIndexEntry[] = entries;
