/**
 * The language travels with the student's work: the exported submission records it, and
 * importing a file on another machine (here: a fresh page in English) switches the page to
 * it. A file from before languages existed still imports and leaves the language alone.
 */
import { expect, test } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';

test.setTimeout(150_000);

test('export records the language; importing the file restores it; an old file leaves it alone', async ({ page }, testInfo) => {
  await page.goto('/?lang=zh-Hant#/progress');
  await expect(page.getByTestId('progress-table')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('student-name').fill('Ada');
  await page.getByTestId('student-id').fill('s-1');
  const download = page.waitForEvent('download');
  await page.getByTestId('export').click();
  const exported = testInfo.outputPath('exported.json');
  await (await download).saveAs(exported);
  expect(JSON.parse(readFileSync(exported, 'utf8')).locale).toBe('zh-Hant');

  await page.getByTestId('language-switcher').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByTestId('import-input').setInputFiles(exported);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
  await expect(page.getByTestId('import-message')).toContainText('語言：繁體中文');
  expect(await page.evaluate(() => localStorage.getItem('durable-lab:lang'))).toBe('zh-Hant');

  // good.json predates languages: imported, language unchanged.
  const old = JSON.parse(readFileSync('e2e/fixtures/submissions/good.json', 'utf8')) as Record<string, unknown>;
  expect(old).not.toHaveProperty('locale');
  const oldFile = testInfo.outputPath('old.json');
  writeFileSync(oldFile, JSON.stringify(old));
  page.once('dialog', (d) => d.accept());
  await page.getByTestId('import-input').setInputFiles(oldFile);
  await expect(page.getByTestId('import-message')).toContainText('已匯入 old.json');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
});
