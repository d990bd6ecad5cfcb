/**
 * The page's four languages with their app catalogs (English first), and a switch between
 * them by the page's own select, no reload — for specs that check a state in every language.
 */
import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import type { AppStrings } from '../src/app/i18n/appStrings';

/** A language's app catalog, read from its JSON file (specs run from the repository root). */
export function appCatalog(locale: 'en' | 'ja' | 'zh-Hans' | 'zh-Hant'): AppStrings {
  return JSON.parse(readFileSync(`src/app/i18n/locales/${locale}/app.json`, 'utf8')) as AppStrings;
}

const en = appCatalog('en');
const ja = appCatalog('ja');
const zhHans = appCatalog('zh-Hans');
const zhHant = appCatalog('zh-Hant');

export const LANGUAGES = [['en', en], ['ja', ja], ['zh-Hans', zhHans], ['zh-Hant', zhHant]] as const;

/** Selects `lang` and waits until the toolbar's own words are drawn in it, not only `<html lang>`. */
export async function switchLanguage(page: Page, lang: (typeof LANGUAGES)[number][0]): Promise<void> {
  const app = LANGUAGES.find(([l]) => l === lang)![1];
  await page.getByTestId('language-switcher').selectOption(lang);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.getByTestId('reset')).toHaveText(app['toolbar.reset']);
}
