/**
 * Presenter view at 1080p: every node of every diagram is inside its canvas and no two nodes
 * overlap, at every step of each scenario, while diagram text stays at 18 px or more (that
 * size is checked in ui.spec). With a fixed 420 px box at zoom 1, L01 lost worker-2 and the
 * shop off the canvas and its provider grew into the key-value store below it, L05 lost its
 * workers, L12 the new owner agent-2.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { LabPage, watchConsole } from './labPage';

test.use({ viewport: { width: 1920, height: 1080 } });

/** Nodes outside their canvas, and pairs of nodes drawn over each other. */
function problems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const flow of document.querySelectorAll('.react-flow')) {
      const box = flow.getBoundingClientRect();
      const nodes = [...flow.querySelectorAll<HTMLElement>('.react-flow__node')].map((n) => ({ id: n.dataset.id, r: n.getBoundingClientRect() }));
      for (const n of nodes) if (n.r.left < box.left - 1 || n.r.right > box.right + 1 || n.r.top < box.top - 1 || n.r.bottom > box.bottom + 1) out.push(`${n.id} cut off`);
      nodes.forEach((a, i) => nodes.slice(i + 1).forEach((b) => {
        if (a.r.left < b.r.right - 1 && b.r.left < a.r.right - 1 && a.r.top < b.r.bottom - 1 && b.r.top < a.r.bottom - 1) out.push(`${a.id} over ${b.id}`);
      }));
    }
    return out;
  });
}

for (const [labId, scenarios] of [['L01', ['blind-retry', 'lookup-decides']], ['L05', []], ['L12', []]] as const) {
  test(`${labId} in presenter view: every node inside its diagram, none over another, at every step`, async ({ page }) => {
    const errors = watchConsole(page);
    // A scenario that plays a prediction holds its answer until the pick: picked before the presenter view.
    const { scenarios: all } = JSON.parse(readFileSync(`labs/${labId}/lab.json`, 'utf8')) as { scenarios: { id: string; asks?: string[] }[] };
    const asks = all.filter((s, i) => i === 0 || (scenarios as readonly string[]).includes(s.id)).flatMap((s) => s.asks ?? []);
    const lab = await new LabPage(page).open(labId);
    for (const id of asks) await lab.pickPrediction(id);
    await lab.open(labId, '?present=1');
    // The lab's first scenario and those named (the ones that grew nodes into each other).
    const first = await page.getByTestId('scenario-select').locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean)[0]!);
    const seen: string[] = [];
    for (const scenario of [first, ...scenarios]) {
      await page.getByTestId('scenario-select').selectOption(scenario);
      const [, at, total] = /step (\d+) \/ (\d+)/.exec(await page.getByTestId('step-counter').innerText())!.map(Number) as [number, number, number];
      if (at > 0) await lab.reset();
      for (let i = 0; i <= total; i++) {
        await lab.expectStep(i, total);
        for (const p of await problems(page)) seen.push(`${scenario} step ${i}: ${p}`);
        if (i < total) await lab.forward();
      }
    }
    expect(seen).toEqual([]);
    expect(errors).toEqual([]);
  });
}
