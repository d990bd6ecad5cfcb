/**
 * The grading run (scripts/grade.mjs). The files listed in GRADE_MANIFEST are cut into
 * batches; each batch is one test, so Playwright spreads batches over its workers (several
 * pages in parallel) and `--shard` splits them across machines. A page loads the built lab
 * once per batch and hands each file to its read-only regrade API (which re-executes every
 * attempt); each result goes to GRADE_OUT. A malformed or unreadable file is recorded as
 * such; the test passes either way so one bad file never stops the class.
 */
import { test } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface Manifest { dir: string; files: string[]; labs: string[] | null; lang?: string }

const manifest: Manifest = process.env.GRADE_MANIFEST ? JSON.parse(readFileSync(process.env.GRADE_MANIFEST, 'utf8')) : { dir: '', files: [], labs: null };
const out = process.env.GRADE_OUT ?? '';
const BATCH = Number(process.env.GRADE_BATCH ?? 10);

test.describe.configure({ mode: 'parallel' });

for (let start = 0; start < manifest.files.length; start += BATCH) {
  const batch = manifest.files.slice(start, start + BATCH);
  test(`grade ${batch[0]}${batch.length > 1 ? ` … ${batch[batch.length - 1]} (${batch.length})` : ''}`, async ({ page }) => {
    await page.goto('/');
    await page.waitForFunction(() => 'durableLab' in window);
    for (const file of batch) {
      let text: string;
      try {
        text = readFileSync(join(manifest.dir, file), 'utf8');
      } catch (error) {
        writeFileSync(join(out, file), JSON.stringify({ file, ok: false, error: `cannot read: ${String(error)}` }));
        continue;
      }
      const options = { ...(manifest.labs ? { labs: manifest.labs } : {}), ...(manifest.lang ? { lang: manifest.lang } : {}) };
      const result = await page.evaluate(([t, o]) => (window as unknown as { durableLab: { regrade(t: string, o: object): unknown } }).durableLab.regrade(t, o), [text, options] as const);
      writeFileSync(join(out, file), JSON.stringify({ file, ...(result as object) }));
    }
  });
}
