/**
 * The lab in each of its four languages, as a browser shows it: a `?lang=<locale>` link
 * starts the page in that language (`<html lang>`, the chrome, the narration), takes `lang`
 * out of the link, remembers the choice, and plays a scenario (a different lab per language)
 * to its expected outcome with no console error and no narration that fell through the
 * catalogs (a raw `key {params}` line, or a note shown in English for want of a translation).
 *
 * What every scenario of every lab says in every language, and that it reaches its outcome,
 * is checked without a browser: src/app/i18n/scenarioNarration.test.ts renders all the
 * page would show through the page's own i18n instance and catalogs.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LabPage, watchConsole } from './labPage';
import { appCatalog } from './languages';

// Opening a lab loads its runtime chunk and wasm; a loaded 2-core CI machine needs room.
test.setTimeout(150_000);

const [en, ja, zhHans, zhHant] = [appCatalog('en'), appCatalog('ja'), appCatalog('zh-Hans'), appCatalog('zh-Hant')];

/**
 * One lab per language, each a different kind of run: a synchronous lab (L02, L10), the
 * LangGraph engine awaited inside its steps (L05), a scenario held for a prediction (L09).
 */
const RUNS = [
  { locale: 'en', lab: 'L02', app: en },
  { locale: 'zh-Hans', lab: 'L05', app: zhHans },
  { locale: 'zh-Hant', lab: 'L10', app: zhHant },
  { locale: 'ja', lab: 'L09', app: ja },
] as const;

const labOf = (id: string) => JSON.parse(readFileSync(join('labs', id, 'lab.json'), 'utf8')) as {
  id: string; scenarios: { id: string; actions: unknown[]; asks?: string[] }[];
};

/** A note rendered by the fallback of renderMessage: `namespace.key {"param":…}`. */
const FALLBACK = /^[a-z_]+\.[a-z0-9_.]+ \{.*\}$/i;
const CJK = /[\u3040-\u30ff\u3400-\u9fff]/;

/**
 * The timeline's notes as text. Not innerText: rows are `content-visibility: auto`
 * (styles.css), and a row off screen gives an empty innerText.
 */
async function notes(page: Page): Promise<string[]> {
  return page.locator('.timeline .note').allTextContents();
}

for (const { locale, lab: labId, app } of RUNS) {
  const lab = labOf(labId);
  const scenario = lab.scenarios[0]!;
  test(`${locale} · ${lab.id}: a ?lang link opens the lab in ${locale}, and scenario ${scenario.id} plays with its narration`, async ({ page }) => {
    const consoleErrors = watchConsole(page);
    await page.goto(`/?lang=${locale}#/lab/${lab.id}?scenario=${scenario.id}`);
    await expect(page.getByTestId(`lab-${lab.id}`)).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByTestId('step-forward')).toHaveText(app['toolbar.step']);
    // The link's lang is taken out, so the hash router never sees it as a switch; the choice is kept.
    expect(page.url()).not.toContain('lang=');
    expect(await page.evaluate(() => localStorage.getItem('durable-lab:lang'))).toBe(locale);
    const labPage = new LabPage(page);
    if (scenario.asks) {
      // The scenario plays a prediction: its answer waits for a pick, and a pick loads its own run.
      for (const id of scenario.asks) await labPage.pickPrediction(id);
      await page.getByTestId('scenario-select').selectOption(scenario.id);
      await expect(page.getByTestId('step-counter')).toContainText(`0 / ${scenario.actions.length}`);
    }
    for (let i = 0; i < scenario.actions.length; i++) await labPage.forward();
    await expect(page.getByTestId('scenario-check')).toHaveAttribute('data-status', 'pass');
    const shown = await notes(page);
    expect(shown.length).toBeGreaterThan(0);
    if (locale !== 'en') expect(shown.filter((n) => CJK.test(n)), 'notes in the chosen language').not.toEqual([]);
    expect(shown.filter((n) => FALLBACK.test(n.trim())), 'notes with no catalog entry').toEqual([]);
    const fallbacks = await page.evaluate(() => (window as unknown as { durableLabI18n: { fallbacks(): string[] } }).durableLabI18n.fallbacks());
    expect(fallbacks, 'notes shown in English for want of a translation').toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
}

test('L07 narration is in the chosen language, and the choice is remembered', async ({ page }) => {
  const consoleErrors = watchConsole(page);
  await page.goto('/?lang=ja#/lab/L07?scenario=late-write');
  const labPage = new LabPage(page);
  await expect(page.getByTestId('lab-L07')).toBeVisible({ timeout: 60_000 });
  await labPage.forward();
  await expect(page.locator('.timeline .note').first()).toContainText(CJK);
  expect(await page.evaluate(() => localStorage.getItem('durable-lab:lang'))).toBe('ja');
  // A plain link later opens in the remembered language.
  await page.goto('/#/lab/L07');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  expect(consoleErrors).toEqual([]);
});

test('the top-bar switcher changes chrome, narration and lab text at once, and is remembered', async ({ page }) => {
  const consoleErrors = watchConsole(page);
  await page.goto('/?lang=en#/lab/L01?scenario=two-worlds');
  await expect(page.getByTestId('lab-L01')).toBeVisible({ timeout: 60_000 });
  const labPage = new LabPage(page);
  await labPage.forward();
  await expect(page.getByTestId('step-forward')).toHaveText('Step ▶');
  await page.getByTestId('language-switcher').selectOption('zh-Hant');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
  await expect(page.getByTestId('step-forward')).toHaveText('單步 ▶');
  await expect(page.getByTestId('lab-L01').locator('.lab-head h1')).toContainText('成功了，卻沒人知道');
  await expect(page.locator('.timeline .note').first()).toContainText(CJK);
  expect(await page.evaluate(() => localStorage.getItem('durable-lab:lang'))).toBe('zh-Hant');
  expect(consoleErrors).toEqual([]);
});
