/**
 * A scenario's expected outcome holds for its own switches. Flip one while the scenario is
 * open and the scenario panel says which switch and what the scenario runs it with, in the
 * page's language, instead of only listing raw mismatches.
 */
import { expect, test } from '@playwright/test';
import { LabPage, watchConsole } from './labPage';

test('L07 late-write with the resource flipped: the scenario panel names the switch it changed', async ({ page }) => {
  const errors = watchConsole(page);
  const lab = await new LabPage(page).open('L07', '?scenario=late-write');
  const check = page.getByTestId('scenario-check');
  await expect(check).toBeVisible();
  await expect(page.getByTestId('scenario-switch-changed-resource')).toHaveCount(0);
  await lab.setSwitch('resource', 'external');
  const note = page.getByTestId('scenario-switch-changed-resource');
  // The switch's label and the scenario's option, as the toolbar words them.
  const fenced = await page.getByTestId('switch-resource').locator('option[value="fenced"]').innerText();
  await expect(note).toContainText(fenced);
  await expect(note).toContainText('You changed it');
  await lab.setSwitch('resource', 'fenced');
  await expect(note).toHaveCount(0);
  expect(errors).toEqual([]);
});
