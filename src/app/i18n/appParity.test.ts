/**
 * Key parity of the app chrome catalogs. `tsc` already refuses a missing or extra key
 * (`satisfies OnlyAppKeys`, appStrings.ts); this adds what types cannot see in a JSON
 * import: the same `{{params}}` as English, no code identifier dropped, no empty text.
 */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../lab/i18n/locales';
import { catalogGaps } from '../../lab/i18n/parity';
import { APP_CATALOGS } from './allResources';

describe('app chrome (src/app/i18n/locales)', () => {
  it.each(LOCALES.filter((l) => l !== 'en'))('%s has exactly the English keys, params and codes', (locale) => {
    expect(catalogGaps(APP_CATALOGS.en, APP_CATALOGS[locale])).toEqual({ missing: [], extra: [], params: [], codes: [], empty: [] });
  });
});
