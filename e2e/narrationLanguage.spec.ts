/**
 * The timeline's narration on a Japanese page: a refusal's reason and the
 * refused action are nested messages, rendered by the page in its own language — not the
 * English sentence the core used to return (L13, an email while disconnected).
 */
import { expect, test } from '@playwright/test';
import { watchConsole } from './labPage';

test('L13 in Japanese: the agent refuses an email while offline, said in Japanese', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await page.goto('/?lang=ja#/lab/L13');
  await expect(page.getByTestId('lab-L13')).toBeVisible({ timeout: 45_000 });
  await page.getByTestId('action-disconnect').click();
  await page.getByTestId('action-email_customer').click();
  const timeline = page.locator('.panel.timeline');
  await expect(timeline).toContainText('agent-1 は「顧客へのメール送信」を拒否します：外部から見える操作には現在のリースとトークンが必要です（MWP-WRK-020）。');
  expect(await timeline.textContent()).not.toMatch(/externally visible|email the customer/);
  expect(errors).toEqual([]);
});
