/**
 * The panels and diagrams of the lab page a presenter can bring on screen from the command
 * palette. In presenter view at 1080p the topology alone is taller than the screen and the
 * crash panel sits three screens down, while PageDown and PageUp step the World (they are
 * what clickers send): without this, showing what a crash lost meant reaching for the mouse.
 *
 * Read from the page as it is when the palette opens, so a panel that only exists after a
 * crash, a lab's own panels, and whatever presenter view hides all come out right. Named by
 * what screen readers are told: a panel's aria-label, a figure's label or caption.
 */
export interface Place { name: string; element: HTMLElement }

const PLACE = 'section.panel[aria-label], [role="figure"][aria-label], figure';

export function pagePlaces(root: ParentNode = document): Place[] {
  const found = [...root.querySelectorAll<HTMLElement>(`.lab :is(.col-main, .col-right) :is(${PLACE})`)];
  return found
    // A figure inside a panel is shown with its panel; a hidden panel (display: none) has no boxes.
    .filter((el) => !el.parentElement?.closest(PLACE) && el.getClientRects().length > 0)
    .flatMap((element) => {
      const name = (element.getAttribute('aria-label') ?? element.querySelector('figcaption')?.textContent ?? '').trim();
      return name ? [{ name, element }] : [];
    });
}

/**
 * Scrolls as little as brings `element` into view under the sticky toolbar: one below the
 * screen ends at its bottom edge (what is above it, a diagram, stays in view), one above or
 * taller than the room starts just under the toolbar.
 */
export function showPlace(element: HTMLElement): void {
  const toolbar = document.querySelector<HTMLElement>('.lab .toolbar');
  const top = toolbar ? toolbar.getBoundingClientRect().height : 0; // stuck at the top once the page scrolls
  const gap = 8;
  const box = element.getBoundingClientRect();
  const bottom = window.innerHeight - gap;
  let delta = 0;
  if (box.top < top + gap || box.height > bottom - top - gap) delta = box.top - top - gap;
  else if (box.bottom > bottom) delta = box.bottom - bottom;
  if (delta !== 0) window.scrollBy({ top: delta, behavior: 'instant' });
}
