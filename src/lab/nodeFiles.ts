/**
 * Reading labs and cards from disk, for Node only (the cards CLI, tests, grading).
 * The browser bundles labs with Vite instead (src/app/labsBundle.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { readLabTranslations } from './i18n/nodeTranslations';
import { parseLab } from './loader';
import type { LabLoad } from './schema';

/** Loads every `<dir>/<id>/lab.json` under `labsDir`, each on its own. */
export function loadLabsFromDir(labsDir: string, root = process.cwd()): LabLoad[] {
  if (!existsSync(labsDir)) return [];
  return readdirSync(labsDir).sort().flatMap((name) => {
    const labPath = join(labsDir, name, 'lab.json');
    if (!existsSync(labPath)) return [];
    const readmePath = join(labsDir, name, 'README.md');
    const readme = existsSync(readmePath) ? readFileSync(readmePath, 'utf8') : null;
    return [parseLab(relative(root, labPath), readFileSync(labPath, 'utf8'), readme, readLabTranslations(join(labsDir, name)))];
  });
}

/** A lab's per-locale strings (`strings.ja.json`, src/lab/i18n/labStrings.ts): lab content, not a card. */
const LAB_STRINGS = /(^|[\\/])strings\.[A-Za-z-]+\.json$/;

/**
 * Every card file named by `paths`: files as given, folders searched for `*.json` except
 * lab.json and strings.<locale>.json. Inside a lab's own folder (one holding lab.json) only
 * its `cards/` folder holds cards: the rest is lab content (translations, generated
 * reports such as L05's comparison.json).
 */
export function findCardFiles(paths: string[]): string[] {
  const out: string[] = [];
  // A file named on the command line is a card, whatever its name; a folder's own lab.json
  // and strings files are lab content (a name merely ending in "lab.json" is not).
  const walk = (path: string, named = false) => {
    const stat = statSync(path);
    if (stat.isDirectory()) {
      if (existsSync(join(path, 'lab.json'))) {
        if (existsSync(join(path, 'cards'))) walk(join(path, 'cards'));
        return;
      }
      for (const name of readdirSync(path).sort()) {
        if (name === 'node_modules' || name.startsWith('.')) continue;
        walk(join(path, name));
      }
    } else if (named || (path.endsWith('.json') && basename(path) !== 'lab.json' && !LAB_STRINGS.test(path))) {
      out.push(path);
    }
  };
  for (const path of paths) walk(path, true);
  return out;
}
