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
  /** Set when the file is not even JSON. */
  broken?: string;
}

export const LAB_INDEX: readonly LabIndexEntry[] = entries;
