/**
 * `virtual:lab-index`: the catalog's view of labs/ (id, title, summary, rule IDs, exercise
 * IDs), read at build time so the first page needs none of the lab files, models or
 * sql.js. A lab file that is not even JSON shows up as broken here; full validation runs
 * when the lab is opened (src/app/labsBundle.ts).
 *
 * `virtual:lab-index/<locale>`: each lab's title and summary in one language
 * (labs/<id>/strings.<locale>.json), a module of its own so it travels in that language's
 * chunk (src/app/i18n/bundles/<locale>.ts), not in the first page — together they held
 * ≈26k CJK characters. `labIndexPlugin.test.ts` fails if the English index carries them again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

export const LAB_INDEX_ID = 'virtual:lab-index';

type Watch = { addWatchFile(file: string): void };

const stringsFile = /^strings\.([\w-]+)\.json$/;

/** The English index: one entry per labs/<dir>/lab.json, in folder order. */
export function labIndexSource(labsDir: string, watch: Watch): string {
  const entries = readdirSync(labsDir).sort().flatMap((dir) => {
    const file = join(labsDir, dir, 'lab.json');
    let text: string;
    try { text = readFileSync(file, 'utf8'); } catch { return []; }
    watch.addWatchFile(file);
    try {
      const lab = JSON.parse(text) as Record<string, unknown>;
      const exercises = Array.isArray(lab.exercises) ? lab.exercises.map((e: { id?: unknown }) => ({ id: String(e?.id ?? '') })) : [];
      return [{ dir, file: join('labs', dir, 'lab.json'), id: String(lab.id ?? dir), title: String(lab.title ?? dir), summary: String(lab.summary ?? ''), spec: lab.spec ?? [], rules: lab.rules ?? [], exercises }];
    } catch (error) {
      return [{ dir, file: join('labs', dir, 'lab.json'), id: dir, title: dir, summary: '', spec: [], rules: [], exercises: [], broken: `not valid JSON: ${(error as Error).message}` }];
    }
  });
  return `export default ${JSON.stringify(entries)};`;
}

/** One locale's catalog titles and summaries, keyed by lab id (labs without a readable strings file are left out). */
export function labIndexLocaleSource(labsDir: string, locale: string, watch: Watch): string {
  const out: Record<string, { title: string; summary: string }> = {};
  for (const dir of readdirSync(labsDir).sort()) {
    let id = dir;
    try { id = String((JSON.parse(readFileSync(join(labsDir, dir, 'lab.json'), 'utf8')) as { id?: unknown }).id ?? dir); } catch { /* a broken lab keeps its folder name, as in the index */ }
    let names: string[];
    try { names = readdirSync(join(labsDir, dir)); } catch { continue; }
    const name = names.find((f) => stringsFile.exec(f)?.[1] === locale);
    if (!name) continue;
    const path = join(labsDir, dir, name);
    watch.addWatchFile(path);
    try {
      const t = JSON.parse(readFileSync(path, 'utf8')) as { title?: unknown; summary?: unknown };
      if (typeof t.title === 'string' && typeof t.summary === 'string') out[id] = { title: t.title, summary: t.summary };
    } catch { /* reported by the loader when the lab is opened */ }
  }
  return `export default ${JSON.stringify(out)};`;
}

export function labIndexPlugin(labsDir = 'labs'): Plugin {
  return {
    name: 'lab-index',
    resolveId: (source) => (source === LAB_INDEX_ID || source.startsWith(`${LAB_INDEX_ID}/`) ? `\0${source}` : null),
    load(source) {
      if (source === `\0${LAB_INDEX_ID}`) return labIndexSource(labsDir, this);
      if (source.startsWith(`\0${LAB_INDEX_ID}/`)) return labIndexLocaleSource(labsDir, source.slice(LAB_INDEX_ID.length + 2), this);
      return null;
    },
  };
}
