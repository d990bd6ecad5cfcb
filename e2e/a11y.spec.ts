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
      expect(await seriousFindings(page, '[data-testid="exercises"]'), `${lab.id} ${exercise.id}`).toEqual([]);
      await page.getByTestId(`exercise-${exercise.id}-open`).click();
    }
  });
}
