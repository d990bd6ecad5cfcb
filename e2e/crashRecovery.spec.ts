/**
 * The crash panel and the sequence diagram when a crash cuts short work on another node's
 * store, and when the node restarts inside the crash step:
 * - L04 "crash-inside": worker-1 dies inside `shop.refund_local`, a transaction it held open
 *   in the shop's database; the "lost" column must name it instead of "nothing uncommitted".
 * - the refund model's crash_before_commit / crash_after_commit crash worker-1 and restart it
 *   in one step: the panel must show that restart's recovery, not "Not restarted yet", and
 *   the diagram a restart mark in that row.
 * - presenter view: each row's step line and label line do not overlap.
 */
import { expect, test, type Locator } from '@playwright/test';
import { LabPage, watchConsole } from './labPage';

test.setTimeout(120_000);

test('L04 crash-inside: the rolled-back refund in the shop\'s database is lost, and the restart in the same step is the recovery', async ({ page }) => {
  const consoleErrors = watchConsole(page);
  const lab = await new LabPage(page).open('L04', '?scenario=crash-inside&step=2');
  await lab.expectStep(2, 3);
  const panel = page.getByTestId('crash-panel');
  await expect(panel).toHaveAttribute('data-node', 'worker-1');
  const lost = panel.getByTestId('crash-lost');
  await expect(lost).toContainText('shop.refund_local rolled back');
  await expect(lost).toContainText('refund_ledger: 1 insert, 0 update, 0 delete');
  await expect(lost).not.toContainText('nothing uncommitted');
  const recovery = panel.getByTestId('crash-recovery');
  await expect(recovery).not.toContainText('Not restarted yet');
  await expect(recovery).toContainText('Recovery (restart at step 2)');
  await expect(recovery).toContainText('worker-1 restarted with only what it had committed.');
  await expect(recovery).toContainText('worker-1 recovers: op-1 is PREPARED');
  await expect(recovery).toHaveAttribute('data-restart', '2');
  await expect(page.getByTestId('sequence-crash-2')).toBeVisible();
  await expect(page.getByTestId('sequence-restart-2')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

// What recovery ran, told apart from what ran before the crash by the World's restart mark:
// after a commit it settles the attempt and marks the operation UNKNOWN; before, nothing.
const RAN = { 'card-crash-after-commit': ['worker-1.settle_attempt', 'shop.operation_timeout'], 'card-crash-before-commit': [] } as const;

for (const [scenario, recovers] of [['card-crash-after-commit', 'is UNKNOWN'], ['card-crash-before-commit', 'is PREPARED']] as const) {
  test(`L01 ${scenario}: the restart in the crash step is the recovery, before and after the next step`, async ({ page }) => {
    const lab = await new LabPage(page).open('L01', `?scenario=${scenario}&step=2`);
    const recovery = page.getByTestId('crash-recovery');
    const steps = scenario === 'card-crash-after-commit' ? [2, 3] : [2];
    for (const step of steps) {
      if (step === 3) await lab.forward();
      await lab.expectStep(step, steps.length + 1);
      await expect(recovery, `step ${step}`).not.toContainText('Not restarted yet');
      await expect(recovery, `step ${step}`).toContainText(`worker-1 recovers: op-1 ${recovers}`);
      await expect(recovery, `step ${step}`).toHaveAttribute('data-restart', '2');
      for (const tx of RAN[scenario]) await expect(recovery, `step ${step}`).toContainText(tx);
      if (RAN[scenario].length === 0) await expect(recovery, `step ${step}`).toContainText('Recovery ran no transaction.');
      await expect(page.getByTestId('sequence-restart-2'), `step ${step}`).toBeVisible();
    }
  });
}

/** Whether two boxes share any area. */
function intersects(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b).not.toBeNull();
  return b!;
}

test('presenter view: a row\'s step line and its label do not overlap', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await new LabPage(page).open('L04', '?scenario=crash-inside&step=3&present=1');
  await expect(page.locator('main.lab.presenting')).toBeVisible();
  const rows = page.locator('.sequence-svg .seq-row');
  await expect(rows).toHaveCount(4);
  // The presenter rule sets both lines at 18 px (styles.css): the check is about that size.
  expect(await rows.first().locator('.seq-label').evaluate((el) => getComputedStyle(el).fontSize)).toBe('18px');
  for (let i = 0; i < 4; i++) {
    const row = rows.nth(i);
    const step = await box(row.locator('.seq-step'));
    const label = await box(row.locator('.seq-label'));
    expect(intersects(step, label), `row ${i}: step ${JSON.stringify(step)} / label ${JSON.stringify(label)}`).toBe(false);
    // And the label stays above the next row's step line.
    if (i < 3) {
      const next = await box(rows.nth(i + 1).locator('.seq-step'));
      expect(intersects(label, next), `row ${i} label / row ${i + 1} step`).toBe(false);
    }
  }
});

test('a crash mark on the last lane keeps its label inside the drawing (L09 crash-after-event-append)', async ({ page }) => {
  await new LabPage(page).open('L09', '?scenario=crash-after-event-append&step=2');
  const mark = page.getByTestId('sequence-crash-2');
  await expect(mark).toBeVisible();
  const svg = await box(page.locator('.sequence-svg'));
  const label = await box(mark.locator('.seq-mark-label'));
  expect(label.x, 'left edge').toBeGreaterThanOrEqual(svg.x);
  expect(label.x + label.width, 'right edge').toBeLessThanOrEqual(svg.x + svg.width);
  await expect(mark.locator('.seq-mark-label')).toHaveText('accept.after_event_append');
});
