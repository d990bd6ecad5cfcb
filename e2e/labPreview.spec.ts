/**
 * The catalog's "Check a lab file" and saved progress: a checked file that carries a course
 * lab's ID never reads or writes that lab's saved steps. (What the check shows, the preview
 * banner and the catalog card's missed count: src/app/components/Catalog.test.tsx.)
 */
import { expect, test } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { LabPage } from './labPage';

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
