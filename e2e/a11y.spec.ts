/**
 * Every lab page, and every exercise opened in it, has no serious or critical axe finding;
 * and no two edge labels of any machine diagram overlap (their boxes are placed by dagre).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LabPage } from './labPage';

const labs = readdirSync('labs').sort().filter((id) => {
  try { return Boolean(JSON.parse(readFileSync(join('labs', id, 'lab.json'), 'utf8'))); } catch { return false; }
}).map((id) => JSON.parse(readFileSync(join('labs', id, 'lab.json'), 'utf8')) as { id: string; exercises?: { id: string }[] });

async function seriousFindings(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Pairs of overlapping edge-label boxes in each machine diagram, and how many labels were measured. */
async function overlappingLabels(page: Page): Promise<string[]> {
  return (await labelOverlaps(page)).pairs;
}

async function labelOverlaps(page: Page): Promise<{ labels: number; pairs: string[] }> {
  const labels = await page.locator('.machine [data-testid="edge-label"]').count();
  const pairs = await page.locator('.machine').evaluateAll((figures) => figures.flatMap((figure) => {
    const labels = [...figure.querySelectorAll('[data-testid="edge-label"]')].map((el) => ({ text: el.textContent ?? '', box: el.getBoundingClientRect() }));
    const out: string[] = [];
    for (let i = 0; i < labels.length; i++) {
      for (let j = i + 1; j < labels.length; j++) {
        const a = labels[i]!.box;
        const b = labels[j]!.box;
        if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) {
          out.push(`${figure.getAttribute('data-testid')}: ${labels[i]!.text} × ${labels[j]!.text}`);
        }
      }
    }
    return out;
  }));
  return { labels, pairs };
}

test('the catalog has no serious or critical axe finding', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('catalog')).toBeVisible();
  expect(await seriousFindings(page)).toEqual([]);
});

// The overlap check finds nothing on a lab without machine diagrams; here it is shown
// measuring real labels, and reporting them once they are stacked on one spot.
test('the edge-label overlap check measures labels and reports stacked ones', async ({ page }) => {
  await new LabPage(page).open('L07');
  await expect(page.locator('.machine').first()).toBeVisible();
  await page.waitForTimeout(300);
  const before = await labelOverlaps(page);
  expect(before.labels).toBeGreaterThan(1);
  expect(before.pairs).toEqual([]);
  await page.addStyleTag({ content: '.machine [data-testid="edge-label"] { position: fixed !important; left: 0 !important; top: 0 !important; transform: none !important; }' });
  expect((await labelOverlaps(page)).pairs.length).toBeGreaterThan(0);
});

// The per-lab scans above see each exercise opened but never answered. Here one exercise of
// each kind is taken through the states a student meets (a wrong and a right pick, a
// recording with a changed switch, a reproduced run, a repair that fails and one that holds,
// an explanation handed in), with a scan of the exercises panel at each.
test('no serious or critical axe finding in any exercise state: verdicts, recording, repair, explanation', async ({ page }) => {
  test.setTimeout(180_000);
  const found: string[] = [];
  const scan = async (state: string) => {
    for (const f of await seriousFindings(page, '[data-testid="exercises"]')) found.push(`${state}: ${f}`);
  };
  const lab = await new LabPage(page).open('L07');
  await page.getByTestId('exercise-late-write-open').click();
  await page.getByTestId('exercise-late-write-choice-0').check();
  await page.getByTestId('exercise-late-write-check').click();
  await expect(page.getByTestId('exercise-late-write-verdict')).toHaveAttribute('data-pass', 'false');
  await scan('predict, missed');
  await page.getByTestId('exercise-late-write-choice-1').check();
  await page.getByTestId('exercise-late-write-check').click();
  await expect(page.getByTestId('exercise-late-write-verdict')).toHaveAttribute('data-pass', 'true');
  await expect(page.getByTestId('exercise-late-write-decided')).toBeVisible();
  await scan('predict, practice run right');
  await page.getByTestId('exercise-overwrite-open').click();
  await page.getByTestId('exercise-overwrite-start').click();
  await lab.setSwitch('resource', 'fenced');
  await expect(page.getByTestId('exercise-overwrite-fixed')).toHaveClass(/verdict fail/);
  await scan('reproduce, recording with a changed switch');
  await lab.setSwitch('resource', 'external');
  await lab.act('A_pause', 'advance-11', 'B_acquire', 'B_write', 'A_wake');
  await expect(page.getByTestId('exercise-overwrite-recorded')).toBeVisible();
  await page.getByTestId('exercise-overwrite-check').click();
  await expect(page.getByTestId('exercise-overwrite-verdict')).toHaveAttribute('data-pass', 'true');
  await scan('reproduce, reproduced');
  await page.getByTestId('exercise-search-then-repair-open').click();
  await page.getByTestId('exercise-search-then-repair-spoilers').check();
  await page.getByTestId('exercise-search-then-repair-option-resource').selectOption('external');
  await page.getByTestId('exercise-search-then-repair-check').click();
  await expect(page.getByTestId('exercise-search-then-repair-verdict')).toHaveAttribute('data-pass', 'false');
  await scan('repair, broken design');
  await page.getByTestId('exercise-search-then-repair-option-resource').selectOption('fenced');
  await page.getByTestId('exercise-search-then-repair-check').click();
  await expect(page.getByTestId('exercise-search-then-repair-verdict')).toHaveAttribute('data-pass', 'true');
  await scan('repair, holds');
  await new LabPage(page).open('L01');
  await page.getByTestId('exercise-why-not-framework-open').click();
  await page.getByTestId('exercise-why-not-framework-text').fill('Too short.');
  await page.getByTestId('exercise-why-not-framework-check').click();
  await expect(page.getByTestId('exercise-why-not-framework-verdict')).toBeVisible();
  await scan('explain, handed in');
  expect(found).toEqual([]);
});

// Shown failing: the inspector's node select without its aria-label fails L07's page scan
// ('select-name (critical)'); the explain textarea without one fails L01's why-not-framework
// scan ('label (critical)', 'label-title-only (serious)').
for (const lab of labs) {
  test(`${lab.id}: no serious or critical axe finding on the page or in any exercise; machine edge labels do not overlap`, async ({ page }) => {
    test.setTimeout(180_000);
    await new LabPage(page).open(lab.id);
    await expect(page.getByTestId('topology')).toBeVisible();
    await page.waitForTimeout(300); // let the diagrams fit
    expect(await overlappingLabels(page)).toEqual([]);
    expect(await seriousFindings(page)).toEqual([]);
    for (const exercise of lab.exercises ?? []) {
      await page.getByTestId(`exercise-${exercise.id}-open`).click();
      // Scan the exercise opened, not the panel before React has rendered its body.
      await expect(page.getByTestId(`exercise-${exercise.id}-open`)).toHaveAttribute('aria-expanded', 'true');
      expect(await seriousFindings(page, '[data-testid="exercises"]'), `${lab.id} ${exercise.id}`).toEqual([]);
      await page.getByTestId(`exercise-${exercise.id}-open`).click();
    }
  });
}

// A crash shows grey row counts and notes on the panel's tinted columns (lost on pink, kept
// on green), where the page's usual grey reads 4.2:1: scanned in a lab whose crash keeps
// tables (L07) and in the LangGraph lab (L05), whose crash lists process memory too.
for (const [id, actions] of [['L07', ['A_write', 'crash_at-resource.before_commit', 'A_write']], ['L05', ['ask', 'crash_at-workflow.before_submit', 'approve']]] as const) {
  test(`${id}: no serious or critical axe finding in the crash panel after a crash`, async ({ page }) => {
    const lab = await new LabPage(page).open(id);
    await lab.act(...actions);
    await expect(page.getByTestId('crash-panel')).toBeVisible();
    expect(await seriousFindings(page, '[data-testid="crash-panel"]')).toEqual([]);
  });
}

// The LangGraph graph with marks on it (a failed task, a saved one, the next) and its checkpoint trail.
test('L05: no serious or critical axe finding in the LangGraph panel with the run marked on it', async ({ page }) => {
  const lab = await new LabPage(page).open('L05');
  await lab.act('shop_unavailable', 'ask');
  await expect(page.getByTestId('lgraph-node-check_order')).toHaveAttribute('data-mark', 'failed next');
  expect(await seriousFindings(page, '[data-testid="lgraph-panel"]')).toEqual([]);
});
