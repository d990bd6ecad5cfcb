/**
 * A student working L07 in the browser: the catalog opens it, the late write and its
 * no-fence variant, stepping by button and key, a reload, a scenario and its deep link, the
 * network by hand, the inspector (a Web Worker), a crash and a restart. (The banner's notes
 * and the flooded network list: src/app/components/Flash.test.tsx and NetworkPanel.test.tsx.)
 */
import { expect, test } from '@playwright/test';
import { LabPage, watchConsole } from './labPage';

const STORY = ['A_pause', 'advance-11', 'B_acquire', 'B_write', 'A_wake'];

test.describe('L07 late workers and fencing', () => {
  let consoleErrors: string[] = [];
  test.beforeEach(async ({ page }) => {
    consoleErrors = watchConsole(page);
  });
  test.afterEach(() => {
    expect(consoleErrors).toEqual([]);
  });

  test('the catalog opens L07', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('open-L07').click();
    await expect(page.getByTestId('lab-L07')).toBeVisible();
    await expect(page.getByTestId('narrative')).toContainText('fence token');
    await expect(page.getByTestId('machine-state-held')).toHaveAttribute('data-active', 'true');
  });

  test('the story: A wakes late, its write is refused, the invariant holds', async ({ page }) => {
    const lab = await new LabPage(page).open('L07');
    await lab.act(...STORY);
    await lab.expectStep(5, 5);
    await expect(lab.invariant('FENCE-1')).toHaveAttribute('data-ok', 'true');
    expect(await lab.observed()).toMatchObject({
      current_token: 2, allowed: false, reason: 'STALE_FENCE', document: { last_writer: 'B', last_fence: 2 },
    });
    await expect(page.getByTestId('timeline-entry-5')).toContainText("REFUSED A's write with fence 1: STALE_FENCE");
    await expect(page.getByTestId('topo-node-resource')).toContainText('doc = B@t11 by B');
    await expect(page.getByTestId('machine-state-held')).toHaveAttribute('data-active', 'true');
  });

  test('the no-fence variant lets A overwrite B and the invariant turns red', async ({ page }) => {
    const lab = await new LabPage(page).open('L07');
    await lab.act(...STORY);
    await lab.setSwitch('resource', 'external');
    await lab.expectStep(5, 5);
    await expect(lab.invariant('FENCE-1')).toHaveAttribute('data-ok', 'false');
    await expect(lab.invariant('FENCE-1')).toContainText('was accepted while the current fence was 2');
    expect(await lab.observed()).toMatchObject({ reason: 'FENCE_NOT_CHECKED', document: { last_writer: 'A' } });
    await expect(page.getByTestId('topo-node-resource')).toContainText('External system');
    await lab.setSwitch('resource', 'fenced');
    await expect(lab.invariant('FENCE-1')).toHaveAttribute('data-ok', 'true');
  });

  test('step back and forward, by button and by keyboard', async ({ page }) => {
    const lab = await new LabPage(page).open('L07');
    await lab.act(...STORY);
    await lab.back();
    await lab.expectStep(4, 5);
    expect(await lab.observed()).toMatchObject({ allowed: true, reason: 'OK', document: { last_writer: 'B' } });
    await expect(page.getByTestId('timeline-upcoming-5')).toContainText('A wakes up');
    await lab.forward();
    await lab.expectStep(5, 5);
    expect(await lab.observed()).toMatchObject({ reason: 'STALE_FENCE' });
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await lab.expectStep(3, 5);
    await expect(page.getByTestId('clock')).toHaveText('t = 11');
    await page.keyboard.press('ArrowRight');
    await lab.expectStep(4, 5);
    await page.keyboard.press('r');
    await lab.expectStep(0, 5);
    await expect(page.getByTestId('clock')).toHaveText('t = 0');
    await page.keyboard.press('t');
    await lab.expectStep(1, 1);
    await expect(page.getByTestId('clock')).toHaveText('t = 1');
  });

  test('a reload keeps the lab, the step and the switches', async ({ page }) => {
    const lab = await new LabPage(page).open('L07');
    await lab.act(...STORY);
    await lab.setSwitch('resource', 'external');
    await lab.back();
    const before = await lab.observed();
    await page.reload();
    await expect(page.getByTestId('lab-L07')).toBeVisible();
    await lab.expectStep(4, 5);
    await expect(page.getByTestId('switch-resource')).toHaveValue('external');
    expect(await lab.observed()).toEqual(before);
    await page.goto('/');
    await page.reload();
    await expect(page.getByTestId('lab-L07')).toBeVisible();
    await lab.expectStep(4, 5);
  });

  test('a scenario plays step by step to its expected outcome; deep links rebuild the same World', async ({ page }) => {
    const lab = await new LabPage(page).open('L07');
    await lab.pickPrediction('late-write'); // the scenario's last step answers it
    await page.getByTestId('scenario-select').selectOption('late-write');
    await lab.expectStep(0, 5);
    await expect(page.getByTestId('scenario-check')).toHaveAttribute('data-status', 'pending');
    for (let i = 0; i < 5; i++) await lab.forward();
    await expect(page.getByTestId('scenario-check')).toHaveAttribute('data-status', 'pass');
    await expect(page.getByTestId('step-forward')).toBeDisabled();
    const atEnd = await lab.observed();
    await page.goto('/#/lab/L07?scenario=late-write&step=3');
    await page.reload();
    await lab.expectStep(3, 5);
    await lab.forward();
    await lab.forward();
    expect(await lab.observed()).toEqual(atEnd);
  });

  test('the network can hold, drop and deliver frames by hand', async ({ page }) => {
    const lab = await new LabPage(page).open('L07');
    await lab.setSwitch('network', 'manual');
    await lab.act('advance-11', 'B_acquire');
    await expect(page.getByTestId('network')).toContainText('acquire_request');
    await lab.act('deliver_next');
    await expect(page.getByTestId('network')).toContainText('fence_update');
    await lab.act('deliver_next', 'drop_next', 'B_write', 'deliver_next');
    expect(await lab.observed()).toMatchObject({ allowed: false, reason: 'UNKNOWN_FENCE' });
  });

  test('the inspector reads tables, reports bad SQL, and cannot write', async ({ page }) => {
    const lab = await new LabPage(page).open('L07');
    await lab.act(...STORY);
    await page.getByTestId('inspector-node').selectOption('resource');
    await page.getByTestId('inspector-table-write_log').click();
    await expect(page.getByTestId('inspector-result').locator('tbody tr')).toHaveCount(2);
    await expect(page.getByTestId('inspector-result')).toContainText('STALE_FENCE');
    await page.getByTestId('inspector-query').fill('SELEC nonsense');
    await page.getByTestId('inspector-run').click();
    await expect(page.getByTestId('inspector-error')).toContainText('syntax error');
    await page.getByTestId('inspector-query').fill('DELETE FROM write_log');
    await page.getByTestId('inspector-run').click();
    await expect(page.getByTestId('inspector-error')).toContainText('readonly');
    await page.getByTestId('inspector-table-write_log').click();
    await expect(page.getByTestId('inspector-result').locator('tbody tr')).toHaveCount(2);
    await lab.back();
    await expect(page.getByTestId('inspector-result').locator('tbody tr')).toHaveCount(1);
  });

  test('a crash inside the write rolls it back; the resource shows crashed until restarted', async ({ page }) => {
    const lab = await new LabPage(page).open('L07');
    await lab.act('crash_at-resource.before_commit', 'A_write');
    await expect(page.getByTestId('topo-node-resource')).toHaveAttribute('data-status', 'crashed');
    await expect(page.getByTestId('timeline-entry-2')).toContainText('resource crashed at resource.before_commit');
    expect(await lab.observed()).toMatchObject({ document: { version: 0 }, writes: { accepted: 0, refused: 0 } });
    await lab.act('restart-resource');
    await expect(page.getByTestId('topo-node-resource')).toHaveAttribute('data-status', 'up');
  });
});
