/**
 * L05 on the real LangGraph.js in Chromium: every scenario, played step by step through the
 * UI, reaches its expected outcome with no console error; LangGraph's chunk is fetched only
 * once the LangGraph lab steps, never for the catalog.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { LabPage, watchConsole } from './labPage';

test.setTimeout(120_000);

const l05 = JSON.parse(readFileSync('labs/L05/lab.json', 'utf8')) as { scenarios: { id: string; actions: unknown[] }[] };

test('L05: every scenario reaches its expected outcome through the UI', async ({ page }) => {
  const consoleErrors = watchConsole(page);
  const labPage = await new LabPage(page).open('L05');
  for (const scenario of l05.scenarios) {
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
  for (let i = 0; i < 3; i++) await labPage.forward();
  await expect(page.getByTestId('scenario-check')).toHaveAttribute('data-status', 'pass', { timeout: 30_000 });
  expect(chunks.length).toBe(1);
  const observed = await labPage.observed();
  expect(observed).toMatchObject({ model_calls: 1, node_runs: { draft_note: 1, check_order: 2 } });
  expect(consoleErrors).toEqual([]);
});
