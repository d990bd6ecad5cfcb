/**
 * L05 on the real LangGraph.js in Chromium: every scenario, played step by step through the
 * UI, reaches its expected outcome with no console error; LangGraph's chunk is fetched only
 * once the LangGraph lab steps, never for the catalog. (The graph panel's marks along a run:
 * src/app/components/LangGraphPanel.test.tsx.)
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { LabPage, watchConsole } from './labPage';

test.setTimeout(120_000);

const l05 = JSON.parse(readFileSync('labs/L05/lab.json', 'utf8')) as { scenarios: { id: string; actions: unknown[]; asks?: string[] }[] };

test('L05: every scenario reaches its expected outcome through the UI', async ({ page }) => {
  const consoleErrors = watchConsole(page);
  const labPage = await new LabPage(page).open('L05');
  for (const scenario of l05.scenarios) {
    // A scenario that plays a prediction holds its answer until the pick (any pick opens it).
    for (const id of scenario.asks ?? []) await labPage.pickPrediction(id);
    await page.getByTestId('scenario-select').selectOption(scenario.id);
    await labPage.expectStep(0, scenario.actions.length);
    for (let i = 0; i < scenario.actions.length; i++) {
      await labPage.forward();
      await labPage.expectStep(i + 1, scenario.actions.length);
    }
    await expect(page.getByTestId('scenario-check'), `L05 ${scenario.id}`).toHaveAttribute('data-status', 'pass', { timeout: 30_000 });
  }
  expect(consoleErrors).toEqual([]);
});

test('LangGraph is its own chunk, loaded only when the LangGraph lab runs', async ({ page }) => {
  const consoleErrors = watchConsole(page);
  const chunks: string[] = [];
  page.on('request', (r) => { if (/refundWorkflow-[^/]*\.js$/.test(r.url())) chunks.push(r.url()); });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.goto('/#/lab/L05');
  await expect(page.getByTestId('lab-L05')).toBeVisible({ timeout: 60_000 });
  const labPage = new LabPage(page);
  await page.getByTestId('scenario-select').selectOption('sibling-reused');
  expect(chunks, 'the catalog and an unplayed lab do not fetch LangGraph').toEqual([]);
  // The scenario plays predict-sibling: the retry, which shows the answer, waits for the pick.
  for (let i = 0; i < 3; i++) await labPage.forward();
  await labPage.expectStep(2, 3);
  await expect(page.getByTestId('flash')).toContainText('Predict first');
  await page.getByTestId('exercise-predict-sibling-open').click();
  await page.getByTestId('exercise-predict-sibling-choice-1').check();
  await page.getByTestId('exercise-predict-sibling-check').click();
  await expect(page.getByTestId('exercise-predict-sibling-verdict')).toHaveAttribute('data-pass', 'true', { timeout: 30_000 });
  await page.getByTestId('scenario-select').selectOption('sibling-reused');
  for (let i = 0; i < 3; i++) await labPage.forward();
  await expect(page.getByTestId('scenario-check')).toHaveAttribute('data-status', 'pass', { timeout: 30_000 });
  expect(chunks.length).toBe(1);
  const observed = await labPage.observed();
  expect(observed).toMatchObject({ model_calls: 1, node_runs: { draft_note: 1, check_order: 2 } });
  expect(consoleErrors).toEqual([]);
});

const l06 = JSON.parse(readFileSync('labs/L06/lab.json', 'utf8')) as { scenarios: { id: string; actions: unknown[]; switches?: Record<string, string>; asks?: string[] }[] };

test('L06 under the LangGraph executor: every LangGraph scenario (the nine faults, fault 6 twice) plays through the UI', async ({ page }) => {
  test.setTimeout(400_000);
  const consoleErrors = watchConsole(page);
  const labPage = await new LabPage(page).open('L06');
  const ids = l06.scenarios.filter((s) => s.switches?.executor === 'langgraph').map((s) => s.id);
  expect(ids).toHaveLength(10);
  // Ends on fault 3, whose World is read below.
  for (const id of [...ids.filter((i) => i !== 'lg-f3-crash-before-local-save'), 'lg-f3-crash-before-local-save']) {
    const scenario = l06.scenarios.find((s) => s.id === id)!;
    // A scenario that plays a prediction holds its answer until the pick; picked first, as a pick loads its own run.
    for (const ask of scenario.asks ?? []) await labPage.pickPrediction(ask);
    await page.getByTestId('scenario-select').selectOption(id);
    await labPage.expectStep(0, scenario.actions.length);
    for (let i = 0; i < scenario.actions.length; i++) {
      await labPage.forward();
      await labPage.expectStep(i + 1, scenario.actions.length);
    }
    await expect(page.getByTestId('scenario-check'), `L06 ${id}`).toHaveAttribute('data-status', 'pass', { timeout: 30_000 });
  }
  // The World really is LangGraph's: worker B took the run over, A's submit ran twice in fault 6 — here the
  // last scenario, fault 3: the submit node re-ran whole after the crash and the key kept one refund.
  expect(await labPage.observed()).toMatchObject({ ledger_count: 1, status: 'CONFIRMED', node_runs: { submit: 2 } });
  expect(consoleErrors).toEqual([]);
});
