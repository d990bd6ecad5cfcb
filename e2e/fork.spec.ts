/**
 * The fork view in L01: the run and a fork taken after the approval step apart — the run
 * loses the provider's answer, the fork the request itself. The worker's view is the same
 * in both; the provider's ledger is not: the comparison says so, value by value.
 */
import { expect, test } from '@playwright/test';
import { seriousFindings } from './axe';
import { LabPage } from './labPage';

test('L01: fork after the approval, lose the answer in one branch and the request in the other', async ({ page }) => {
  test.setTimeout(180_000);
  const lab = await new LabPage(page).open('L01');
  await lab.act('approve');
  const panel = page.getByTestId('fork-panel');
  await panel.getByTestId('fork-here').click();
  await expect(panel.getByTestId('fork-summary')).toHaveText('Every observed value is the same in both branches.');
  // The run: the answer is lost. The fork: the request is.
  await lab.act('lose_response', 'submit');
  await page.getByTestId('action-advance-3').click();
  await panel.getByTestId('fork-action-lose_request').click();
  await panel.getByTestId('fork-action-submit').click();
  await panel.getByTestId('fork-action-advance-3').click();
  await expect(panel).toContainText('The fork is at step 4.');
  const diff = panel.getByTestId('fork-diff');
  // The provider refunded in the run, not in the fork; the worker's record says the same in both.
  await expect(diff.locator('tr[data-path="ledger_count"] td')).toHaveText(['1', '0']);
  await expect(diff.locator('tr[data-path="operation.state"]')).toHaveCount(0);
  await panel.getByTestId('fork-every').check();
  await expect(diff.locator('tr[data-path="operation.state"]')).toHaveAttribute('data-same', 'true');
  expect(await seriousFindings(page, '[data-testid="fork-panel"]')).toEqual([]);
  // Back in the fork stops at the step it was forked at; the run is untouched by it.
  for (let i = 0; i < 3; i++) await panel.getByTestId('fork-back').click();
  await expect(panel.getByTestId('fork-back')).toBeDisabled();
  await lab.expectStep(4, 4);
  await panel.getByTestId('fork-close').click();
  await expect(panel.getByTestId('fork-here')).toHaveText('Fork at step 4');
});
