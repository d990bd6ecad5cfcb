/**
 * Key parity of the World's narration (the app chrome's is in src/app/i18n/appParity.test.ts):
 * every key of every catalog exists in every locale, no locale has a key the
 * others lack, and each translation keeps its template's `{{params}}` and code identifiers.
 * When a model adds English narration, this test lists exactly the keys to translate.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGE_CATALOGS } from './messageCatalogs';
import { LOCALES } from './locales';
import { catalogGaps, codeIdentifiers, isComplete, templateParams } from './parity';

const translated = LOCALES.filter((l) => l !== 'en');

describe('messages (src/lab/messages)', () => {
  it.each(translated)('%s has exactly the English keys, params and codes', (locale) => {
    const gaps = catalogGaps(MESSAGE_CATALOGS.en, MESSAGE_CATALOGS[locale]);
    // The whole gap report in one diff, so a failing run lists everything left to do.
    expect(gaps).toEqual({ missing: [], extra: [], params: [], codes: [], empty: [] });
  });
});

describe('the parity check itself', () => {
  const en = { 'a.one': 'Sent {{amount}} with key {{key}}', 'a.two': 'refused: CURSOR_TOO_OLD (MWP-WRK-029)' };

  it('finds a missing key, an extra key, a lost param, a lost code and an empty text', () => {
    const broken = { 'a.one': '已发送 {{amount}}', 'a.three': 'x', 'a.two': ' ' };
    const gaps = catalogGaps(en, broken);
    expect(gaps.missing).toEqual([]);
    expect(gaps.extra).toEqual(['a.three']);
    expect(gaps.params).toEqual([{ key: 'a.one', expected: ['amount', 'key'], actual: ['amount'] }]);
    expect(gaps.codes).toEqual([{ key: 'a.two', missing: ['CURSOR_TOO_OLD', 'MWP-WRK-029'] }]);
    expect(gaps.empty).toEqual(['a.two']);
    expect(catalogGaps(en, { 'a.one': en['a.one'] }).missing).toEqual(['a.two']);
    expect(isComplete(catalogGaps(en, broken))).toBe(false);
  });

  it('accepts a faithful translation', () => {
    const zh = { 'a.one': '已用幂等键 {{key}} 发送 {{amount}}', 'a.two': '被拒绝：CURSOR_TOO_OLD（MWP-WRK-029）' };
    expect(isComplete(catalogGaps(en, zh))).toBe(true);
  });

  it('reads formatted params and ignores param names when looking for codes', () => {
    expect(templateParams('{{amount, cents}} at {{ t }}')).toEqual(['amount', 't']);
    expect(codeIdentifiers('{{OLD_NAME}} FENCE-1 STALE_FENCE PREPARED')).toEqual(['FENCE-1', 'STALE_FENCE']);
  });
});
