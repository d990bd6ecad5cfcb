/**
 * CJK text fits its boxes: in zh-Hans and ja, on every lab (at the end of its first
 * scenario, so links show in-flight counts and nodes their latest lines), no button, diagram
 * edge label or node text is clipped — neither wider than its own box (scrollWidth >
 * clientWidth, e.g. a nowrap label with overflow hidden) nor drawn outside the node that
 * holds it. One page per locale, hash navigation between labs.
 */
import { expect, test, type Page } from '@playwright/test';
import { shippedLabs as labs } from './shippedLabs';
import { monoLabelWidth } from '../src/app/components/graphLayout';
import { LabPage } from './labPage';

test.setTimeout(600_000);


/** Clipped text on the page: `where: text (why)`. Runs in the page. */
function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const name = (el: Element) => el.closest('[data-testid]')?.getAttribute('data-testid') ?? el.className;
    const label = (el: Element) => (el.textContent ?? '').trim().slice(0, 40);
    // Own box: buttons and edge labels (nowrap, overflow hidden, width from the layout).
    for (const el of document.querySelectorAll<HTMLElement>('button, [data-testid="edge-label"], .world-node, .machine-state')) {
      if (!el.checkVisibility() || el.clientWidth === 0) continue;
      if (el.scrollWidth > el.clientWidth + 1) out.push(`${name(el)}: ${label(el)} (text ${el.scrollWidth}px in a ${el.clientWidth}px box)`);
    }
    // Node boxes: every line of text inside its node.
    for (const node of document.querySelectorAll<HTMLElement>('.world-node, .machine-state')) {
      if (!node.checkVisibility()) continue;
      const box = node.getBoundingClientRect();
      for (const part of node.querySelectorAll<HTMLElement>('div, span')) {
        const range = document.createRange();
        range.selectNodeContents(part);
        const r = range.getBoundingClientRect();
        if (r.width === 0) continue;
        if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1) {
          out.push(`${name(node)}: ${label(part)} (text outside its node by ${Math.round(Math.max(box.left - r.left, r.right - box.right, box.top - r.top, r.bottom - box.bottom))}px)`);
        }
      }
    }
    return [...new Set(out)];
  });
}

for (const locale of ['zh-Hans', 'ja'] as const) {
  test(`${locale}: no clipped button, edge label or node text on any lab`, async ({ page }) => {
    await page.goto(`/?lang=${locale}#/`);
    await expect(page.getByTestId('catalog')).toBeVisible();
    const found: string[] = (await clipped(page)).map((c) => `catalog · ${c}`);
    for (const lab of labs) {
      const scenario = lab.scenarios[0]!;
      if (scenario.asks) {
        // A link past an unpicked prediction stops before the step that answers it: picked first.
        await page.evaluate((h) => { window.location.hash = h; }, `#/lab/${lab.id}`);
        await expect(page.getByTestId(`lab-${lab.id}`)).toBeVisible({ timeout: 60_000 });
        for (const id of scenario.asks) await new LabPage(page).pickPrediction(id);
      }
      await page.evaluate((h) => { window.location.hash = h; }, `#/lab/${lab.id}?scenario=${scenario.id}&step=${scenario.actions.length}`);
      await expect(page.getByTestId(`lab-${lab.id}`)).toBeVisible({ timeout: 60_000 });
      await expect(page.getByTestId('step-counter')).toContainText(`${scenario.actions.length} / ${scenario.actions.length}`);
      // Diagrams fit their view after layout; give React Flow its frame.
      await expect(page.locator('[data-testid="topology"] .react-flow__node').first()).toBeVisible();
      found.push(...(await clipped(page)).map((c) => `${lab.id} · ${c}`));
    }
    expect(found, 'clipped text').toEqual([]);
  });
}

test('the fit check reports a deliberately clipped edge label and button', async ({ page }) => {
  await page.goto('/?lang=ja#/lab/L07');
  await expect(page.getByTestId('lab-L07')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('edge-label').first()).toBeVisible();
  expect(await clipped(page)).toEqual([]);
  await page.evaluate(() => {
    const edge = document.querySelector<HTMLElement>('[data-testid="edge-label"]')!;
    edge.textContent = 'リース権威サービスへの要求がフェンシングトークンとともに配信されました';
    const button = document.querySelector<HTMLElement>('[data-testid="step-forward"]')!;
    Object.assign(button.style, { width: '30px', overflow: 'hidden', whiteSpace: 'nowrap' });
  });
  const found = await clipped(page);
  expect(found.some((c) => c.startsWith('edge-label: リース権威サービスへの要求がフェンシング'))).toBe(true);
  expect(found.some((c) => c.startsWith('step-forward:'))).toBe(true);
});

test('an edge label in CJK fits the width the layout reserves for it (monoLabelWidth), in the real font', async ({ page }) => {
  await page.goto('/?lang=zh-Hans#/lab/L07');
  await expect(page.getByTestId('edge-label').first()).toBeVisible({ timeout: 60_000 });
  // Without a CJK font the browser draws fallback glyphs of no particular width and the
  // measurement means nothing.
  const cjkEm = await page.evaluate(() => {
    const probe = document.createElement('span');
    Object.assign(probe.style, { font: '100px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', whiteSpace: 'nowrap', position: 'absolute' });
    probe.textContent = '租租租租租租租租租租';
    document.body.append(probe);
    const em = probe.getBoundingClientRect().width / 1000;
    probe.remove();
    return em;
  });
  // .ci/run installs one, so a missing font is a failure here, not a reason to skip.
  expect(cjkEm, `no full-width CJK font installed (a CJK glyph measured ${cjkEm.toFixed(2)} em): install fonts-wqy-microhei`).toBeGreaterThanOrEqual(0.9);
  const labels = ['租约权威服务 · 99 个在途', 'リース権威サービス · 送信中 99', 'fence 2 · 防護權杖', 'lease.grant'];
  const widths = labels.map((text) => ({ text, width: monoLabelWidth(text, 11) }));
  const overflowing = await page.evaluate((items) => items.flatMap(({ text, width }) => {
    // A label box as FlowDiagram draws it, outside the zoomed viewport.
    const probe = document.createElement('div');
    probe.className = 'flow-edge-label';
    Object.assign(probe.style, { width: `${width}px`, position: 'absolute', top: '0', left: '0' });
    probe.textContent = text;
    document.body.append(probe);
    const over = probe.scrollWidth > probe.clientWidth + 1 ? [`${text}: ${probe.scrollWidth}px in ${width}px`] : [];
    probe.remove();
    return over;
  }), widths);
  expect(overflowing).toEqual([]);
});
