/**
 * Step and palette keys with the focus left on a closed <select> (step keys
 * must work after a choice). A select handles Home, PageUp/PageDown and letters itself (first
 * option, other options, typeahead), so before the fix Home dropped to Sandbox, PageDown
 * switched scenario and a palette letter did nothing or picked a scenario by its first letter.
 * Also here: the phone's step bar never covers the end of the page, a repair select fits a
 * phone, and reaching the end gives a notice that does not move the page.
 */
import { expect, test, type Page } from '@playwright/test';
import { LabPage } from './labPage';

const counter = (page: Page) => page.getByTestId('step-counter');

test('after choosing a scenario with the keyboard, Home, r, a palette key and PageDown/PageUp act on the lab', async ({ page }) => {
  const lab = await new LabPage(page).open('L07');
  const select = page.getByTestId('scenario-select');
  await select.focus();
  await page.keyboard.press('ArrowDown'); // Sandbox → the first scenario, as a keyboard user picks it
  await expect(select).toHaveValue('late-write');
  await lab.expectStep(0, 5);
  await expect(select).toBeFocused();

  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageDown');
  await lab.expectStep(3, 5);
  await page.keyboard.press('PageUp');
  await lab.expectStep(2, 5);
  await expect(select).toHaveValue('late-write');

  await page.keyboard.press('Home');
  await lab.expectStep(0, 5);
  await expect(select).toHaveValue('late-write');

  await page.keyboard.press('.');
  await page.keyboard.press('.');
  await lab.expectStep(2, 5);
  await page.keyboard.press('r');
  await lab.expectStep(0, 5);
  await expect(select).toHaveValue('late-write');

  // The select's own keys still work: ↓ picks the next scenario.
  await page.keyboard.press('ArrowDown');
  await expect(select).toHaveValue('late-write-external');
  await expect(select).toBeFocused();

  // A palette key ('a' = A: write) plays its action (its first step is A pausing, not writing).
  await page.keyboard.press('a');
  await expect(counter(page)).toHaveText(/^step 1 \//);
  await expect(page.getByTestId('timeline-entry-1')).toContainText('A checks its lease and writes');
});

test('on a switch select too, PageDown steps and Home resets without changing the switch', async ({ page }) => {
  const lab = await new LabPage(page).open('L07', '?scenario=late-write');
  const flip = page.getByTestId('switch-resource');
  const before = await flip.inputValue();
  await flip.focus();
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageDown');
  await lab.expectStep(2, 5);
  await page.keyboard.press('Home');
  await lab.expectStep(0, 5);
  await expect(flip).toHaveValue(before);
  await expect(page.getByTestId('scenario-select')).toHaveValue('late-write');
});

test('stepping past the end gives a notice over the page, not a banner that moves the lab down', async ({ page }) => {
  // late-write's last step answers the predict late-write: picked first, or the link stops before it.
  const lab = await new LabPage(page).open('L07');
  await lab.pickPrediction('late-write');
  await lab.open('L07', '?scenario=late-write&step=5');
  await lab.expectStep(5, 5);
  const grid = page.locator('.lab-grid-3');
  const top = (await grid.boundingBox())!.y;
  await page.keyboard.press('ArrowRight');
  const flash = page.getByTestId('flash');
  await expect(flash).toBeVisible();
  await expect(flash).toHaveAttribute('role', 'status');
  await expect(flash).not.toHaveClass(/error/);
  expect((await grid.boundingBox())!.y).toBe(top);
  await page.keyboard.press('ArrowLeft'); // the next step clears it
  await expect(flash).toHaveCount(0);
});

test('diagram nodes and edges are not Tab stops (nothing happens on their focus, and none is drawn)', async ({ page }) => {
  await new LabPage(page).open('L01', '?present=1');
  await expect(page.locator('.react-flow__edge').first()).toBeAttached();
  expect(await page.locator('.react-flow__edge[tabindex], .react-flow__node[tabindex]').count()).toBe(0);
});

test.describe('presenter view at 1080p', () => {
  test.use({ viewport: { width: 1920, height: 1080 } });

  test('the ledger, machine captions and kept tables of a crash are room-sized', async ({ page }) => {
    const px = (selector: string) => page.locator(selector).first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    // two-worlds' last step answers two predicts: picked first, or the link stops before it.
    const lab = await new LabPage(page).open('L01');
    for (const id of ['after-timeout', 'ledger-after-timeout']) await lab.pickPrediction(id);
    await lab.open('L01', '?scenario=two-worlds&step=4&present=1');
    await lab.expectStep(4, 4);
    await expect(page.getByTestId('ledger-rows')).toBeVisible();
    expect.soft(await px('[data-testid="ledger-rows"]')).toBeGreaterThanOrEqual(16);
    expect.soft(await px('.machine figcaption')).toBeGreaterThanOrEqual(16);
    await new LabPage(page).open('L07', '?scenario=crash-inside-write&step=3&present=1');
    await expect(page.getByTestId('crash-panel')).toBeVisible();
    expect.soft(await px('[data-testid="crash-panel"] .table-wrap table')).toBeGreaterThanOrEqual(16);
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the pinned step bar leaves the end of the page visible', async ({ page }) => {
    await new LabPage(page).open('L10', '?scenario=gap');
    await page.waitForTimeout(300);
    // Rows drawn on the way down (content-visibility) make the page taller: scroll until it stops growing.
    await expect.poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(100);
      return page.evaluate(() => Math.round(document.documentElement.scrollHeight - window.scrollY - window.innerHeight));
    }).toBeLessThanOrEqual(1);
    const { last, bar } = await page.evaluate(() => {
      const lab = document.querySelector('main.lab')!;
      const panels = [...lab.querySelectorAll('.panel')].map((p) => p.getBoundingClientRect().bottom);
      return { last: Math.max(...panels), bar: document.querySelector('[data-testid="step-controls"]')!.getBoundingClientRect().top };
    });
    expect(last).toBeLessThanOrEqual(bar);
  });

  test('a repair select stays inside the screen once the right design is named', async ({ page }) => {
    await new LabPage(page).open('L13');
    await page.getByTestId('exercise-bounded-open').click();
    await page.getByTestId('exercise-bounded-spoilers').check();
    const select = page.getByTestId('exercise-bounded-option-offline_policy');
    await expect(select.locator('option', { hasText: 'right design' })).toHaveCount(1);
    await select.selectOption('bounded'); // a phone's select is as wide as its chosen label
    const box = (await select.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
