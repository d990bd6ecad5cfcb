import { describe, expect, it } from 'vitest';
import { matchFirst, matchLocale } from './locales';

describe('matchLocale', () => {
  it.each([
    ['en', 'en'], ['en-GB', 'en'], ['ja', 'ja'], ['ja-JP', 'ja'],
    ['zh', 'zh-Hans'], ['zh-CN', 'zh-Hans'], ['zh-SG', 'zh-Hans'], ['zh-Hans', 'zh-Hans'], ['ZH-hans-cn', 'zh-Hans'],
    ['zh-TW', 'zh-Hant'], ['zh-HK', 'zh-Hant'], ['zh_tw', 'zh-Hant'], ['zh-Hant', 'zh-Hant'], ['zh-Hant-CN', 'zh-Hant'],
    ['fr-FR', null], ['', null], [null, null],
  ])('%s → %s', (tag, locale) => {
    expect(matchLocale(tag)).toBe(locale);
  });

  it('takes the first preference a shipped locale fits', () => {
    expect(matchFirst(['fr-FR', 'de', 'zh-TW', 'en'])).toBe('zh-Hant');
    expect(matchFirst(['fr', 'de'])).toBeNull();
  });
});
