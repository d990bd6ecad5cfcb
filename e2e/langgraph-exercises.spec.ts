/**
 * L06's LangGraph half through the UI: with the Executor switched to LangGraph, the fault-6
 * predict exercise (how many refunds after the stalled worker's late send) is answered by
 * clicking; the verdict comes from the real LangGraph.js run in the page, and the lab then
 * shows that run — B's send and A's late one both reached the provider, one refund.
 */
import { expect, test } from '@playwright/test';
import { LabPage, watchConsole } from './labPage';

test.setTimeout(180_000);

test('L06 LangGraph: the late-send predict exercise, answered in LangGraph mode', async ({ page }) => {
  const consoleErrors = watchConsole(page);
  const lab = await new LabPage(page).open('L06');
  // Each executor's own buttons: the hand-written submit is offered, then not under LangGraph.
  await expect(page.getByTestId('action-submit')).toBeVisible();
  await expect(page.getByTestId('action-ask')).toHaveCount(0);
  await lab.setSwitch('executor', 'langgraph');
  await expect(page.getByTestId('switch-executor')).toHaveValue('langgraph');
  await expect(page.getByTestId('action-submit')).toHaveCount(0);
  await expect(page.getByTestId('action-ask')).toBeVisible();

  await page.getByTestId('exercise-lg-late-send-open').click();
  // Choices are the ledger counts 0, 1 and 2, neutral labels; the first pick decides.
  await expect(page.getByTestId('exercise-lg-late-send-choice-2')).toBeVisible();
  await page.getByTestId('exercise-lg-late-send-choice-1').check();
  await page.getByTestId('exercise-lg-late-send-check').click();
  const verdict = page.getByTestId('exercise-lg-late-send-verdict');
  await expect(verdict).toHaveAttribute('data-pass', 'true', { timeout: 60_000 });
  await expect(verdict).toContainText('step 5');
  await expect(page.getByTestId('exercise-lg-late-send')).toHaveAttribute('data-status', 'done');

  // The run that decided it is LangGraph's: two requests reached the provider, the key kept one refund.
  await lab.expectStep(5, 5);
  await expect.poll(async () => lab.observed(), { timeout: 30_000 })
    .toMatchObject({ ledger_count: 1, refund_requests: 2, owner: 'B@2', status: 'CONFIRMED' });
  expect(consoleErrors).toEqual([]);
});
