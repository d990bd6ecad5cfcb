/**
 * A live fault demo in presenter view at 1080p, from the keyboard alone: L07's late write
 * picked from the command palette (Ctrl+K) and stepped with →, then a crash armed and a
 * write sent into it, the resource restarted, and the crash panel brought on screen — with
 * the crash panel and a diagram inside the viewport at the end, the palette's list at 18 px
 * or more, and no serious or critical axe finding in the key list (`?`) or the palette.
 * If the scenario holds a prediction (its `asks`), the prediction is picked first, by Tab
 * and the keys, out of presenter view (which hides the exercises) and back.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { LabPage, watchConsole } from './labPage';

test.use({ viewport: { width: 1920, height: 1080 } });

const L07 = JSON.parse(readFileSync('labs/L07/lab.json', 'utf8')) as { scenarios: { id: string; title: string; actions: unknown[]; asks?: string[] }[] };
const lateWrite = L07.scenarios.find((s) => s.id === 'late-write')!;

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });

/** Ctrl+K, the query typed, the highlighted option checked, Enter: as a presenter runs a command. */
async function command(page: Page, query: string, expected: string | RegExp): Promise<void> {
  await page.keyboard.press('Control+k');
  await expect(palette(page)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Command' })).toBeFocused();
  await page.keyboard.type(query);
  await expect(palette(page).getByRole('option', { selected: true }).locator('.command-label')).toHaveText(expected);
  await page.keyboard.press('Enter');
  await expect(palette(page)).toHaveCount(0);
}

/** Tab (at most `limit` times) until the element with `testId` has the focus. */
async function tabTo(page: Page, testId: string, limit = 300): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${testId} never took the focus`);
}

/** Picks the first choice of predict `id` with Tab, Enter and Space, leaving presenter view for it and coming back. */
async function predictByKeyboard(page: Page, id: string): Promise<void> {
  await command(page, 'presenter', 'Leave presenter view');
  await expect(page.locator('main.lab.presenting')).toHaveCount(0);
  if (await page.getByTestId(`exercise-${id}-check`).count() === 0) {
    await tabTo(page, `exercise-${id}-open`);
    await page.keyboard.press('Enter');
  }
  await tabTo(page, `exercise-${id}-choice-0`);
  await page.keyboard.press('Space');
  await tabTo(page, `exercise-${id}-check`);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(`exercise-${id}-verdict`)).toBeVisible({ timeout: 30_000 });
  await command(page, 'presenter', 'Presenter view');
  await expect(page.locator('main.lab.presenting')).toHaveCount(1);
  // Tab scrolled the page down to the exercises: the topology comes back on screen from the palette too.
  await command(page, 'show topology', /^Show: Topology/);
}

/** Serious or critical axe findings inside one part of the page. */
async function seriousFindings(page: Page, selector: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

/** How much of the element's height is on screen: between `top` (0, or the sticky toolbar's bottom) and the 1080 px viewport's bottom. */
async function visibleHeight(locator: Locator, top = 0): Promise<number> {
  const box = (await locator.boundingBox())!;
  return Math.max(0, Math.min(box.y + box.height, 1080) - Math.max(box.y, top));
}

test('an instructor runs the late write and a crash in presenter view from the keyboard alone', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  const lab = await new LabPage(page).open('L07', '?present=1');
  await expect(page.locator('main.lab.presenting')).toHaveCount(1);
  await expect(page.getByTestId('action-A_pause')).toBeHidden(); // the action palette is not shown in presenter view

  // `?` lists the keys: the step keys, L07's own action keys and the palette's.
  await page.keyboard.press('?');
  const keys = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(keys).toBeVisible();
  await expect(keys.getByTestId('key-overlay-actions')).toContainText('A: write');
  await expect(keys.getByTestId('key-overlay-commands')).toContainText('Ctrl K');
  expect(await seriousFindings(page, '[data-testid="key-overlay"]')).toEqual([]);
  await page.keyboard.press('?');
  await expect(keys).toHaveCount(0);

  for (const id of lateWrite.asks ?? []) await predictByKeyboard(page, id);

  // The scenario from the palette, then → through it.
  await command(page, 'stalls wakes fenced', `Open scenario: ${lateWrite.title}`);
  await lab.expectStep(0, lateWrite.actions.length);
  for (let i = 0; i < lateWrite.actions.length; i++) await page.keyboard.press('ArrowRight');
  await lab.expectStep(lateWrite.actions.length, lateWrite.actions.length);
  // The result: the fenced resource refused A's late write, the scenario reached its outcome, on screen with the topology.
  await expect(page.getByTestId('scenario-check')).toHaveAttribute('data-status', 'pass');
  await expect(lab.invariant('FENCE-1')).toHaveAttribute('data-ok', 'true');
  expect(await visibleHeight(page.getByTestId('scenario-check'))).toBe((await page.getByTestId('scenario-check').boundingBox())!.height);
  expect(await visibleHeight(page.getByTestId('topology'))).toBeGreaterThan(400);

  // The palette's list, room-sized, and accessible with a filter typed and the selection moved.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('crash');
  await page.keyboard.press('ArrowDown');
  const list = palette(page).getByRole('listbox');
  await expect(list.getByRole('option')).not.toHaveCount(0);
  const sizes = await list.evaluate((el) => [...el.querySelectorAll('*')]
    .filter((e) => [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== ''))
    .map((e) => ({ text: e.textContent!.trim(), px: parseFloat(getComputedStyle(e).fontSize) })));
  expect(sizes.length).toBeGreaterThan(3);
  expect(sizes.filter((s) => s.px < 18)).toEqual([]);
  expect(await seriousFindings(page, '[data-testid="command-palette"]')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(palette(page)).toHaveCount(0);

  // The fault, armed from the palette; the write that walks into it; the restart; the crash panel brought on screen.
  await command(page, 'crash resource', 'Crash resource inside its write');
  await page.keyboard.press('w'); // B: write, by its own key: the focus is back on the page
  await expect(page.getByTestId('crash-panel')).toHaveAttribute('data-node', 'resource');
  await command(page, 'restart', 'Restart resource');
  await expect(page.getByTestId('crash-recovery')).toHaveAttribute('data-restart', /\d+/);
  await command(page, 'show crash', /What survives a crash$/);

  // At the end the crash panel is whole on screen, under the sticky toolbar, and so is the
  // sequence diagram's crash mark above it (the diagram itself is taller than what is left).
  const toolbar = (await page.locator('.lab .toolbar').boundingBox())!;
  const top = toolbar.y + toolbar.height;
  const onScreen = async (locator: Locator) => {
    const box = (await locator.boundingBox())!;
    return { top: box.y >= top - 0.5, bottom: box.y + box.height <= 1080.5, box };
  };
  expect(await onScreen(page.getByTestId('crash-panel'))).toMatchObject({ top: true, bottom: true });
  const crashed = await page.getByTestId('crash-panel').getAttribute('data-step');
  expect(await onScreen(page.getByTestId(`sequence-crash-${crashed}`))).toMatchObject({ top: true, bottom: true });
  expect(await visibleHeight(page.locator('.lab .sequence'), top)).toBeGreaterThan(200);
  expect(errors).toEqual([]);
});
