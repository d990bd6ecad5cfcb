/**
 * Offline classroom: after one visit online, the service worker serves the app, sql.js's
 * wasm and every lab with the network switched off. A build whose precache leaves out the wasm
 * fails here at the first lab (its page never appears offline).
 */
import { expect, test } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { LabPage, offlineAfterFirstVisit } from './labPage';

const labIds = readdirSync('labs').sort();

test('after the first load, every lab opens and steps with the network off', async ({ page, context }) => {
  test.setTimeout(600_000);
  await offlineAfterFirstVisit(page, context);
  await page.reload();
  await expect(page.getByTestId('catalog')).toBeVisible();
  for (const id of labIds) {
    const lab = await new LabPage(page).open(id);
    await page.locator('.palette button').first().click();
    await expect(page.getByTestId('step-counter')).toHaveText(/step 1 \//);
    await expect(page.getByTestId('flash')).toHaveCount(0);
    void lab;
  }
  await context.setOffline(false);
});
