/**
 * The message sequence diagram fits its lifelines to its box: at 1280x720, L07's four nodes
 * (A, B, the authority, the resource) are all inside the box without scrolling sideways.
 * With fixed 150 px lanes the authority and the resource lay outside it, so a message to
 * them ran off the edge.
 */
import { expect, test } from '@playwright/test';
import { LabPage, watchConsole } from './labPage';

test.use({ viewport: { width: 1280, height: 720 } });

test('L07 at 1280x720: every lifeline of the sequence diagram is inside its box', async ({ page }) => {
  const errors = watchConsole(page);
  const lab = await new LabPage(page).open('L07');
  await lab.act('A_write', 'B_acquire');
  const fit = await page.getByTestId('sequence').evaluate((panel) => {
    const box = panel.querySelector('.sequence-scroll')!;
    const right = box.getBoundingClientRect().left + box.clientWidth;
    return {
      lanes: [...panel.querySelectorAll('.seq-lane-name')].map((t) => ({ name: t.textContent, inside: t.getBoundingClientRect().right <= right + 0.5 })),
      sideways: box.scrollWidth > box.clientWidth,
    };
  });
  expect(fit.lanes.map((l) => l.name)).toEqual(['A', 'B', 'authority', 'resource']);
  expect(fit.lanes.filter((l) => !l.inside)).toEqual([]);
  expect(fit.sideways).toBe(false);
  expect(errors).toEqual([]);
});
