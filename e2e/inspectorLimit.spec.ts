/**
 * A query that never ends cannot freeze the lab: the inspector runs it in a worker, stops it
 * after its time limit with a clear message, and the lab keeps working — the next query
 * answers, and a step still steps.
 */
import { expect, test } from '@playwright/test';
import { LabPage } from './labPage';

test('a runaway recursive query is stopped and the lab keeps working', async ({ page }) => {
  const lab = await new LabPage(page).open('L07');
  const query = page.getByTestId('inspector-query');
  await query.fill('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c');
  await page.getByTestId('inspector-run').click();
  await expect(page.getByTestId('inspector-error')).toContainText('was stopped', { timeout: 10_000 });
  // The page answered all along: a step and a new query work at once.
  await lab.act('A_acquire');
  await query.fill('SELECT 1 AS one');
  await page.getByTestId('inspector-run').click();
  await expect(page.getByTestId('inspector-result')).toContainText('one');
  await expect(page.getByTestId('inspector-error')).toHaveCount(0);
});
