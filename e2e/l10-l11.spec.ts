import { expect, test } from '@playwright/test';
import { LabPage, watchConsole } from './labPage';

test.describe('L10 and L11 in the browser', () => {
  let consoleErrors: string[] = [];
  test.beforeEach(async ({ page }) => { consoleErrors = watchConsole(page); });
  test.afterEach(() => { expect(consoleErrors).toEqual([]); });

  test('L10: deliver out of order from the network panel; the cursor waits at the gap, then catches up', async ({ page }) => {
    const lab = await new LabPage(page).open('L10');
    await lab.act('emit-3');
    await page.getByTestId('frame-3').getByRole('button', { name: 'deliver' }).click();
    expect(await lab.observed()).toMatchObject({ cursor: 3, buffer: [6], mode: 'buffering' });
    await expect(page.getByTestId('machine-state-buffering')).toHaveAttribute('data-active', 'true');
    await expect(page.getByTestId('topo-node-worker')).toContainText('buffered 6');
    await page.getByTestId('frame-1').getByRole('button', { name: 'duplicate' }).click();
    await page.getByTestId('frame-1').getByRole('button', { name: 'deliver' }).click();
    await page.getByTestId('frame-2').getByRole('button', { name: 'deliver' }).click();
    expect(await lab.observed()).toMatchObject({ cursor: 6, buffer: [], mode: 'in_order', rebuild_matches: true });
    await lab.act('deliver_next'); // an ACK
    await lab.act('deliver_next'); // another ACK
    await page.getByTestId('frame-8').getByRole('button', { name: 'deliver' }).click(); // the duplicate copy
    expect(await lab.observed()).toMatchObject({ inbox: 6, applied: 6 });
    for (const id of ['PROJ-1', 'PROJ-2', 'PROJ-3', 'PROJ-4', 'PROJ-5']) await expect(lab.invariant(id)).toHaveAttribute('data-ok', 'true');
    await lab.setSwitch('apply', 'cursor_on_receipt');
    await expect(page.getByTestId('timeline-entry-2')).toContainText('violates PROJ-1');
    await lab.expectStep(8, 8);
  });

  test('L11: fall behind, restore from a verified snapshot; a tampered one is refused by name', async ({ page }) => {
    const lab = await new LabPage(page).open('L11');
    await lab.act('disconnect', 'emit-3', 'emit-3', 'tamper-organization', 'reconnect');
    expect(await lab.observed()).toMatchObject({ last_snapshot: 'REFUSED ORGANIZATION', cursor: 3 });
    await expect(page.locator('[data-testid^="timeline-entry-"]').last()).toContainText('ORGANIZATION');
    await lab.act('reconnect');
    expect(await lab.observed()).toMatchObject({ last_snapshot: 'RESTORED', cursor: 9, restored_from: 6, rebuild_matches: true });
    // The archive is signed and its signature really verifies (tombstones: the `archive` scenario).
    await lab.act('archive');
    expect(await lab.observed()).toMatchObject({ archive: { final_seq: 9, signed: true }, events_total: 9 });
  });
});
