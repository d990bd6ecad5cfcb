/**
 * Places a ja / zh-Hans review found in English or as raw ids, checked on a Japanese page:
 * the inspector's problems, the composer's bad JSON, the armed-fault line, and an exercise's
 * fixed switches and status. Engine text (SQLite's message) may stay English after a
 * Japanese lead-in; nothing else there may hold an English sentence.
 */
import { expect, test, type Page } from '@playwright/test';
import { LabPage, watchConsole } from './labPage';

test.setTimeout(120_000);

// Two Latin words in a row: an English phrase (IDs, codes and SQL keywords stand alone).
const ENGLISH = /[A-Za-z]{2,} [A-Za-z]{2,}/;
const CJK = /[\u3040-\u30ff\u3400-\u9fff]/;

async function openJa(page: Page, labId: string): Promise<LabPage> {
  await page.goto(`/?lang=ja#/lab/${labId}`);
  await expect(page.getByTestId(`lab-${labId}`)).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  return new LabPage(page);
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

/** A switch's title and its selected option as the toolbar shows them. */
async function toolbarWords(page: Page, key: string): Promise<{ title: string; option: string }> {
  return page.getByTestId(`switch-${key}`).evaluate((select: HTMLSelectElement) => ({
    title: (select.closest('label')?.firstChild?.textContent ?? '').trim(),
    option: select.selectedOptions[0]?.textContent?.trim() ?? '',
  }));
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

  test('composer: bad JSON is placed by line and column in Japanese', async ({ page }) => {
    await openJa(page, 'L09');
    await page.getByTestId('composer-payload').fill('{x');
    await page.getByTestId('composer-send').click();
    const error = (await page.getByTestId('composer-error').innerText()).trim();
    expect(error).toMatch(/^ペイロードが有効な JSON ではありません/);
    expect(error).toContain('1 行目の 2 文字目');
    expect(error).not.toMatch(ENGLISH);
  });

  test('an armed fault is named by its button', async ({ page }) => {
    const lab = await openJa(page, 'L05');
    const button = page.getByTestId('action-shop_unavailable');
    const label = (await button.innerText()).trim();
    expect(label).toMatch(CJK);
    await lab.act('shop_unavailable');
    const armed = (await page.getByTestId('armed-faults').innerText()).trim();
    expect(armed).toContain(label);
    expect(armed).not.toContain('shop_unavailable');
  });

  test('an exercise names its switches as the toolbar does, and its status in words', async ({ page }) => {
    const lab = await openJa(page, 'L07');
    await page.getByTestId('exercise-overwrite-open').click();
    await page.getByTestId('exercise-overwrite-start').click();
    const fixed = page.getByTestId('exercise-overwrite-fixed');
    const external = await toolbarWords(page, 'resource');
    expect(external.title).toMatch(CJK);
    await expect(fixed).toContainText(`${external.title}：${external.option}`);
    await expect(fixed).not.toContainText('resource = external');
    expect(await fixed.innerText()).not.toMatch(ENGLISH);
    await lab.setSwitch('resource', 'fenced');
    const fenced = await toolbarWords(page, 'resource');
    await expect(fixed).toContainText(`${fenced.title}（現在 ${fenced.option}）`);
    expect(await fixed.innerText()).not.toMatch(ENGLISH);
    // A reproduce attempt that does not reproduce leaves the exercise "attempted".
    await page.getByTestId('exercise-overwrite-check').click();
    await expect(page.getByTestId('exercise-overwrite')).toHaveAttribute('data-status', 'attempted');
    const title = (await page.getByTestId('exercise-overwrite-open').innerText()).trim();
    expect(title).not.toMatch(/…$/);
    expect(title).toContain('挑戦済み');
  });
});
