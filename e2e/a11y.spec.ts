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

/** Pairs of overlapping edge-label boxes in each machine diagram. */
async function overlappingLabels(page: Page): Promise<string[]> {
  return page.locator('.machine').evaluateAll((figures) => figures.flatMap((figure) => {
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
}

test('the catalog has no serious or critical axe finding', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('catalog')).toBeVisible();
  expect(await seriousFindings(page)).toEqual([]);
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
