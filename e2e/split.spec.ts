/**
 * Initial load: the catalog is shown from the index chunk alone; sql.js's
 * wasm, the diagrams (xyflow + dagre), markdown and crypto chunks are fetched when a lab
 * opens. Sizes and times are `npm run bench:ui`'s lines; this only pins what is fetched when.
 */
import { expect, test, type Page } from '@playwright/test';
import { LabPage } from './labPage';

// The service worker precaches every file at install; with it the page's own fetches would
// not show what the catalog needs.
test.use({ serviceWorkers: 'block' });

const LAZY = [/\.wasm$/, /\/flow-[^/]*\.js$/, /\/markdown-[^/]*\.js$/, /\/crypto-[^/]*\.js$/];

function fetched(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(new URL(r.url()).pathname));
  return urls;
}

test('the catalog loads none of the lab chunks or the wasm; opening a lab fetches them', async ({ page }) => {
  const urls = fetched(page);
  await page.goto('/');
  await expect(page.getByTestId('catalog')).toBeVisible();
  await expect(page.getByTestId('lab-card-L07')).toBeVisible();
  await page.waitForTimeout(500); // anything prefetched after the first paint
  expect(urls.filter((u) => LAZY.some((re) => re.test(u))), 'fetched by the catalog').toEqual([]);
  await new LabPage(page).open('L07');
  await expect(page.locator('.machine').first()).toBeVisible();
  // The same patterns match real files once a lab is open, so the empty list above means something.
  for (const re of LAZY.slice(0, 3)) expect(urls.some((u) => re.test(u)), `${re} after opening L07`).toBe(true);
});
