/**
 * The Search panel in Chromium: a search runs in a Web Worker and finds the stale write
 * against the external system; Cancel stops a long one; the counterexample loads into the
 * step log and the student steps through it until FENCE-1 turns red; its link opens the
 * same World, at the last step, in a fresh page; an exhaustive search runs over a pool of
 * Web Workers and says how many. The same for an asynchronous lab (L05's
 * LangGraph workflow, awaited inside each step in the worker): found, loaded, stepped, cancelled.
 */
import { expect, test, type Page } from '@playwright/test';
import { LabPage, watchConsole } from './labPage';

/** Searches the open lab to `depth` and waits for the panel's result to have `outcome`; returns the result. */
async function searchTo(page: Page, depth: number, outcome: 'counterexample' | 'clean' | 'unrecoverable') {
  const panel = page.getByTestId('search-panel');
  await panel.getByTestId('search-depth').fill(String(depth));
  await panel.getByTestId('search-run').click();
  const result = panel.getByTestId('search-result');
  await expect(result).toHaveAttribute('data-outcome', outcome, { timeout: 240_000 });
  return result;
}

/** Opens a lab, searches to `depth`, waits for a counterexample saying `says`, loads it and checks the invariant holds at step 0. */
async function loadCounterexample(page: Page, id: string, query: string, depth: number, says: string, invariant: string): Promise<LabPage> {
  const lab = await new LabPage(page).open(id, query);
  const panel = page.getByTestId('search-panel');
  const result = await searchTo(page, depth, 'counterexample');
  await expect(result).toContainText(says);
  await panel.getByTestId('search-load').click();
  await lab.expectStep(0, Number(/in (\d+) steps/.exec(says)![1]));
  // Loaded: the stepping controls and the diagrams come into view, Step has the focus.
  await expect(page.getByTestId('step-forward')).toBeFocused();
  await expect(page.getByTestId('step-forward')).toBeInViewport();
  await expect(page.getByTestId('topology')).toBeInViewport();
  await expect(lab.invariant(invariant)).toHaveAttribute('data-ok', 'true');
  return lab;
}

/**
 * Starts a long search on the open lab and cancels it: the panel keeps what the search
 * covered, labelled incomplete (never a pass), and offers Run again.
 */
async function cancelSearch(page: Page, depth: number): Promise<void> {
  const panel = page.getByTestId('search-panel');
  await panel.getByTestId('search-depth').fill(String(depth));
  await panel.getByTestId('search-run').click();
  await expect(panel.getByTestId('search-progress')).toBeVisible();
  await expect(panel.getByTestId('search-progress')).toContainText(/[1-9]\d* states/);
  await panel.getByTestId('search-cancel').click();
  const result = panel.getByTestId('search-result');
  await expect(result).toHaveAttribute('data-outcome', 'incomplete');
  await expect(result).toContainText(/Cancelled after [\d,]+ states: every schedule up to depth \d+ was checked/);
  await expect(result).toContainText('This is not a pass.');
  await expect(panel.getByTestId('search-run')).toBeEnabled();
  await expect(panel.getByTestId('search-message')).toHaveCount(0);
}

test.describe('Search panel', () => {
  let consoleErrors: string[] = [];
  test.beforeEach(async ({ page }) => {
    consoleErrors = watchConsole(page);
  });
  test.afterEach(() => {
    expect(consoleErrors).toEqual([]);
  });

  test('finds a counterexample, loads it, and the student steps through it', async ({ page }) => {
    test.setTimeout(240_000);
    const lab = await loadCounterexample(page, 'L07', '?resource=external', 3, 'FENCE-1 breaks in 3 steps', 'FENCE-1');
    // → walks it straight away (the focus is on Step, not left on the panel's button).
    await page.keyboard.press('ArrowRight');
    await lab.expectStep(1, 3);
    await lab.forward();
    await expect(lab.invariant('FENCE-1')).toHaveAttribute('data-ok', 'true');
    await lab.forward();
    await lab.expectStep(3, 3);
    await expect(lab.invariant('FENCE-1')).toHaveAttribute('data-ok', 'false');
  });

  test('a result is kept per design across a reload, and marked once the design changed since it ran', async ({ page }) => {
    test.setTimeout(240_000);
    const lab = await new LabPage(page).open('L07', '?resource=external');
    const panel = page.getByTestId('search-panel');
    const result = await searchTo(page, 3, 'counterexample');
    await expect(panel.getByTestId('search-stale')).toHaveCount(0);
    // Another design: the result on screen is about the one searched, and says so.
    await lab.setSwitch('resource', 'fenced');
    await expect(panel.getByTestId('search-stale')).toBeVisible();
    // A reload on the fenced design: nothing was searched for it.
    await page.reload();
    await expect(page.getByTestId('switch-resource')).toHaveValue('fenced');
    await expect(result).toHaveCount(0);
    // Back on the searched design: its result comes back from storage, marked as kept.
    await lab.setSwitch('resource', 'external');
    await expect(result).toHaveAttribute('data-outcome', 'counterexample');
    await expect(result).toHaveAttribute('data-restored', 'true');
    await expect(result).toContainText('FENCE-1 breaks in 3 steps');
  });

  test("L01: every step of the counterexample can be taken by hand, the palette's or another move", async ({ page }) => {
    test.setTimeout(240_000);
    const lab = await loadCounterexample(page, 'L01', '?idempotency=off&retry_policy=blind_resend', 4, 'REF-1 breaks in 4 steps', 'REF-1');
    const steps = page.getByTestId('search-step');
    const count = await steps.count();
    const taken: string[] = [];
    // At step 0 of the loaded run: each step taken by hand replaces the rest of it.
    const other = page.getByTestId('other-moves');
    for (let i = 0; i < count; i++) {
      const words = (await steps.nth(i).textContent())!.trim();
      const json = (await steps.nth(i).getAttribute('title'))!;
      const button = page.locator('.palette:not(.other-moves) .palette-buttons button', { hasText: words });
      if (await button.count() > 0) {
        await button.first().click();
        taken.push('palette');
      } else {
        // Not on the palette: offered among the other moves, by the same words.
        if (!(await other.evaluate((d) => (d as HTMLDetailsElement).open))) await other.locator('summary').click();
        const move = other.getByTestId('other-move').filter({ hasText: words });
        await expect(move, `step ${i + 1}: ${json}`).toHaveCount(1);
        await move.click();
        taken.push('other');
      }
      await lab.expectStep(i + 1, i + 1);
    }
    // The same run as the loaded counterexample: its invariant is broken at the end.
    expect(taken).toContain('other');
    await expect(page.locator('[data-testid^="invariant-"][data-ok="false"]').first()).toBeVisible();
  });

  test('run as an exercise: its start and design, whatever the toolbar says', async ({ page }) => {
    test.setTimeout(240_000);
    await new LabPage(page).open('L07');
    const panel = page.getByTestId('search-panel');
    // The toolbar's fenced resource breaks nothing at depth 3; the reproduce exercise starts on
    // the external system, so searching as it finds the stale write it asks for.
    await panel.getByTestId('search-as').selectOption('overwrite');
    await expect(panel.getByTestId('search-as-note')).toContainText('Starts where the exercise starts, 0 steps in. Bounds: depth ≤ 8');
    const result = await searchTo(page, 3, 'counterexample');
    await expect(result).toContainText('FENCE-1 breaks in 3 steps');
    await expect(page.getByTestId('switch-resource')).toHaveValue('fenced');
    await expect(panel.getByTestId('search-stale')).toHaveCount(0);
    // Back to the lab as it stands: the result on screen is not about it, and says so.
    await panel.getByTestId('search-as').selectOption('');
    await expect(panel.getByTestId('search-stale')).toBeVisible();
  });

  test('the fenced resource: nothing found, said as a bounded claim', async ({ page }) => {
    test.setTimeout(240_000);
    await new LabPage(page).open('L07');
    const result = await searchTo(page, 2, 'clean');
    await expect(result).toContainText(/No invariant broken in \d+ states up to depth 2 \(bounds: depth ≤ 2/);
  });

  test('an exhaustive search runs over a pool of Web Workers and says how many', async ({ page }) => {
    test.setTimeout(240_000);
    // Three cores reported: one left for the page, a pool of two.
    await page.addInitScript(() => Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => 3 }));
    await new LabPage(page).open('L07', '?resource=external');
    const panel = page.getByTestId('search-panel');
    const result = await searchTo(page, 3, 'counterexample');
    await expect(result).toContainText('FENCE-1 breaks in 3 steps');
    await expect(panel.getByTestId('search-workers')).toHaveText('Run on 2 workers in parallel.');
  });

  test('L05 (LangGraph, asynchronous): a wrong recovery design yields a counterexample that loads and steps', async ({ page }) => {
    test.setTimeout(300_000);
    // Only the current node survives a crash: a crash just after the provider answered, then
    // the approval and a restart, and the node runs again with no key — a second refund.
    const lab = await loadCounterexample(page, 'L05', '?recovery=current_node', 4, 'LG-LEDGER-1 breaks in 4 steps', 'LG-LEDGER-1');
    for (let i = 0; i < 4; i++) await lab.forward();
    await lab.expectStep(4, 4);
    await expect(lab.invariant('LG-LEDGER-1')).toHaveAttribute('data-ok', 'false');
  });

  test('L05: Cancel stops a running asynchronous search', async ({ page }) => {
    test.setTimeout(120_000);
    await new LabPage(page).open('L05');
    await cancelSearch(page, 6);
  });

  test('Cancel stops a running search', async ({ page }) => {
    await new LabPage(page).open('L07');
    await cancelSearch(page, 12);
  });
  test('a counterexample link rebuilds the World at its last step in a fresh page', async ({ page, browser }) => {
    test.setTimeout(240_000);
    await new LabPage(page).open('L07', '?resource=external');
    const panel = page.getByTestId('search-panel');
    await panel.getByTestId('search-depth').fill('3');
    await panel.getByTestId('search-run').click();
    await expect(panel.getByTestId('search-result')).toHaveAttribute('data-outcome', 'counterexample', { timeout: 180_000 });
    await panel.getByTestId('search-copy-link').click();
    const link = await panel.getByTestId('search-link').inputValue();
    expect(link).toMatch(/#\/lab\/L07\?.*actions=[A-Za-z0-9_-]+/);
    expect(link).toContain('resource=external');

    const other = await browser.newContext(); // nothing saved: the link alone rebuilds it
    const fresh = await other.newPage();
    const freshErrors = watchConsole(fresh);
    await fresh.goto(link);
    await expect(fresh.getByTestId('lab-L07')).toBeVisible({ timeout: 45_000 });
    const opened = new LabPage(fresh);
    await opened.expectStep(3, 3);
    await expect(opened.invariant('FENCE-1')).toHaveAttribute('data-ok', 'false');
    await expect(fresh.getByTestId('flash')).toHaveCount(0);
    expect(freshErrors).toEqual([]);
    await other.close();
  });

  test('a reproduce attempt built from a loaded counterexample is refused (the exercise does not allow search)', async ({ page }) => {
    test.setTimeout(240_000);
    await new LabPage(page).open('L07');
    await page.getByTestId('exercise-overwrite-open').click();
    await page.getByTestId('exercise-overwrite-start').click();
    const panel = page.getByTestId('search-panel');
    await panel.getByTestId('search-depth').fill('3');
    await panel.getByTestId('search-run').click();
    await expect(panel.getByTestId('search-result')).toHaveAttribute('data-outcome', 'counterexample', { timeout: 180_000 });
    await panel.getByTestId('search-load').click();
    await page.getByTestId('step-forward').click();
    await page.getByTestId('step-forward').click();
    await page.getByTestId('step-forward').click();
    await page.getByTestId('exercise-overwrite-check').click();
    const verdict = page.getByTestId('exercise-overwrite-verdict');
    await expect(verdict).toHaveAttribute('data-pass', 'false');
    await expect(verdict).toContainText('loaded from a Search counterexample');
    // The attempt is not over: the panel says what to do next, and Start over resets it.
    await expect(page.getByTestId('exercise-overwrite-next')).toContainText('Still recording');
    await page.getByTestId('exercise-overwrite-restart').click();
    await expect(page.getByTestId('exercise-overwrite-recorded')).toContainText('Recording: 0 step(s)');
  });
});
