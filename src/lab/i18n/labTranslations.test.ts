/**
 * The translations shipped beside the labs: every lab that opted into a locale (has
 * `strings.<locale>.json`) loads with it complete, and its translated narrative keeps the
 * codes the English one cites (rule IDs, invariant IDs, result codes, action tokens in
 * backticks) — a translator changes words, never identifiers.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLabsFromDir } from '../nodeFiles';
import { LOCALES } from './locales';
import { citedCodes } from './parity';

const labsDir = resolve('labs');
const ids = readdirSync(labsDir).filter((id) => existsSync(join(labsDir, id, 'lab.json'))).sort();
const optedIn = ids.flatMap((id) => LOCALES.filter((l) => existsSync(join(labsDir, id, `strings.${l}.json`))).map((l) => [id, l] as const));

describe('lab translations', () => {
  it('every lab that opted into a locale loads with a complete translation', () => {
    const problems = loadLabsFromDir(labsDir).flatMap((load) => (load.ok ? [] : load.problems))
      .filter((p) => /strings\.|README\.[a-zA-Z-]+\.md/.test(p.file));
    expect(problems).toEqual([]);
  });

  it('every lab is translated into every locale (a lab without its strings file would load in English only)', () => {
    const wanted = ids.flatMap((id) => LOCALES.filter((l) => l !== 'en').map((l) => [id, l] as const));
    expect(ids.length).toBeGreaterThanOrEqual(14);
    expect(optedIn).toEqual(wanted);
  });

  it.each(optedIn)('%s %s keeps every code its English narrative cites', (id, locale) => {
    const english = citedCodes(readFileSync(join(labsDir, id, 'README.md'), 'utf8'));
    const translated = readFileSync(join(labsDir, id, `README.${locale}.md`), 'utf8');
    expect(english.filter((code) => !translated.includes(code))).toEqual([]);
  });

  it('the code check notices a dropped identifier', () => {
    expect(citedCodes('A write with `STALE_FENCE` breaks FENCE-1 (MWP-WRK-013).')).toEqual(['FENCE-1', 'MWP-WRK-013', 'STALE_FENCE']);
  });
});
