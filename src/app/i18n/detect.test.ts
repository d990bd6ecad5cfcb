import { describe, expect, it } from 'vitest';
import { detectLocale, langFromLink, withoutLang } from './detect';

describe('detectLocale', () => {
  it('prefers the link, then the stored choice, then the browser, then English', () => {
    const all = { search: '?lang=ja', hash: '#/lab/L07', stored: 'zh-Hant', languages: ['zh-CN'] };
    expect(detectLocale(all)).toEqual({ locale: 'ja', from: 'link' });
    expect(detectLocale({ ...all, search: '' })).toEqual({ locale: 'zh-Hant', from: 'stored' });
    expect(detectLocale({ ...all, search: '', stored: null })).toEqual({ locale: 'zh-Hans', from: 'browser' });
    expect(detectLocale({ languages: ['fr'] })).toEqual({ locale: 'en', from: 'default' });
  });

  it('reads lang inside the hash of a deep link', () => {
    expect(langFromLink('', '#/lab/L07?scenario=late-write&lang=zh-Hant&step=3')).toBe('zh-Hant');
    expect(detectLocale({ hash: '#/lab/L07?lang=zh-TW' }).locale).toBe('zh-Hant');
  });

  it('skips a lang it does not ship and a stored value that is not a locale', () => {
    expect(detectLocale({ search: '?lang=klingon', stored: 'garbage', languages: ['ja-JP'] })).toEqual({ locale: 'ja', from: 'browser' });
  });
});

describe('withoutLang', () => {
  it('removes lang from both places and keeps every other parameter', () => {
    expect(withoutLang('?lang=ja&x=1', '#/lab/L07?scenario=s&lang=ja&step=3')).toEqual({ search: '?x=1', hash: '#/lab/L07?scenario=s&step=3' });
    expect(withoutLang('', '#/lab/L07?lang=ja')).toEqual({ search: '', hash: '#/lab/L07' });
    expect(withoutLang('', '#/lab/L07?step=1')).toBeNull();
  });
});
