/**
 * Where the sequence diagram draws a crash, measured in the browser: in presenter view each
 * row's step line and label line do not overlap, and a crash mark on the last lane keeps its
 * label inside the drawing. (What the crash panel shows when a crash cuts short work on
 * another node's store or the node restarts inside the crash step:
 * src/app/components/CrashPanel.test.tsx.)
 */
import { expect, test, type Locator } from '@playwright/test';
import { LabPage } from './labPage';

test.setTimeout(120_000);

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
