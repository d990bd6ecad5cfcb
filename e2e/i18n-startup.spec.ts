/**
 * Languages other than English arrive as chunks of their own (src/app/i18n/resources.ts).
 * These check that a student never sees English first: a page starting in a saved or
 * browser-detected language shows that language in its very first rendered catalog, and a
 * switch changes the chrome and the lab titles together. What each frame showed is recorded
 * by a MutationObserver installed before the app's scripts run (it sees every commit).
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { offlineAfterFirstVisit } from './labPage';
import { appCatalog } from './languages';

const [en, ja, zhHant] = [appCatalog('en'), appCatalog('ja'), appCatalog('zh-Hant')];
const titleOf = (locale: string) => (JSON.parse(readFileSync(`labs/L01/strings.${locale}.json`, 'utf8')) as { title: string }).title;
const ENGLISH_L01 = (JSON.parse(readFileSync('labs/L01/lab.json', 'utf8')) as { title: string }).title;

/** Records the page's text at every DOM change once the catalog grid exists. */
async function recordCatalogFrames(page: Page, savedLang?: string): Promise<void> {
  await page.addInitScript((lang) => {
    if (lang) localStorage.setItem('durable-lab:lang', lang);
    const frames: string[] = [];
    (window as unknown as { catalogFrames: string[] }).catalogFrames = frames;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="catalog"]')) frames.push(document.getElementById('root')?.textContent ?? '');
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, savedLang);
}

const frames = (page: Page) => page.evaluate(() => (window as unknown as { catalogFrames: string[] }).catalogFrames);

test('a saved language is on screen from the first frame: chrome and lab titles, no English first', async ({ page }) => {
  await recordCatalogFrames(page, 'ja');
  await page.goto('/');
  await expect(page.getByTestId('catalog')).toContainText(titleOf('ja'));
  const [first] = await frames(page);
  expect(first).toContain(ja['catalog.intro']);
  expect(first).toContain(titleOf('ja'));
  expect(first).not.toContain(en['catalog.intro']);
  expect(first).not.toContain(ENGLISH_L01);
});

test.describe('a browser that prefers zh-TW', () => {
  test.use({ locale: 'zh-TW' });
  test('starts in zh-Hant from the first frame and does not remember a language it was not given', async ({ page }) => {
    await recordCatalogFrames(page);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
    await expect(page.getByTestId('catalog')).toContainText(titleOf('zh-Hant'));
    const [first] = await frames(page);
    expect(first).toContain(zhHant['catalog.intro']);
    expect(first).toContain(titleOf('zh-Hant'));
    expect(first).not.toContain(en['catalog.intro']);
    expect(await page.evaluate(() => localStorage.getItem('durable-lab:lang'))).toBeNull();
  });
});

test('switching language changes chrome and lab titles in the same frame, and is remembered', async ({ page }) => {
  await recordCatalogFrames(page);
  await page.goto('/');
  await expect(page.getByTestId('catalog')).toContainText(ENGLISH_L01);
  await page.getByTestId('language-switcher').selectOption('ja');
  await expect(page.getByTestId('catalog')).toContainText(titleOf('ja'));
  const mixed = (await frames(page)).filter((text) => text.includes(ja['catalog.intro']) !== text.includes(titleOf('ja')));
  expect(mixed, 'frames with Japanese chrome and English titles, or the reverse').toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('durable-lab:lang'))).toBe('ja');
});

test('offline after one visit: every language switches in, and a saved one starts, from the service worker cache', async ({ page, context }) => {
  test.setTimeout(180_000);
  await offlineAfterFirstVisit(page, context);
  for (const locale of ['zh-Hans', 'zh-Hant', 'ja']) {
    await page.getByTestId('language-switcher').selectOption(locale);
    await expect(page.getByTestId('catalog')).toContainText(titleOf(locale));
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
  }
  await page.reload();
  await expect(page.getByTestId('catalog')).toContainText(titleOf('ja'));
  await context.setOffline(false);
});
