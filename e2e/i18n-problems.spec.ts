/**
 * The words around the World in the student's language: a broken lab file's
 * problems, the Cards tab's result lines and amounts of money. Each is checked in Japanese
 * against the English the CLI prints, so a line that skipped the catalogs shows up here.
 */
import { expect, test } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { watchConsole } from './labPage';

test.setTimeout(150_000);

test('ja: a broken lab file\'s problem reads in Japanese, its field and file stay code', async ({ page }) => {
  const consoleErrors = watchConsole(page);
  await page.goto('/?lang=ja');
  await page.getByTestId('preview-lab-input').setInputFiles(['e2e/fixtures/broken-lab/lab.json', 'e2e/fixtures/broken-lab/README.md']);
  const card = page.getByTestId('lab-error-card');
  await expect(card).toBeVisible();
  const problem = card.locator('li[data-code="problems.schema.invalid_type"]');
  await expect(problem).toContainText('world.seed');
  await expect(problem).toContainText('入力が不正です：number が必要ですが、string でした');
  await expect(card).not.toContainText('Invalid input');
  expect(consoleErrors).toEqual([]);
});

test('ja: the Cards tab words its verdicts and a mismatch in Japanese', async ({ page }) => {
  await page.goto('/?lang=ja#/cards');
  const dir = 'labs/L07/cards';
  const files = readdirSync(dir).map((f) => join(dir, f));
  await page.getByTestId('cards-input').setInputFiles([...files, 'e2e/fixtures/cards/wrong-expectation.json', 'e2e/fixtures/cards/invalid-card.json']);
  const failed = page.locator('[data-testid="card-result"][data-pass="false"]');
  await expect(failed).toHaveCount(2);
  const wrong = failed.filter({ hasText: 'wrong-expectation.json' });
  await expect(wrong).toContainText('不合格');
  await expect(wrong).toContainText('allowed：期待値 true、実際は false');
  await expect(failed.filter({ hasText: 'invalid-card.json' })).toContainText('無効');
  await expect(page.locator('[data-testid="card-result"][data-pass="true"]').first()).toContainText('合格');
  await expect(page.locator('.card-runs')).not.toContainText(/\b(?:PASS|FAIL|INVALID|expected|got)\b/);
});
