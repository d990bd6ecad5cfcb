/**
 * The timeline on a long run: a step turns the row of the step taken from
 * "ahead" into "done" in place — the same <li>, not a new one — so the page's ordered lists
 * are not re-numbered on every step; clicking any row, near or far, still jumps to it.
 */
import { expect, test } from '@playwright/test';
import { LabPage, watchConsole } from './labPage';

let consoleErrors: string[] = [];
test.beforeEach(({ page }) => { consoleErrors = watchConsole(page); });
test.afterEach(() => { expect(consoleErrors).toEqual([]); });

test('stepping past a row keeps its element; a click on a far row of a long timeline jumps there', async ({ page }) => {
  const lab = await new LabPage(page).open('L07');
  for (let i = 0; i < 40; i++) await lab.act('tick');
  await lab.expectStep(40, 40);
  await lab.reset();
  const ahead = page.getByTestId('timeline-upcoming-2');
  await expect(ahead).toHaveCount(1);
  // Tag the element, step past it, and find the tag on the row of the step taken.
  await ahead.evaluate((el) => { el.setAttribute('data-probe', 'kept'); });
  await lab.forward();
  await lab.forward();
  const done = page.getByTestId('timeline-entry-2');
  await expect(done).toHaveAttribute('aria-current', 'step');
  await expect(done).toHaveAttribute('data-probe', 'kept');
  await expect(page.getByTestId('timeline-upcoming-2')).toHaveCount(0);
  // Back makes it a row ahead again, still the same element.
  await lab.back();
  await expect(page.getByTestId('timeline-upcoming-2')).toHaveAttribute('data-probe', 'kept');
  // A row far down the list (scrolled into view by the click) jumps to its step, and so does one behind.
  await page.getByTestId('timeline-upcoming-37').getByRole('button').click();
  await lab.expectStep(37, 40);
  await expect(page.getByTestId('timeline-entry-37')).toHaveAttribute('aria-current', 'step');
  await page.getByTestId('timeline-entry-3').getByRole('button').click();
  await lab.expectStep(3, 40);
  // Keyboard: the row's button takes Enter.
  await page.getByTestId('timeline-upcoming-20').getByRole('button').focus();
  await page.keyboard.press('Enter');
  await lab.expectStep(20, 40);
});
