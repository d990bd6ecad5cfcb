/**
 * The inspector's problems on a Japanese page, a place a ja / zh-Hans review found in
 * English: SQLite's own message may stay English after a Japanese lead-in; nothing else there
 * may hold an English sentence. The inspector runs its queries in a Web Worker, so this
 * stays in the browser (the other places: src/app/components/LabPage.test.tsx).
 */
import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from './labPage';

test.setTimeout(120_000);

// Two Latin words in a row: an English phrase (IDs, codes and SQL keywords stand alone).
const ENGLISH = /[A-Za-z]{2,} [A-Za-z]{2,}/;
const CJK = /[\u3040-\u30ff\u3400-\u9fff]/;

async function openJa(page: Page, labId: string): Promise<void> {
  await page.goto(`/?lang=ja#/lab/${labId}`);
  await expect(page.getByTestId(`lab-${labId}`)).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
}

async function runQuery(page: Page, sql: string): Promise<string> {
  // The query runs in a worker: wait for this query's message, not the one still shown from the last.
  const error = page.getByTestId('inspector-error');
  const before = (await error.count()) > 0 ? (await error.innerText()).trim() : '';
  await page.getByTestId('inspector-query').fill(sql);
  await page.getByTestId('inspector-run').click();
  await expect.poll(async () => ((await error.count()) > 0 ? (await error.innerText()).trim() : '')).not.toBe(before);
  return (await error.innerText()).trim();
}

test.describe('ja: no English sentence or raw id left in the lab panels', () => {
  let consoleErrors: string[] = [];
  test.beforeEach(async ({ page }) => { consoleErrors = watchConsole(page); });
  test.afterEach(() => { expect(consoleErrors).toEqual([]); });

  test('inspector: empty query, two statements, bad SQL and a write', async ({ page }) => {
    await openJa(page, 'L07');
    await page.getByTestId('inspector-node').selectOption('resource');
    const empty = await runQuery(page, '   ');
    expect(empty).toMatch(CJK);
    expect(empty).not.toMatch(ENGLISH);
    const several = await runQuery(page, 'SELECT 1; SELECT 2');
    expect(several).toMatch(CJK);
    expect(several).not.toMatch(ENGLISH);
    // SQLite's own words follow a Japanese lead-in that says whose they are.
    expect(await runQuery(page, 'SELEC nonsense')).toMatch(/^SQLite のエラー：.*syntax error/);
    expect(await runQuery(page, 'DELETE FROM write_log')).toMatch(/^SQLite のエラー：.*readonly/);
  });
});
