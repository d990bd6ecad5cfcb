import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../lab/i18n/locales';
import { templateParams } from '../../lab/i18n/parity';
import { ALL_RESOURCES, APP_CATALOGS } from './allResources';
import { createLabI18n } from './instance';
import type { AppKey } from './appStrings';
import { pageTextOf } from './pageText';

describe('pageTextOf', () => {
  it('is one object per language: the same until the language changes, then the new language', async () => {
    const i18n = createLabI18n('en', { resources: ALL_RESOURCES });
    const en = pageTextOf(i18n);
    expect(pageTextOf(i18n)).toBe(en);
    expect(en.t('toolbar.step')).toBe(APP_CATALOGS.en['toolbar.step']);
    await i18n.changeLanguage('ja');
    const ja = pageTextOf(i18n);
    expect(ja).not.toBe(en);
    expect(ja.lng).toBe('ja');
    expect(ja.t('toolbar.step')).toBe(APP_CATALOGS.ja['toolbar.step']);
    expect(pageTextOf(i18n)).toBe(ja);
  });

  it.each(LOCALES)('%s: filled(key) words every app template with plain parameters exactly as t() does', (locale) => {
    const i18n = createLabI18n(locale, { resources: ALL_RESOURCES });
    const page = pageTextOf(i18n);
    const keys = (Object.keys(APP_CATALOGS.en) as AppKey[]).filter((key) => {
      const template = APP_CATALOGS.en[key];
      return templateParams(template).length > 0 && !/\{\{[^}]*,/.test(template); // formatters (`, cents`) are t()'s
    });
    expect(keys).toContain('toolbar.counter');
    const differ = keys.flatMap((key) => {
      const params = Object.fromEntries(templateParams(APP_CATALOGS.en[key]).map((p, i) => [p, p === 'count' ? 3 : `<${p}&${i}>`]));
      const fast = page.filled(key)(params);
      const slow = String(page.t(key, params as never));
      return fast === slow ? [] : [`${key}: ${fast} != ${slow}`];
    });
    expect(differ).toEqual([]);
  });

  it('a key with plural forms goes through t(), which picks the form', async () => {
    const i18n = createLabI18n('en', { resources: ALL_RESOURCES });
    i18n.addResourceBundle('en', 'app', { 'test.items_one': 'one item', 'test.items_other': '{{count}} items' }, true, true);
    const items = pageTextOf(i18n).filled('test.items' as AppKey);
    expect(items({ count: 1 })).toBe('one item');
    expect(items({ count: 4 })).toBe('4 items');
  });
});
