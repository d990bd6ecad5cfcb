/**
 * The timeline keeps the current step in view (instructor review: after stepping, the current
 * entry was below the visible part of the list, in the normal and the presenter view).
 */
import { expect, test, type Page } from '@playwright/test';
import { LabPage } from './labPage';

/** How far the current row sticks out of the timeline list's visible box (0 when inside). */
async function outside(page: Page): Promise<number> {
  return page.evaluate(() => {
    const list = document.querySelector('.timeline ol')!;
    const row = list.querySelector('li[aria-current="step"]')!;
    const box = list.getBoundingClientRect();
    const r = row.getBoundingClientRect();
    if (r.height > box.height) return Math.abs(r.top - box.top); // taller than the box: top at the top
    return Math.max(0, box.top - r.top, r.bottom - box.bottom);
  });
}

for (const present of [false, true]) {
  test(`${present ? 'presenter view' : 'normal view'}: the current timeline entry stays in view, stepping down, back and after a reset`, async ({ page }) => {
    const lab = await new LabPage(page).open('L07', present ? '?present=1' : '');
    const steps = 40;
    for (let i = 0; i < steps; i++) await page.keyboard.press('t'); // Clock +1
    await lab.expectStep(steps, steps);
    const list = page.locator('.timeline ol');
    // The list is shorter than its rows, or the check would prove nothing.
    expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight * 1.5)).toBe(true);
    await expect.poll(() => outside(page)).toBeLessThanOrEqual(1);

    await page.keyboard.press('Home');
    await lab.expectStep(0, steps);
    await expect.poll(() => outside(page)).toBeLessThanOrEqual(1);

    for (let i = 1; i <= 30; i++) {
      await page.keyboard.press('ArrowRight');
      await lab.expectStep(i, steps);
      if (i % 5 === 0) await expect.poll(() => outside(page)).toBeLessThanOrEqual(1);
    }
    for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowLeft');
    await lab.expectStep(18, steps);
    await expect.poll(() => outside(page)).toBeLessThanOrEqual(1);
  });
}
