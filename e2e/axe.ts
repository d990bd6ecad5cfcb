/**
 * Serious and critical axe findings, for every spec that scans the page. axe-core runs in the
 * page itself, put there once per document: @axe-core/playwright's `analyze()` injects it
 * again for every scan and finishes each run in a fresh blank page (1.5–13 s a scan on a
 * loaded 2-core machine, against 0.4–1 s here). The source is the axe-core that
 * @axe-core/playwright itself depends on: the same rules and version it would inject.
 */
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const fromAxePlaywright = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE_SOURCE = readFileSync(fromAxePlaywright.resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical axe findings on the page, or inside `include` (a selector). */
export async function seriousFindings(page: Page, include?: string): Promise<string[]> {
  if (!await page.evaluate(() => 'axe' in window)) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const { violations } = await axe.run(selector ? { include: [selector] } : document, { resultTypes: ['violations'] });
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  }, include);
}
