/**
 * The Search panel on a Japanese page: the bounds are in Japanese, not the
 * explorer's English `boundsText`, and each counterexample step reads as its palette button
 * (the action's JSON in the title), not raw JSON.
 */
import { expect, test } from '@playwright/test';
import { watchConsole } from './labPage';

test.describe('Search panel in Japanese', () => {
  let consoleErrors: string[] = [];
  test.beforeEach(async ({ page }) => {
    consoleErrors = watchConsole(page);
  });
  test.afterEach(() => {
    expect(consoleErrors).toEqual([]);
  });

  test('a counterexample: bounds in words of the page, steps by their palette labels', async ({ page }) => {
    test.setTimeout(240_000);
    await page.goto('/?lang=ja#/lab/L07?resource=external');
    await expect(page.getByTestId('lab-L07')).toBeVisible({ timeout: 45_000 });
    const panel = page.getByTestId('search-panel');
    await panel.getByTestId('search-depth').fill('3');
    await panel.getByTestId('search-run').click();
    const result = panel.getByTestId('search-result');
    await expect(result).toHaveAttribute('data-outcome', 'counterexample', { timeout: 240_000 });
    const bounds = panel.getByTestId('search-bounds');
    await expect(bounds).toContainText('深さ ≤ 3');
    expect(await bounds.textContent()).not.toMatch(/[A-Za-z]{3,}/);
    const steps = panel.getByTestId('search-step');
    expect(await steps.count()).toBe(3);
    const labels = await page.locator('.palette button').allTextContents();
    let asButtons = 0;
    for (const step of await steps.all()) {
      const text = (await step.textContent()) ?? '';
      expect(text).not.toMatch(/[{"]/);
      expect(await step.getAttribute('title')).toBeTruthy();
      // A palette action reads as its button (the button may add its key hint after the label).
      if (text !== '' && labels.some((l) => l.startsWith(text))) {
        asButtons += 1;
        continue;
      }
      expect(text, 'a step that is not a palette button is a World step label, in Japanese').not.toMatch(/[A-Za-z]{3,}/);
    }
    expect(asButtons, 'steps named by their palette buttons').toBeGreaterThan(0);
  });

  test('nothing found: the bounded claim names its bounds in Japanese', async ({ page }) => {
    test.setTimeout(240_000);
    await page.goto('/?lang=ja#/lab/L07');
    await expect(page.getByTestId('lab-L07')).toBeVisible({ timeout: 45_000 });
    const panel = page.getByTestId('search-panel');
    await panel.getByTestId('search-depth').fill('2');
    await panel.getByTestId('search-run').click();
    const result = panel.getByTestId('search-result');
    await expect(result).toHaveAttribute('data-outcome', 'clean', { timeout: 180_000 });
    await expect(result).toContainText(/範囲：深さ ≤ 2、クラッシュ ≤ \d+ 回/);
    expect(await result.textContent()).not.toContain('depth ≤');
  });
});
