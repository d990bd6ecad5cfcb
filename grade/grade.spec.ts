/**
 * One test per submission file in GRADE_DIR: open the built lab, hand the file to the
 * page's read-only regrade API (which re-executes every attempt), and write the result to
 * GRADE_OUT. A malformed file is recorded as such; the test itself passes either way so one
 * bad file never stops the class.
 */
import { test } from '@playwright/test';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.GRADE_DIR ?? '';
const out = process.env.GRADE_OUT ?? '';
const files = dir ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];

for (const file of files) {
  test(`grade ${file}`, async ({ page }) => {
    let text: string;
    try {
      text = readFileSync(join(dir, file), 'utf8');
    } catch (error) {
      writeFileSync(join(out, `${file}`), JSON.stringify({ file, ok: false, error: `cannot read: ${String(error)}` }));
      return;
    }
    await page.goto('/');
    await page.waitForFunction(() => 'durableLab' in window);
    const result = await page.evaluate((t) => (window as unknown as { durableLab: { regrade(t: string): unknown } }).durableLab.regrade(t), text);
    writeFileSync(join(out, `${file}`), JSON.stringify({ file, ...(result as object) }));
  });
}
