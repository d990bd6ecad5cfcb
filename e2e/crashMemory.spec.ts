/**
 * What survives a crash, for a node whose checkpoints live in process memory. In L05 the worker A keeps LangGraph's checkpointer in `A_memory` (a node spec
 * with `memoryOf: 'A'`); under `key_only` that is the only place the run's state lives, so
 * A's crash must show those rows in the crash panel's "lost" column — as many as the memory
 * held, read off the page before the crash — while A's own database keeps no checkpoint.
 * The rows are counted through the inspector, whose queries run in a Web Worker. (L05
 * "all three", where the memory held nothing to lose: src/app/components/CrashPanel.test.tsx.)
 */
import { expect, test, type Page } from '@playwright/test';
import { LabPage, watchConsole } from './labPage';

test.setTimeout(120_000);

/** The count in the memory node's line ("checkpoints in memory: N") in the topology. */
async function checkpointsInMemory(page: Page): Promise<number> {
  const node = page.getByTestId('topo-node-A_memory');
  await expect(node).toContainText(/checkpoints in memory: \d+/);
  return Number(/checkpoints in memory: (\d+)/.exec(await node.innerText())![1]);
}

/** Row counts of A_memory's blob and write tables, through the inspector (a read-only query). */
async function memoryRows(page: Page): Promise<{ blobs: number; writes: number }> {
  await page.getByTestId('inspector-node').selectOption('A_memory');
  await page.getByTestId('inspector-query').fill('SELECT (SELECT count(*) FROM lg_blob) AS blobs, (SELECT count(*) FROM lg_write) AS writes');
  await page.getByTestId('inspector-run').click();
  const cells = page.getByTestId('inspector-result').locator('tbody td');
  await expect(cells).toHaveCount(2);
  const [blobs, writes] = (await cells.allInnerTexts()).map(Number);
  return { blobs: blobs!, writes: writes! };
}

test('L05 key only: the crash panel lists the checkpoints A kept only in process memory as lost', async ({ page }) => {
  const consoleErrors = watchConsole(page);
  const lab = await new LabPage(page).open('L05');
  await page.getByTestId('scenario-select').selectOption('key-only');
  await lab.expectStep(0, 4);
  await lab.forward(); // ask: the run stops at the approval breakpoint, checkpoints in A_memory
  await lab.forward(); // arm the crash in the submit node
  await lab.expectStep(2, 4);
  const checkpoints = await checkpointsInMemory(page);
  expect(checkpoints, 'the run saved checkpoints in process memory').toBeGreaterThan(0);
  const before = await memoryRows(page);
  expect(before.blobs).toBeGreaterThan(0);

  await lab.forward(); // approve: A resumes the run and crashes before the submit
  await lab.expectStep(3, 4);
  const panel = page.getByTestId('crash-panel');
  await expect(panel).toHaveAttribute('data-node', 'A');
  const memory = panel.getByTestId('crash-lost').getByTestId('crash-memory-A_memory');
  await expect(memory).toContainText('A_memory: process memory lost');
  const table = (name: string) => memory.locator(`li[data-table="${name}"]`);
  await expect(table('lg_checkpoint')).toHaveText(`lg_checkpoint: −${checkpoints} ${checkpoints === 1 ? 'row' : 'rows'}`);
  await expect(table('lg_checkpoint')).toHaveAttribute('data-rows', String(checkpoints));
  // The crash step itself may add rows before the wipe (A's resumed node saved its writes),
  // so blobs and writes are at least what the memory held one step earlier.
  for (const [name, held] of [['lg_blob', before.blobs], ['lg_write', before.writes]] as const) {
    await expect(table(name)).toHaveAttribute('data-rows', /^\d+$/);
    expect(Number(await table(name).getAttribute('data-rows')), name).toBeGreaterThanOrEqual(held);
  }
  // Side by side: A's own database kept no checkpoint, and the memory is empty now.
  await expect(panel.getByTestId('crash-kept-lg_checkpoint')).toHaveAttribute('data-rows', '0');
  expect(await checkpointsInMemory(page)).toBe(0);
  await expect(page.getByTestId('inspector-result').locator('tbody td')).toHaveText(['0', '0']);
  expect(consoleErrors).toEqual([]);
});
