/**
 * Start-up and reload: saved progress that does not parse is set aside and reported, and a
 * reload lands on the step last shown, whichever address the browser reloads. (The broken
 * lab's error card, the Cards tab and the window API: src/app/components/Catalog.test.tsx,
 * CardsPage.test.tsx and src/app/testApi.test.tsx.)
 */
import { expect, test } from '@playwright/test';
import { LabPage } from './labPage';

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
