/** Reading a lab folder's per-locale files from disk (Node only: CLI, tests, grading). */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LabTranslationFiles } from './labStrings';
import { LOCALES, type Locale } from './locales';

/** Every locale the lab in `labDir` opted into (has `strings.<locale>.json`), with its texts. */
export function readLabTranslations(labDir: string): Partial<Record<Locale, LabTranslationFiles>> {
  const out: Partial<Record<Locale, LabTranslationFiles>> = {};
  for (const locale of LOCALES) {
    const strings = join(labDir, `strings.${locale}.json`);
    if (!existsSync(strings)) continue;
    const readme = join(labDir, `README.${locale}.md`);
    out[locale] = { strings: readFileSync(strings, 'utf8'), readme: existsSync(readme) ? readFileSync(readme, 'utf8') : null };
  }
  return out;
}
