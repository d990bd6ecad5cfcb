/**
 * Diagram text reads on a desktop screen: at 1440×900 every React Flow diagram of every lab
 * is fitted so that its smallest node text is at least 8 px on screen (CSS size × the canvas
 * zoom; 7 px at 1280×720), every node and edge label lies inside the canvas box (fitted, not
 * cropped), and no edge label overlaps another or a node, also at the end of a scenario when
 * nodes have gained lines and links show in-flight counts.
 * The layouts are chosen per graph and the boxes follow the graph's shape (graphLayout.ts
 * layoutToFit, FlowDiagram.tsx followGraph); with one fixed box height and left-to-right
 * layouts, L05, L07, L08, L09, L12 and L13 fell to 5-7 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LabPage } from './labPage';

const labs = readdirSync('labs').sort().filter((id) => {
  try { return Boolean(JSON.parse(readFileSync(join('labs', id, 'lab.json'), 'utf8'))); } catch { return false; }
}).map((id) => JSON.parse(readFileSync(join('labs', id, 'lab.json'), 'utf8')) as { id: string; scenarios?: { id: string; actions: unknown[]; asks?: string[] }[] });

/** Per diagram: its smallest node text on screen, and the nodes / labels not wholly inside its canvas. */
function measure(page: Page) {
  return page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.react-flow')].map((flow) => {
    const diagram = flow.closest<HTMLElement>('.diagram');
    const name = diagram?.dataset.testid ?? diagram?.closest<HTMLElement>('.machine')?.dataset.testid ?? '?';
    const zoom = new DOMMatrix(getComputedStyle(flow.querySelector('.react-flow__viewport')!).transform).a;
    const texts = [...flow.querySelectorAll<HTMLElement>('.react-flow__node *')]
      .filter((el) => [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== ''));
    const smallest = texts.length > 0 ? Math.min(...texts.map((el) => parseFloat(getComputedStyle(el).fontSize))) * zoom : 0;
    const box = flow.getBoundingClientRect();
    const outside = [...flow.querySelectorAll<HTMLElement>('.react-flow__node, [data-testid="edge-label"]')].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.left < box.left - 1 || r.top < box.top - 1 || r.right > box.right + 1 || r.bottom > box.bottom + 1;
    }).map((el) => el.textContent!.slice(0, 24));
    // Boxes that overlap: two edge labels, or a label and a node (a link's label wraps its
    // in-flight count onto a second line inside the room the layout reserved).
    const boxes = [...flow.querySelectorAll<HTMLElement>('.react-flow__node, [data-testid="edge-label"]')]
      .map((el) => ({ label: el.dataset.testid === 'edge-label', text: el.textContent!.slice(0, 24), r: el.getBoundingClientRect() }));
    const overlaps: string[] = [];
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        if (!a.label && !b.label) continue;
        if (a.r.left < b.r.right - 0.5 && b.r.left < a.r.right - 0.5 && a.r.top < b.r.bottom - 0.5 && b.r.top < a.r.bottom - 0.5) overlaps.push(`${a.text} × ${b.text}`);
      }
    }
    return { name, smallest: Math.round(smallest * 10) / 10, outside, overlaps };
  }));
}

test.use({ viewport: { width: 1440, height: 900 } });

/**
 * The smallest text a diagram may show at 1440×900: 8 px for every diagram of every lab
 * (L05's topology, two workers and their process memories, once read 7.9 px here and 6.1 px
 * at 1280×720, until its linked workers were laid out side by side).
 */
const SMALLEST_PX = 8;

for (const { id, scenarios } of labs) {
  test(`${id} at 1440×900 (and 1280×720): diagram text of at least 8 px (7 px), every node and label inside its canvas`, async ({ page }) => {
    await new LabPage(page).open(id);
    await expect(page.getByTestId('topology').locator('.react-flow__node').first()).toBeVisible();
    // Fitted once the nodes are measured; poll until the fit has settled.
    await expect.poll(async () => (await measure(page)).every((d) => d.smallest > 0)).toBe(true);
    await page.waitForTimeout(300);
    const diagrams = await measure(page);
    expect(diagrams.length).toBeGreaterThan(0);
    for (const d of diagrams) {
      expect(d.smallest, `${id} ${d.name}: smallest text on screen`).toBeGreaterThanOrEqual(SMALLEST_PX);
      expect(d.outside, `${id} ${d.name}: cropped`).toEqual([]);
      expect(d.overlaps, `${id} ${d.name}: overlapping labels`).toEqual([]);
    }
    // A smaller laptop screen: the canvases re-fit to the narrower column, text at 7 px or more.
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect.poll(async () => (await measure(page)).flatMap((d) => [
      ...(d.smallest < 7 ? [`${d.name}: text ${d.smallest} px`] : []),
      ...d.outside.map((o) => `${d.name}: ${o} cropped`),
    ]), { timeout: 5000 }).toEqual([]);
  });

  const scenario = scenarios?.[0];
  if (scenario) {
    test(`${id} at 1440×900, end of scenario ${scenario.id}: still legible, labels with in-flight counts overlap nothing`, async ({ page }) => {
      const lab = new LabPage(page);
      if (scenario.asks) {
        // A link past an unpicked prediction stops before the step that answers it: picked first.
        await lab.open(id);
        for (const ask of scenario.asks) await lab.pickPrediction(ask);
      }
      await lab.open(id, `?scenario=${scenario.id}&step=${scenario.actions.length}`);
      await expect(page.getByTestId('step-counter')).toContainText(`${scenario.actions.length} / ${scenario.actions.length}`);
      await expect.poll(async () => (await measure(page)).every((d) => d.smallest > 0)).toBe(true);
      await page.waitForTimeout(300);
      for (const d of await measure(page)) {
        expect(d.smallest, `${id} ${d.name}: smallest text on screen`).toBeGreaterThanOrEqual(SMALLEST_PX);
        expect(d.overlaps, `${id} ${d.name}: overlapping labels`).toEqual([]);
      }
      // A step neither resizes a diagram's box nor re-fits it (the layout depends on structure only).
      const boxes = () => page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.react-flow')]
        .map((flow) => `${flow.getBoundingClientRect().height} ${flow.querySelector<HTMLElement>('.react-flow__viewport')!.style.transform}`));
      const before = await boxes();
      await page.getByTestId('step-back').click();
      await expect(page.getByTestId('step-counter')).toContainText(`step ${scenario.actions.length - 1} /`);
      await page.waitForTimeout(200);
      expect(await boxes()).toEqual(before);
    });
  }
}
