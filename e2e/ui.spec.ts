/**
 * The lab view as students and instructors use it, where it needs a browser: the message
 * sequence diagram keeping the current step in view (scrolling), the lab's own switches
 * with the first actions above the fold, catalog progress, deep links with switches, step
 * keys on a closed select, presenter view's text sizes, the lab-file check's place. (What
 * the sequence diagram and the crash panel draw: src/app/components/SequenceDiagram.test.tsx;
 * a README's GFM tables: Narrative.test.tsx.)
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { declaredSwitches } from '../src/app/labSwitches';
import { encodeActions } from '../src/app/actionsLink';
import { longL07Run } from '../src/test/longRun';
import { LabPage, watchConsole } from './labPage';

let consoleErrors: string[] = [];
test.beforeEach(({ page }) => { consoleErrors = watchConsole(page); });
test.afterEach(() => { expect(consoleErrors).toEqual([]); });

test('the sequence diagram keeps the current step in view while stepping down a long run and back to the top', async ({ page }) => {
  const lab = await new LabPage(page).open('L10');
  for (let i = 0; i < 8; i++) await lab.act('emit-3', 'redeliver');
  const box = page.locator('.sequence-scroll');
  const current = page.getByTestId('sequence-current');
  const inView = async () => {
    const [b, c] = [(await box.boundingBox())!, (await current.boundingBox())!];
    return c.y >= b.y - 1 && c.y + Math.min(c.height, 20) <= b.y + b.height + 1;
  };
  // The run is taller than the box, so following it must scroll.
  expect(await box.evaluate((el) => el.scrollHeight > el.clientHeight + 100)).toBe(true);
  await expect.poll(inView).toBe(true);
  await lab.reset();
  await expect.poll(inView).toBe(true);
  for (let i = 0; i < 16; i++) await lab.forward();
  await lab.expectStep(16, 16);
  await expect.poll(inView).toBe(true);
});

/**
 * Where the current row sits in the sequence box, as a fraction of the box's height (its top
 * and bottom), with the box's scrollTop to tell a step that scrolled. The scroll is written
 * in an animation frame after the step, so this reads until two frames apart agree and the
 * row's top is in the box. (A row taller than three quarters of the box does not fit below
 * the quarter line, so "fully inside" is not asked.)
 */
async function settledRow(page: Page): Promise<{ scrollTop: number; top: number; bottom: number }> {
  const read = () => page.locator('.sequence-scroll').evaluate(async (box) => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const row = box.querySelector('[data-testid="sequence-current"]')!.getBoundingClientRect();
    const top = box.getBoundingClientRect().top + box.clientTop;
    const h = box.clientHeight;
    return { scrollTop: box.scrollTop, top: (row.top - top) / h, bottom: (row.bottom - top) / h };
  });
  let at = await read();
  await expect.poll(async () => {
    const before = at;
    at = await read();
    return at.scrollTop === before.scrollTop && at.top >= -0.01 && at.top < 1;
  }, { message: `current row's top in the sequence box: ${JSON.stringify(at)}` }).toBe(true);
  return at;
}

// e09c1b5: a row that left the box is brought back with room ahead, not centred. Stepping
// down it lands a quarter of the way down; stepping back up its bottom sits at three
// quarters (a row taller than that starts at the top). Bounds: a top under 0.4 going down, a
// bottom within 0.05 of 0.75 going up; centring puts the top at 0.5 either way.
test('the sequence diagram scrolls a row that left the box to a quarter down going forward and to three quarters going back', async ({ page }) => {
  const lab = await new LabPage(page).open('L10');
  for (let i = 0; i < 8; i++) await lab.act('emit-3', 'redeliver');
  await lab.reset();
  await lab.expectStep(0, 16);
  let last = await settledRow(page);
  const down: { top: number; bottom: number }[] = [];
  for (let i = 1; i <= 16; i++) {
    await lab.forward();
    await lab.expectStep(i, 16);
    const at = await settledRow(page);
    if (at.scrollTop > last.scrollTop) down.push({ top: at.top, bottom: at.bottom });
    last = at;
  }
  const up: { top: number; bottom: number }[] = [];
  for (let i = 15; i >= 0; i--) {
    await lab.back();
    await lab.expectStep(i, 16);
    const at = await settledRow(page);
    if (at.scrollTop < last.scrollTop && at.scrollTop > 0) up.push({ top: at.top, bottom: at.bottom });
    last = at;
  }
  // Both directions scrolled more than once, so the bounds below were tested on real scrolls
  // (measured: 9 down, each top at 0.25; 8 up, bottoms at 0.75 or, for tall rows, tops at 0).
  expect(down.length, 'scrolling steps down').toBeGreaterThan(1);
  expect(up.length, 'scrolling steps back').toBeGreaterThan(1);
  expect(down.filter((row) => row.top >= 0.4), 'rows after a scroll down (top, bottom as shares of the box)').toEqual([]);
  // ...and a row that fits in the box is not cut off at its bottom (a tall one ends at the
  // box's bottom instead of starting a quarter down), unless taller than the box.
  expect(down.filter((row) => row.bottom > 1.01 && row.top > 0.01), 'rows cut off at the bottom after a scroll down').toEqual([]);
  // Going up, a row too tall to end at three quarters starts at the box's top instead.
  const threeQuarters = (row: { top: number; bottom: number }) => Math.abs(row.bottom - 0.75) <= 0.05 || (row.top <= 0.01 && row.bottom >= 0.75);
  expect(up.filter((row) => !threeQuarters(row)), 'rows after a scroll back up (top, bottom as shares of the box)').toEqual([]);
});

// A long run draws only the rows near the scroll box: opened at the end of 2,000 steps, the
// last row is drawn and the first is not; after Reset the first is, and the last is not; a
// scroll to the middle draws the middle.
test('the sequence diagram of a 2,000-step run draws the rows near its box, and follows the cursor and the scroll', async ({ page }) => {
  const steps = longL07Run(2000);
  const lab = new LabPage(page);
  await lab.open('L07', `?actions=${encodeActions(steps)}&step=2000`);
  await lab.expectStep(2000, 2000);
  const row = (i: number) => page.getByTestId(`sequence-row-${i}`);
  await expect(row(2000)).toHaveCount(1);
  await expect(row(1)).toHaveCount(0);
  const drawn = await page.locator('[data-testid^="sequence-row-"]').count();
  expect(drawn).toBeLessThan(500);
  await lab.reset();
  await lab.expectStep(0, 2000);
  await expect(row(1)).toHaveCount(1);
  await expect(row(2000)).toHaveCount(0);
  await page.locator('.sequence-scroll').evaluate((el) => { el.scrollTop = el.scrollHeight / 2; });
  await expect(row(1000)).toHaveCount(1);
  await expect(row(1)).toHaveCount(0);
});

/** The switch keys of the selects in a part of the toolbar, sorted. */
const switchKeys = (page: Page, selector: string) => page.locator(selector).evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')!.replace(/^switch-/, '')).sort());

test('only the switches the lab declares are in the toolbar; the first actions are above the fold at 1280×720', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  // The labs that once showed every switch, and L07 (whose narrative has two).
  for (const id of ['L01', 'L06', 'L14', 'L07']) {
    await new LabPage(page).open(id);
    const lab = JSON.parse(readFileSync(join('labs', id, 'lab.json'), 'utf8')) as Parameters<typeof declaredSwitches>[0];
    const own = await switchKeys(page, '.toolbar-choices > .field select[data-testid^="switch-"]');
    const more = await switchKeys(page, '[data-testid="more-switches"] select[data-testid^="switch-"]');
    // In the toolbar: exactly the switches the lab's file names (and the network's); the rest behind "more".
    expect(own, id).toEqual([...declaredSwitches(lab)].sort());
    expect(own.length, id).toBeGreaterThan(0);
    expect(more.filter((key) => own.includes(key)), id).toEqual([]);
    if (id === 'L01') expect(more.length, 'L01 has model switches its file never names').toBeGreaterThan(0);
    const box = (await page.locator('.palette button').first().boundingBox())!;
    expect(box.y + box.height, `${id}: first action's bottom`).toBeLessThanOrEqual(720);
  }
  await expect(page.getByTestId('switch-resource')).toBeVisible();
  await expect(page.getByTestId('switch-network')).toBeVisible();
});

test('the catalog shows progress per lab and points at the next one', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('next-lab')).toHaveAttribute('data-lab', 'L01');
  await expect(page.getByTestId('lab-progress-L07')).toContainText('not started');
  const lab = await new LabPage(page).open('L07');
  await lab.act('A_write');
  await page.getByTestId('nav-catalog').click();
  await expect(page.getByTestId('lab-progress-L07')).toContainText('in progress');
  await expect(page.getByTestId('next-lab')).toHaveAttribute('data-lab', 'L07');
  await page.getByTestId('next-lab-open').click();
  await lab.expectStep(1, 1);
  // Exercises count on the card: one right, one missed.
  await page.getByTestId('exercise-late-write-open').click();
  await page.getByTestId('exercise-late-write-choice-1').check();
  await page.getByTestId('exercise-late-write-check').click();
  await page.getByTestId('exercise-boundary-open').click();
  await page.getByTestId('exercise-boundary-choice-0').check();
  await page.getByTestId('exercise-boundary-check').click();
  await expect(page.getByTestId('exercise-boundary-verdict')).toHaveAttribute('data-pass', 'false');
  await page.getByTestId('nav-catalog').click();
  await expect(page.getByTestId('lab-progress-L07')).toHaveText('in progress · 1 / 4 exercises right, 1 missed');
});

test('a deep link carries non-default switches and rebuilds that World', async ({ page }) => {
  test.setTimeout(200_000); // three cold lab opens on a loaded machine
  const lab = await new LabPage(page).open('L07');
  await lab.pickPrediction('late-write'); // the scenario's last step answers it
  await page.getByTestId('scenario-select').selectOption('late-write');
  for (let i = 0; i < 5; i++) await lab.forward();
  await lab.setSwitch('resource', 'external');
  await expect(page).toHaveURL(/resource=external/);
  const url = page.url();
  const observed = await lab.observed();
  await page.evaluate(() => localStorage.clear());
  await page.goto('about:blank');
  // Nothing saved, so no pick either: made again, or the link stops before the step that answers it.
  await lab.open('L07');
  await lab.pickPrediction('late-write');
  await page.goto('about:blank');
  await page.goto(url);
  await expect(page.getByTestId('lab-L07')).toBeVisible({ timeout: 45_000 });
  await lab.expectStep(5, 5);
  await expect(page.getByTestId('switch-resource')).toHaveValue('external');
  await expect(lab.invariant('FENCE-1')).toHaveAttribute('data-ok', 'false');
  expect(await lab.observed()).toEqual(observed);
  // Back to the default: the parameter leaves the link.
  await lab.setSwitch('resource', 'fenced');
  await expect(page).not.toHaveURL(/resource=/);
});

test('after choosing a scenario with the keyboard, arrow keys step instead of changing the select', async ({ page }) => {
  const lab = await new LabPage(page).open('L07');
  const select = page.getByTestId('scenario-select');
  await select.selectOption('late-write');
  await select.focus(); // where a keyboard user's focus is after choosing
  await expect(select).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await lab.expectStep(2, 5);
  await expect(select).toHaveValue('late-write');
  await page.keyboard.press('ArrowLeft');
  await lab.expectStep(1, 5);
  await expect(select).toHaveValue('late-write');
  await page.getByTestId('switch-resource').focus();
  await page.keyboard.press('ArrowRight');
  await lab.expectStep(2, 5);
  await expect(page.getByTestId('switch-resource')).toHaveValue('fenced');
});

/** Rendered font size of a diagram's text: CSS size × the canvas zoom. */
async function diagramTextPx(page: Page, diagram: string, selector: string): Promise<number[]> {
  return page.locator(diagram).first().evaluate((root, sel) => {
    const viewport = root.querySelector('.react-flow__viewport') as HTMLElement;
    const zoom = new DOMMatrix(getComputedStyle(viewport).transform).a;
    return [...root.querySelectorAll(sel)].map((el) => parseFloat(getComputedStyle(el).fontSize) * zoom);
  }, selector);
}

test('presenter view re-fits the diagrams with text of at least 18 px at 1080p and keeps the scenario outcome', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  const lab = await new LabPage(page).open('L07');
  await lab.pickPrediction('late-write'); // the scenario's last step answers it
  await lab.open('L07', '?scenario=late-write&step=5');
  await lab.expectStep(5, 5);
  await page.getByTestId('nav-present').click();
  await expect(page.locator('.lab.presenting')).toBeVisible();
  await expect(page.getByTestId('scenario-check')).toBeVisible();
  await expect(page.getByTestId('scenario-check')).toHaveAttribute('data-status', 'pass');
  // The smallest text, or 0 when nothing matched (Math.min of no sizes is Infinity, which would pass).
  const smallest = async (diagram: string, selector: string) => {
    const sizes = await diagramTextPx(page, diagram, selector);
    return sizes.length > 0 ? Math.min(...sizes) : 0;
  };
  await expect.poll(() => smallest('.topology', '.world-node-line, .world-node-head, .flow-edge-label')).toBeGreaterThanOrEqual(18);
  await expect.poll(() => smallest('.machine-diagram', '.machine-state-name, .flow-edge-label')).toBeGreaterThanOrEqual(18);
  // A resize re-fits (the zoom follows the box, not the first render). Without FlowDiagram's
  // ResizeObserver the transform stays 'matrix(1, 0, 0, 1, -278, -1.925)' and this fails.
  const before = await page.locator('.topology .react-flow__viewport').evaluate((v) => getComputedStyle(v).transform);
  await page.setViewportSize({ width: 1400, height: 1080 });
  await expect.poll(async () => page.locator('.topology .react-flow__viewport').evaluate((v) => getComputedStyle(v).transform)).not.toBe(before);
});

test('checking a lab file shows the result next to its input', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('preview-lab-input').setInputFiles(['e2e/fixtures/broken-lab/lab.json', 'e2e/fixtures/broken-lab/README.md']);
  const result = page.locator('.authoring').getByTestId('preview-result');
  await expect(result.getByTestId('lab-error-card')).toContainText('world.seed');
  await expect(result).toContainText('did not load');
  const input = (await page.getByTestId('preview-lab-input').boundingBox())!;
  const card = (await result.getByTestId('lab-error-card').boundingBox())!;
  // Below the input and close to it (a result above it gave a negative gap, which passed).
  expect(card.y).toBeGreaterThanOrEqual(input.y + input.height);
  expect(card.y - (input.y + input.height)).toBeLessThan(120);
});
