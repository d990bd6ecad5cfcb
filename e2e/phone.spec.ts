/** A 390×844 phone: no sideways scroll, step controls under the thumb, actions near the top and the diagrams under them. */
import { expect, test } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { LabPage } from './labPage';
import { smallText } from './smallText';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

for (const id of ['L07', 'L10', 'L12']) {
  test(`${id} on a phone: no horizontal scroll, step controls pinned at the bottom, actions reachable`, async ({ page }) => {
    const lab = await new LabPage(page).open(id);
    await page.waitForTimeout(300);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    const step = (await page.getByTestId('step-forward').boundingBox())!;
    expect(step.y + step.height).toBeLessThanOrEqual(844);
    expect(step.y).toBeGreaterThan(844 * 0.75); // bottom quarter: thumb reach
    expect(step.height).toBeGreaterThanOrEqual(40);
    const firstAction = (await page.locator('.palette button').first().boundingBox())!;
    expect(firstAction.y).toBeLessThan(844 * 1.5);
    await page.locator('.palette button').first().click();
    await lab.expectStep(1, 1);
    await page.getByTestId('step-back').click();
    await lab.expectStep(0, 1);
    // Diagrams may be wider than the screen but pan inside their own box.
    const topo = (await page.getByTestId('topology').boundingBox())!;
    expect(topo.x + topo.width).toBeLessThanOrEqual(390);
    // One wider than the screen starts at its left edge (its sources), the rest panned to.
    const lefts = await page.locator('[data-testid="topology"] .react-flow__node').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().left));
    expect(Math.min(...lefts)).toBeGreaterThanOrEqual(topo.x);
    // What an action did is right under the actions: the topology follows the palette, then the
    // message sequence, the invariants and the timeline; the lab's text and tools come after.
    const top = (testId: string, selector?: string) => (selector ? page.locator(selector).first() : page.getByTestId(testId)).boundingBox().then((b) => b!.y);
    const palette = (await page.locator('.palette').first().boundingBox())!;
    expect(topo.y - (palette.y + palette.height)).toBeLessThan(40);
    const order = [topo.y, await top('sequence'), await top('', '.invariants'), await top('', '.timeline'), await top('', '.narrative'), await top('exercises')];
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
}

// The three labs above in depth; every page, the catalog and each lab, for sideways scroll
// (a wide table, select or diagram in any one lab's page would make the phone scroll), and
// for the topology's text: at least 10 px as drawn (its nodes stand one under another when
// side by side would shrink them; the desktop layout drew them at 6.6 px here).
test('the catalog and every lab fit a 390 px screen without sideways scroll; the topology reads at 10 px', async ({ page }) => {
  test.setTimeout(180_000);
  const wide: string[] = [];
  const small: string[] = [];
  const width = () => page.evaluate(() => document.documentElement.scrollWidth);
  await page.goto('/');
  await expect(page.getByTestId('catalog')).toBeVisible();
  if (await width() > 390) wide.push(`catalog: ${await width()}`);
  for (const id of readdirSync('labs').sort()) {
    await new LabPage(page).open(id);
    await expect(page.getByTestId('topology')).toBeVisible();
    await page.waitForTimeout(200); // the diagrams' first fit
    if (await width() > 390) wide.push(`${id}: ${await width()}`);
    small.push(...(await smallText(page, 10, { [id]: '[data-testid="topology"] .react-flow__nodes' })).slice(0, 2));
  }
  expect(wide).toEqual([]);
  expect(small).toEqual([]);
});
