/**
 * The catalog's "Check a lab file": only the latest check is shown, an error
 * card there says to pick the file again (a reload does not re-read it), and a checked file
 * that carries a course lab's ID is marked as a preview on the lab page, with the way back
 * to the course's lab. Also the catalog card's missed count, joined in the page's language.
 */
import { expect, test } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { LabPage, watchConsole } from './labPage';

test('checking files: the latest result only; a checked L07 opens as a marked preview with the way back', async ({ page }, testInfo) => {
  const consoleErrors = watchConsole(page);
  const valid = readFileSync('labs/L07/lab.json', 'utf8');
  const dir = testInfo.outputPath('');
  const broken = `${dir}/broken/lab.json`;
  const badField = `${dir}/badfield/lab.json`;
  const good = `${dir}/good/lab.json`;
  for (const [file, text] of [[broken, valid.slice(0, 200)], [badField, JSON.stringify({ ...JSON.parse(valid), world: { ...JSON.parse(valid).world, seed: 'seven' } })], [good, valid]] as const) {
    mkdirSync(file.replace(/\/lab\.json$/, ''), { recursive: true });
    writeFileSync(file, text);
  }
  await page.goto('/');
  const result = page.getByTestId('preview-result');
  const input = page.getByTestId('preview-lab-input');

  await input.setInputFiles(broken);
  await expect(result.getByTestId('lab-error-card')).toHaveCount(1);
  await expect(result.getByTestId('lab-error-card')).toContainText('Fix the file and pick it again');
  await expect(result.getByTestId('lab-error-card')).not.toContainText('reload');
  await input.setInputFiles(badField);
  await expect(result.getByTestId('lab-error-card')).toContainText('world.seed');
  await expect(result.getByTestId('lab-error-card')).toHaveCount(1);
  await input.setInputFiles(good);
  await expect(result).toContainText('lab.json');
  await expect(result.getByTestId('lab-error-card')).toHaveCount(0);
  await expect(result.locator('.lab-card')).toHaveCount(1);

  // The checked L07 opens on L07's route: marked as the picked file, with the way back.
  await result.getByTestId('open-L07').click();
  await expect(page.getByTestId('lab-L07')).toBeVisible({ timeout: 45_000 });
  const banner = page.getByTestId('lab-preview-banner');
  await expect(banner).toContainText('Preview of lab.json, the lab file you picked');
  await expect(page.getByTestId('lab-L07')).toContainText('(no README.md was picked)');
  await banner.getByTestId('lab-preview-close').click();
  await expect(page.getByTestId('lab-L07')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('lab-L07')).not.toContainText('(no README.md was picked)');
  // A course lab opened the usual way carries no banner.
  await new LabPage(page).open('L01');
  await expect(page.getByTestId('lab-preview-banner')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('the catalog card joins the missed count in the page\'s language', async ({ page }) => {
  await new LabPage(page).open('L07');
  await page.getByTestId('exercise-late-write-open').click();
  await page.getByTestId('exercise-late-write-choice-0').check(); // wrong: a missed exercise
  await page.getByTestId('exercise-late-write-check').click();
  await expect(page.getByTestId('exercise-late-write-verdict')).toHaveAttribute('data-pass', 'false');
  const expected = { en: '0 / 4 exercises right, 1 missed', ja: '演習 0 / 4 正解、1 問不正解', 'zh-Hans': '练习答对 0 / 4，答错 1 题', 'zh-Hant': '練習答對 0 / 4，答錯 1 題' };
  for (const [lang, text] of Object.entries(expected)) {
    await page.goto(`/?lang=${lang}#/`);
    await expect(page.getByTestId('lab-progress-L07')).toContainText(text);
  }
});

test('a checked file carrying a course lab\'s ID never touches that lab\'s saved steps', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const lab = await new LabPage(page).open('L07');
  await lab.act('A_acquire', 'A_write');
  await expect.poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('durable-lab:progress') ?? '{}') as { labs?: Record<string, { steps: unknown[] }> }).labs?.L07?.steps.length ?? 0), { timeout: 20_000 }).toBe(2);
  // A valid L01 renamed L07, checked and opened, then stepped in.
  const renamed = { ...(JSON.parse(readFileSync('labs/L01/lab.json', 'utf8')) as Record<string, unknown>), id: 'L07' };
  const file = testInfo.outputPath('renamed/lab.json');
  mkdirSync(file.replace(/\/lab\.json$/, ''), { recursive: true });
  writeFileSync(file, JSON.stringify(renamed));
  await page.goto('/#/'); // the catalog itself: the bare address resumes the lab last open
  await page.getByTestId('preview-lab-input').setInputFiles(file);
  await page.getByTestId('preview-result').getByTestId('open-L07').click();
  await expect(page.getByTestId('lab-preview-banner')).toBeVisible({ timeout: 45_000 });
  await page.getByTestId('action-approve').click();
  await page.waitForTimeout(3000); // past the save's pause
  await page.getByTestId('lab-preview-banner').getByTestId('lab-preview-close').click();
  // The course's L07 still has its own two steps.
  const saved = await page.evaluate(() => (JSON.parse(localStorage.getItem('durable-lab:progress') ?? '{}') as { labs?: Record<string, { steps: unknown[] }> }).labs?.L07?.steps);
  expect(saved).toEqual([{ type: 'acquire', worker: 'A' }, { type: 'write', worker: 'A' }]);
});
