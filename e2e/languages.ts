/**
 * The page's four languages with their app catalogs (English first), and a switch between
 * them by the page's own select, no reload — for specs that check a state in every language.
 */
import { expect, type Page } from '@playwright/test';
import { app as en } from '../src/app/i18n/locales/en/app';
import { app as ja } from '../src/app/i18n/locales/ja/app';
import { app as zhHans } from '../src/app/i18n/locales/zh-Hans/app';
import { app as zhHant } from '../src/app/i18n/locales/zh-Hant/app';

export const LANGUAGES = [['en', en], ['ja', ja], ['zh-Hans', zhHans], ['zh-Hant', zhHant]] as const;

/** Selects `lang` and waits until the toolbar's own words are drawn in it, not only `<html lang>`. */
export async function switchLanguage(page: Page, lang: (typeof LANGUAGES)[number][0]): Promise<void> {
  const app = LANGUAGES.find(([l]) => l === lang)![1];
  await page.getByTestId('language-switcher').selectOption(lang);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.getByTestId('reset')).toHaveText(app['toolbar.reset']);
}
