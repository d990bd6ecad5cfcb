/** Text size as the reader sees it, for the lecture and phone specs. */
import type { Page } from '@playwright/test';

/**
 * Every text the parts (name → selector) draw that is smaller than `px` on screen: CSS size times the canvas
 * zoom inside React Flow, hidden elements and SVG tooltips (<title>) left out.
 */
export async function smallText(page: Page, px: number, parts: Record<string, string>): Promise<string[]> {
  return page.evaluate(({ parts, px }) => Object.entries(parts).flatMap(([name, selector]) => {
    const part = document.querySelector(selector)!;
    return [...part.querySelectorAll('*')]
      .filter((el) => el.tagName.toLowerCase() !== 'title' && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden'
        && [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== ''))
      .flatMap((el) => {
        const viewport = el.closest('.react-flow__viewport');
        const zoom = viewport ? new DOMMatrix(getComputedStyle(viewport).transform).a : 1;
        const size = parseFloat(getComputedStyle(el).fontSize) * zoom;
        return size < px - 0.05 ? [`${name}: "${el.textContent!.trim().slice(0, 30)}" ${size.toFixed(1)}px`] : [];
      });
  }), { parts, px });
}
