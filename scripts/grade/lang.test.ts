/**
 * `--lang` for the grader: the languages it accepts are exactly the ones the lab ships, the
 * default is English, and anything else stops with a message naming the accepted ones.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES } from '../../src/lab/i18n/locales';
import { DEFAULT_GRADE_LOCALE, GRADE_LOCALES, parseLang } from './lang.mjs';

describe('grade --lang', () => {
  it('accepts exactly the shipped locales (the list cannot drift from src/lab/i18n/locales.ts)', () => {
    expect(GRADE_LOCALES).toEqual([...LOCALES]);
    for (const lang of LOCALES) expect(parseLang(lang)).toEqual({ ok: true, lang });
  });

  it('defaults to English', () => {
    expect(DEFAULT_GRADE_LOCALE).toBe(DEFAULT_LOCALE);
    expect(parseLang(undefined)).toEqual({ ok: true, lang: 'en' });
  });

  it('refuses an unknown language with the accepted ones named', () => {
    for (const bad of ['zh', 'fr', 'JA', '']) {
      const parsed = parseLang(bad);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error).toBe(`unknown --lang '${bad}' (one of: en, zh-Hans, zh-Hant, ja)`);
    }
  });
});
