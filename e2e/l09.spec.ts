import { expect, test } from '@playwright/test';
import { LabPage, watchConsole } from './labPage';


test.describe('L09 the accept transaction', () => {
  let consoleErrors: string[] = [];
  test.beforeEach(async ({ page }) => { consoleErrors = watchConsole(page); });
  test.afterEach(() => { expect(consoleErrors).toEqual([]); });

  test('claim, resend, change one byte, stale revision — each decided by the receipt or the revision', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('open-L09').click();
    const lab = new LabPage(page);
    await lab.act('send-a1-claim-W1');
    expect(await lab.observed()).toMatchObject({ last: { code: 'ACCEPTED', receipt_id: 'R-G1-7' }, counts: { events: 7 } });
    await expect(page.getByTestId('machine-state-running').first()).toBeVisible();
    await lab.act('resend_last');
    expect(await lab.observed()).toMatchObject({ last: { code: 'DUPLICATE', receipt_id: 'R-G1-7' }, counts: { events: 7 }, written: [] });
    await expect(page.getByTestId('timeline-entry-2')).toContainText('matches receipt R-G1-7');
    await lab.act('tamper_last');
    expect(await lab.observed()).toMatchObject({ last: { code: 'ACTION_ID_COLLISION' }, counts: { events: 7 } });
    await lab.act('stale_last');
    expect(await lab.observed()).toMatchObject({ last: { code: 'REVISION_MISMATCH' }, written: [] });
    await expect(page.getByTestId('timeline-entry-4')).toContainText('authority.accept wrote nothing');
    for (const id of ['AUTH-1', 'AUTH-2', 'AUTH-3', 'AUTH-4']) await expect(lab.invariant(id)).toHaveAttribute('data-ok', 'true');
  });

  test('a crash inside accept leaves every table as it was; after a crash past commit the resend is a duplicate', async ({ page }) => {
    const lab = await new LabPage(page).open('L09');
    await lab.act('crash_at-accept.after_event_append');
    await page.keyboard.press('c');
    await expect(page.getByTestId('topo-node-authority')).toHaveAttribute('data-status', 'crashed');
    await expect(page.getByTestId('timeline-entry-2')).toContainText('rolled back');
    expect(await lab.observed()).toMatchObject({ replies: [], counts: { events: 6 }, work_items: { W1: { status: 'queued', revision: 1 } } });
    await lab.act('restart-authority', 'resend_last');
    expect(await lab.observed()).toMatchObject({ last: { code: 'ACCEPTED' }, counts: { events: 7 } });

    await page.getByTestId('scenario-select').selectOption('crash-after-commit');
    for (let i = 0; i < 4; i++) await lab.forward();
    await expect(page.getByTestId('scenario-check')).toHaveAttribute('data-status', 'pass');
  });

  test('the race for first ownership and the composer', async ({ page }) => {
    const lab = await new LabPage(page).open('L09');
    await lab.act('race_claim-W2');
    expect(await lab.observed()).toMatchObject({ replies: ['ACCEPTED', 'REVISION_MISMATCH'], work_items: { W2: { owner: 'agent-1', epoch: 1 } } });
    await page.getByTestId('composer-actor').selectOption('agent-2');
    await page.getByTestId('composer-kind').selectOption('claim');
    await page.getByTestId('composer-action-id').fill('mine');
    await page.getByTestId('composer-revision').fill('none');
    await page.getByTestId('composer-send').click();
    expect(await lab.observed()).toMatchObject({ last: { actor: 'agent-2', action_id: 'mine', code: 'CAS_REQUIRED' } });
    await page.getByTestId('composer-payload').fill('{"work_item": ');
    await page.getByTestId('composer-send').click();
    await expect(page.getByTestId('composer-error')).toContainText('not valid JSON');
    await lab.expectStep(2, 2);
  });
});
