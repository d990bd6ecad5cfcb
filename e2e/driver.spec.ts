/**
 * The headless driver's first chain (src/lab/driver/driver.test.ts: L07's late write acted,
 * stepped back and forward, a switch flipped) run on the page through the page object's
 * `drive()`: the same verbs and the same outcomes in the browser.
 */
import { expect, test } from '@playwright/test';
import { LabPage, watchConsole } from './labPage';

test('L07 through the driver verbs: act, back, forward, flip, expect', async ({ page }) => {
  const errors = watchConsole(page);
  const lab = await new LabPage(page).open('L07');
  await lab.drive()
    .act('A_pause', { advance: 11 }, 'B_acquire', 'B_write', 'A_wake')
    .expectCursor(5)
    .expectInvariant('FENCE-1', true)
    .expectState({ current_token: 2, reason: 'STALE_FENCE', document: { last_writer: 'B' } })
    .back(2)
    .expectCursor(3)
    .forward(2)
    .flip('resource', 'external')
    .expectCursor(5)
    .expectInvariant('FENCE-1', false)
    .expectState({ reason: 'FENCE_NOT_CHECKED', document: { last_writer: 'A' } });
  expect(errors).toEqual([]);
});
