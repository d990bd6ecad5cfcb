/**
 * Live fault demos in presenter view from the keyboard alone, in the lecture layout (the
 * topology, the message sequence and the crash panel on one screen):
 * - at 1080p, L07's late write picked from the command palette (Ctrl+K) and stepped with →,
 *   with the outcome, invariants and timeline beside the diagram at 18 px or more (headings
 *   and transaction chips included); then a crash armed and a write sent into it and the
 *   resource restarted — ending with the
 *   three parts inside the viewport, their text at 18 px or more, without any "Show:" command;
 *   the palette's list at 18 px or more, and no serious or critical axe finding in the key
 *   list (`?`) or the palette;
 * - at 1080p, L01's lost answer (the provider refunds, its answer never reaches the worker):
 *   the diagram shows it, and the sequence draws the answer leaving the provider and lost, the crash slide (`b`) says there is no crash yet;
 *   then L01's first card, where the worker crashes before it saves the answer, shown as the
 *   crash slide by its key — what the worker lost on the left, what its database kept and how
 *   it recovers on the right, in large type, with no serious or critical axe finding;
 * - at 1280×720, the same three parts on one screen after L07's crash, text at 14 px or more;
 * - at 1080p, every lab's topology inside its cell with no scroll of the cell, its text at 18 px
 *   or more, at the start of its longest scenario and again at its end, when nodes have gained
 *   lines: no node or link label outside the cell, none overlapping another.
 * A scenario that holds a prediction (its `asks`) has it picked first, by Tab and the keys,
 * out of presenter view (which hides the exercises) and back.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { seriousFindings } from './axe';
import { shippedLabs } from './shippedLabs';
import { LabPage, watchConsole } from './labPage';
import { smallText as smallTextIn } from './smallText';

test.use({ viewport: { width: 1920, height: 1080 } });

type LabFile = { scenarios: { id: string; title: string; actions: unknown[]; asks?: string[] }[] };
const labFile = (id: string) => JSON.parse(readFileSync(`labs/${id}/lab.json`, 'utf8')) as LabFile;
const lateWrite = labFile('L07').scenarios.find((s) => s.id === 'late-write')!;
const L01 = labFile('L01');
/** The provider refunds, and its answer is lost on the way back: the worker does not know. */
const lostAnswer = L01.scenarios.find((s) => s.id === 'two-worlds')!;
/** The provider refunds, and the worker crashes before it saves the answer. */
const crashAfterCommit = L01.scenarios.find((s) => s.id === 'card-crash-after-commit')!;

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
  // Tab scrolled the page down to the exercises; presenter view opens on its one screen again.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
}

/** How much of the element's height is on screen: between `top` (0, or the sticky toolbar's bottom) and the 1080 px viewport's bottom. */
async function visibleHeight(locator: Locator, top = 0): Promise<number> {
  const box = (await locator.boundingBox())!;
  return Math.max(0, Math.min(box.y + box.height, 1080) - Math.max(box.y, top));
}

/** The lecture layout's three parts: the topology's cell, the message sequence, the crash panel. */
const PARTS = { topology: '.lab .col-main > .diagram-frame', sequence: '[data-testid="sequence"]', crash: '[data-testid="crash-panel"]' };

/** Where the outcome, the invariants and the timeline sit before any crash (the crash panel's cell). */
const SIDE = '.lab .col-right';

/** Each part's box, and whether it lies wholly inside the viewport (no scroll of the page brings it there). */
async function partsOnScreen(page: Page): Promise<Record<string, { inside: boolean; box: number[] }>> {
  return page.evaluate((parts) => Object.fromEntries(Object.entries(parts).map(([name, selector]) => {
    const el = document.querySelector(selector);
    if (!el) return [name, { inside: false, box: [] }];
    const r = el.getBoundingClientRect();
    const inside = r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5 && r.height > 100;
    return [name, { inside, box: [r.left, r.top, r.width, r.height].map(Math.round) }];
  })), PARTS);
}

const smallText = (page: Page, px: number, parts: Record<string, string> = PARTS) => smallTextIn(page, px, parts);

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
  // Before a crash the outcome, the invariants and the timeline hold the crash panel's place: room-sized too.
  expect(await smallText(page, 18, { side: SIDE })).toEqual([]);

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

  // The fault, armed from the palette; the write that walks into it; the restart.
  await command(page, 'crash resource', 'Crash resource inside its write');
  await page.keyboard.press('w'); // B: write, by its own key: the focus is back on the page
  await expect(page.getByTestId('crash-panel')).toHaveAttribute('data-node', 'resource');
  await command(page, 'restart', 'Restart resource');
  await expect(page.getByTestId('crash-recovery')).toHaveAttribute('data-restart', /\d+/);

  // At the end the crash panel, the topology and the sequence diagram are all on screen — no
  // "Show:" command, no scroll — with every text in them at 18 px or more, and the sequence
  // showing the crash's mark.
  await expect.poll(async () => Object.values(await partsOnScreen(page)).every((p) => p.inside)).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await smallText(page, 18)).toEqual([]);
  const crashed = await page.getByTestId('crash-panel').getAttribute('data-step');
  const mark = (await page.getByTestId(`sequence-crash-${crashed}`).boundingBox())!;
  const sequence = (await page.locator(PARTS.sequence).boundingBox())!;
  expect(mark.y).toBeGreaterThanOrEqual(sequence.y);
  expect(mark.y + mark.height).toBeLessThanOrEqual(sequence.y + sequence.height);
  expect(errors).toEqual([]);
});

test('L01\'s lost answer, then a crash that loses it, shown as the crash slide from the keyboard', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  const lab = await new LabPage(page).open('L01', '?present=1');
  for (const id of lostAnswer.asks ?? []) await predictByKeyboard(page, id);

  // The answer lost on its way back, from the palette and →.
  await command(page, 'lost on its way back', `Open scenario: ${lostAnswer.title}`);
  for (let i = 0; i < lostAnswer.actions.length; i++) await page.keyboard.press('ArrowRight');
  await lab.expectStep(lostAnswer.actions.length, lostAnswer.actions.length);
  // The diagram: the provider's ledger holds the refund, while the shop's intent is UNKNOWN and nothing is in flight to the worker.
  await expect(page.getByTestId('topo-node-provider')).toContainText('ledger: 1 refund(s)');
  await expect(page.getByTestId('topo-node-shop')).toContainText('op-1 UNKNOWN');
  await expect(page.getByTestId('topo-node-worker-1')).toContainText('in flight 0');
  // The sequence: the request reached the provider; its answer left the provider and was lost on the way back.
  const messages = page.locator('[data-testid="sequence"] [data-testid^="sequence-msg-"]');
  await expect(messages).toHaveCount(2);
  await expect(messages.first()).toHaveAttribute('aria-label', /refund_request from worker-1 to provider: delivered/);
  await expect(messages.nth(1)).toHaveAttribute('aria-label', /refund_response from provider to worker-1: lost/);
  expect(await messages.evaluateAll((ms) => ms.filter((m) => /from provider to worker-1: delivered/.test(m.getAttribute('aria-label') ?? '')).length)).toBe(0);
  const { topology, sequence } = await partsOnScreen(page);
  expect([topology!.inside, sequence!.inside]).toEqual([true, true]);

  // No crash yet: the slide says so, and the palette's command too.
  await page.keyboard.press('b');
  const slide = page.getByRole('dialog', { name: 'Crash slide' });
  await expect(slide.getByTestId('crash-slide-none')).toContainText('No crash yet');
  await page.keyboard.press('Escape');
  await expect(slide).toHaveCount(0);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('crash slide');
  const option = palette(page).getByRole('option', { selected: true });
  await expect(option.locator('.command-label')).toHaveText('Crash slide: no crash yet in this run');
  await expect(option).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter'); // passed over: nothing to show
  await expect(palette(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(slide).toHaveCount(0);

  // The answer lost to a crash instead: the worker crashes before it saves it, and restarts.
  await command(page, 'card 1', `Open scenario: ${crashAfterCommit.title}`);
  for (let i = 0; i < crashAfterCommit.actions.length; i++) await page.keyboard.press('ArrowRight');
  await lab.expectStep(crashAfterCommit.actions.length, crashAfterCommit.actions.length);
  await expect(page.getByTestId('crash-panel')).toHaveAttribute('data-node', 'worker-1');
  expect(Object.values(await partsOnScreen(page)).every((p) => p.inside)).toBe(true);

  // The slide, by its key: before the crash on the left, after the restart on the right, in large type.
  await page.keyboard.press('b');
  await expect(slide).toBeVisible();
  await expect(slide.getByTestId('crash-slide-heading')).toContainText('worker-1 crashed at executor.before_save_answer');
  const before = slide.getByTestId('crash-slide-before');
  const after = slide.getByTestId('crash-slide-after');
  await expect(before).toContainText('Lost — it was only in memory');
  await expect(after.getByTestId('crash-slide-kept-attempts')).toHaveAttribute('data-rows', '1');
  await expect(after.getByTestId('crash-slide-kept-attempts')).toContainText('lost');
  await expect(after.getByTestId('crash-slide-recovery')).toContainText('op-1 is UNKNOWN');
  const sizes = await slide.evaluate((dialog) => [...dialog.querySelectorAll('*')]
    .filter((el) => [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== ''))
    .map((el) => ({ heading: /^H[1-6]$/.test(el.tagName), text: el.textContent!.trim().slice(0, 30), px: parseFloat(getComputedStyle(el).fontSize) })));
  expect(sizes.filter((s) => s.heading && s.px < 24)).toEqual([]);
  expect(sizes.filter((s) => s.px < 20)).toEqual([]);
  const box = (await slide.boundingBox())!;
  expect(box.width).toBeGreaterThan(1800);
  expect(box.height).toBeGreaterThan(1000);
  expect(await seriousFindings(page, '[data-testid="crash-slide"]')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(slide).toHaveCount(0);
  await page.keyboard.press('ArrowLeft'); // the step keys are the page's again
  await lab.expectStep(crashAfterCommit.actions.length - 1, crashAfterCommit.actions.length);
  expect(errors).toEqual([]);
});

test.describe('at 1280×720', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('after L07\'s crash the topology, the sequence and the crash panel are on one screen, text at 14 px or more', async ({ page }) => {
    const errors = watchConsole(page);
    const lab = await new LabPage(page).open('L07', '?scenario=crash-inside-write&step=3&present=1');
    await lab.expectStep(3, 3);
    await expect(page.getByTestId('crash-recovery')).toHaveAttribute('data-restart', '3');
    await expect.poll(async () => Object.values(await partsOnScreen(page)).every((p) => p.inside)).toBe(true);
    expect(await smallText(page, 14)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

/**
 * How the topology sits in its lecture cell: how far its content overflows the cell (the cell
 * scrolls then), the nodes and link labels not wholly inside the cell and its canvas, and the
 * pairs of them that overlap.
 */
function topologyInCell(page: Page) {
  return page.evaluate((selector) => {
    const cell = document.querySelector<HTMLElement>(selector)!;
    const flow = cell.querySelector<HTMLElement>('.react-flow')!.getBoundingClientRect();
    const own = cell.getBoundingClientRect();
    const box = { left: Math.max(own.left, flow.left), top: Math.max(own.top, flow.top), right: Math.min(own.right, flow.right), bottom: Math.min(own.bottom, flow.bottom) };
    const items = [...cell.querySelectorAll<HTMLElement>('.react-flow__node, [data-testid="edge-label"]')]
      .map((el) => ({ text: `${el.dataset.testid === 'edge-label' ? 'label' : 'node'} ${(el.textContent ?? '').trim().slice(0, 20)}`, r: el.getBoundingClientRect() }));
    const outside = items.filter(({ r }) => r.left < box.left - 1 || r.top < box.top - 1 || r.right > box.right + 1 || r.bottom > box.bottom + 1)
      .map(({ text, r }) => `${text} [${[r.left, r.top, r.right, r.bottom].map(Math.round).join(' ')}] in [${[box.left, box.top, box.right, box.bottom].map(Math.round).join(' ')}]`);
    const overlaps: string[] = [];
    for (const [i, a] of items.entries()) {
      for (const b of items.slice(i + 1)) {
        if (a.r.left < b.r.right - 0.5 && b.r.left < a.r.right - 0.5 && a.r.top < b.r.bottom - 0.5 && b.r.top < a.r.bottom - 0.5) overlaps.push(`${a.text} × ${b.text}`);
      }
    }
    const over = (n: number) => (n > 1 ? n : 0);
    return { overflowX: over(cell.scrollWidth - cell.clientWidth), overflowY: over(cell.scrollHeight - cell.clientHeight), outside, overlaps };
  }, PARTS.topology);
}

const FITS = { overflowX: 0, overflowY: 0, outside: [], overlaps: [] };

for (const { id, scenarios } of shippedLabs) {
  // The longest scenario: the one whose nodes are likeliest to gain the most lines.
  const scenario = scenarios.reduce((a, b) => (b.actions.length > a.actions.length ? b : a));
  test(`${id}'s topology fits its lecture cell at 1080p, text at 18 px or more, through scenario ${scenario.id}`, async ({ page }) => {
    test.setTimeout(120_000);
    const errors = watchConsole(page);
    const lab = new LabPage(page);
    if (scenario.asks) {
      // A scenario holding a prediction stops before the step that answers it: picked first.
      await lab.open(id);
      for (const ask of scenario.asks) await lab.pickPrediction(ask);
    }
    await lab.open(id, `?scenario=${scenario.id}&step=0&present=1`);
    await expect(page.locator('main.lab.lecture')).toHaveCount(1);
    await lab.expectStep(0, scenario.actions.length);
    await expect(page.getByTestId('topology').locator('.react-flow__node').first()).toBeVisible();
    await expect.poll(() => topologyInCell(page), { timeout: 5000 }).toEqual(FITS);
    expect(await smallText(page, 18, { topology: PARTS.topology })).toEqual([]);
    // Played step by step, as in a lecture: the nodes gain lines under the layout they started in.
    for (let i = 0; i < scenario.actions.length; i++) await page.keyboard.press('ArrowRight');
    await lab.expectStep(scenario.actions.length, scenario.actions.length);
    await expect.poll(() => topologyInCell(page), { timeout: 5000 }).toEqual(FITS);
    expect(await smallText(page, 18, { topology: PARTS.topology })).toEqual([]);
    expect(errors).toEqual([]);
  });
}
