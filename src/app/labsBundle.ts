/**
 * The labs shipped with the app: every labs/<id>/lab.json and README.md, bundled as text by
 * Vite, each lab in a chunk of its own that is fetched when the lab is opened (the catalog
 * needs only the small index from `virtual:lab-index`). Each is validated on its own (a
 * broken lab becomes an error card).
 */
import { parseLab } from '../lab/loader';
import { bundledTranslations } from './i18n/labTranslationFiles';
import type { LabLoad } from '../lab/schema';

const labFiles = import.meta.glob('/labs/*/lab.json', { query: '?raw', import: 'default' }) as Record<string, () => Promise<string>>;
const readmes = import.meta.glob('/labs/*/README.md', { query: '?raw', import: 'default' }) as Record<string, () => Promise<string>>;

export function bundledLabIds(): string[] {
  return Object.keys(labFiles).sort().map((path) => path.split('/')[2]!);
}

/** Loads and validates one bundled lab, by its folder name (which is its id). */
export async function loadBundledLab(id: string): Promise<LabLoad | null> {
  const path = `/labs/${id}/lab.json`;
  const text = labFiles[path];
  if (!text) return null;
  const readme = readmes[`/labs/${id}/README.md`];
  return parseLab(path.slice(1), await text(), readme ? await readme() : null, await bundledTranslations(id));
}

export async function loadBundledLabs(): Promise<LabLoad[]> {
  const loads = await Promise.all(bundledLabIds().map((id) => loadBundledLab(id)));
  return loads.filter((l): l is LabLoad => l !== null);
}
