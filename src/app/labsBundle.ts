/**
 * The labs shipped with the app: every labs/<id>/lab.json and README.md, bundled as text by
 * Vite and validated here at start-up, each on its own (a broken lab becomes an error card).
 */
import { parseLab } from '../lab/loader';
import type { LabLoad } from '../lab/schema';

const labFiles = import.meta.glob('/labs/*/lab.json', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
const readmes = import.meta.glob('/labs/*/README.md', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

export function bundledLabs(): LabLoad[] {
  return Object.keys(labFiles).sort().map((path) => {
    const readme = readmes[path.replace(/lab\.json$/, 'README.md')] ?? null;
    return parseLab(path.slice(1), labFiles[path]!, readme);
  });
}
