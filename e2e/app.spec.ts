import { expect, test } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { LabPage } from './labPage';

test('a deliberately broken lab shows an error card naming file and field; the others still load', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('preview-lab-input').setInputFiles(['e2e/fixtures/broken-lab/lab.json', 'e2e/fixtures/broken-lab/README.md']);
  const card = page.getByTestId('lab-error-card');
  await expect(card).toBeVisible();
  await expect(card).toContainText('L98 did not load');
  await expect(card).toContainText('lab.json');
  await expect(card).toContainText('world.seed');
  await expect(page.getByTestId('lab-card-L07')).toBeVisible();
  await page.getByTestId('open-L07').click();
  await expect(page.getByTestId('lab-L07')).toBeVisible();
});

test('corrupt saved progress is reported and set aside; the app still starts', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('durable-lab:progress', '{"version":1,"currentLab":"L07","labs":{"L07":{"steps":[],"cursor":"x"');
      sessionStorage.setItem('seeded', '1');
    }
  });
  await page.goto('/');
  await expect(page.getByTestId('storage-problem')).toContainText('durable-lab:progress:corrupt:1');
  expect(await page.evaluate(() => localStorage.getItem('durable-lab:progress:corrupt:1'))).toContain('"cursor":"x"');
  await page.getByTestId('open-L07').click();
  await new LabPage(page).act('A_write');
  await page.reload();
  await expect(page.getByTestId('storage-problem')).toHaveCount(0);
  await new LabPage(page).expectStep(1, 1);
});

test('a reload right after a step keeps the step: the URL written on leaving is followed back', async ({ page }) => {
  // No idle time ever comes: the only flush of the step's URL and progress is the one on leaving.
  await page.addInitScript(() => {
    (window as unknown as { requestIdleCallback: () => number }).requestIdleCallback = () => 0;
  });
  const lab = await new LabPage(page).open('L07', '?step=0');
  await lab.act('A_write', 'B_write');
  await lab.expectStep(2, 2);
  await page.reload();
  await lab.expectStep(2, 2);
  await expect(page).toHaveURL(/step=2/);
});

test('a reload that takes the old address while the URL is being written still lands on the new step; an address the learner chose is kept', async ({ page }) => {
  const lab = await new LabPage(page).open('L07', '?step=0');
  await lab.act('A_write');
  await expect(page).toHaveURL(/step=1/); // written after the pause, not on leaving
  // The browser reloads the address it had a moment before that write, as when the reload is
  // issued just before the write lands.
  await page.evaluate(() => window.history.replaceState(null, '', '#/lab/L07?step=0'));
  await page.reload();
  await lab.expectStep(1, 1);
  await expect(page).toHaveURL(/step=1/);
  // Back writes step=0 over step=1; the learner then goes to step=1 by the address bar (a
  // link): that address is theirs, and a reload keeps it instead of following the note.
  await lab.back();
  await expect(page).toHaveURL(/step=0/);
  await page.evaluate(() => { window.location.hash = '#/lab/L07?step=1'; });
  await lab.expectStep(1, 1);
  await page.reload();
  await lab.expectStep(1, 1);
});

test('the Cards tab runs the shipped cards, reports a wrong one, and opens a card in its lab', async ({ page }) => {
  await page.goto('/#/cards');
  const dir = 'labs/L07/cards';
  const files = readdirSync(dir).map((f) => join(dir, f));
  await page.getByTestId('cards-input').setInputFiles(files);
  await expect(page.getByTestId('cards-summary')).toHaveText(`${files.length} passed, 0 failed or invalid`);
  await page.getByTestId('cards-input').setInputFiles(['e2e/fixtures/cards/wrong-expectation.json', 'e2e/fixtures/cards/invalid-card.json']);
  await expect(page.getByTestId('cards-summary')).toHaveText(`${files.length} passed, 2 failed or invalid`);
  const failed = page.locator('[data-testid="card-result"][data-pass="false"]');
  await expect(failed.filter({ hasText: 'invalid-card.json' })).toContainText('actions:');
  const wrong = failed.filter({ hasText: 'wrong-expectation.json' });
  await expect(wrong).toContainText('allowed: expected true, got false');
  await wrong.getByTestId('card-watch').click();
  const lab = new LabPage(page);
  await lab.expectStep(0, 1);
  await lab.forward();
  expect(await lab.observed()).toMatchObject({ allowed: false, current_token: 2 });
});

test('the read-only window API reports the current view', async ({ page }) => {
  const lab = await new LabPage(page).open('L07');
  await lab.act('A_write');
  const view = await page.evaluate(() => (window as unknown as { durableLab: { view(): { cursor: number; observed: { allowed: boolean } } } }).durableLab.view());
  expect(view).toMatchObject({ cursor: 1, observed: { allowed: true } });
  const labs = await page.evaluate(() => (window as unknown as { durableLab: { labs(): unknown[] } }).durableLab.labs());
  expect(labs).toContainEqual({ id: 'L07', ok: true, file: 'labs/L07/lab.json' });
});
