/**
 * The headless driver's first chain (src/test/chains.ts `lateWrite`, also run by
 * src/lab/driver/driver.test.ts) on the page through the page object's `drive()`: the same
 * chain, the same outcomes in the browser.
 */
import { expect, test } from '@playwright/test';
import { lateWrite } from '../src/test/chains';
import { LabPage, watchConsole } from './labPage';

test('L07 through the driver verbs: act, back, forward, flip, expect', async ({ page }) => {
  const errors = watchConsole(page);
  const lab = await new LabPage(page).open('L07');
  await lateWrite(lab.drive());
  expect(errors).toEqual([]);
});
