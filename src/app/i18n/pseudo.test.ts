import { describe, expect, it } from 'vitest';
import { templateParams } from '../../lab/i18n/parity';
import { pseudoResources } from './bundles/en-XA';
import { createLabI18n } from './instance';
import { pseudo, pseudoMarkdown, PSEUDO_LOCALE } from './pseudo';
import { APP_CATALOGS } from './allResources';

describe('the pseudo-locale', () => {
  it('marks every letter and keeps params, tags, code spans and codes as they are', () => {
    expect(pseudo('Step {{count}} of <b>{{label}}</b>: PREPARED, MWP-WRK-013, FENCE-1, lease_until')).toBe(
      '⟦Šţéþ {{count}} óƒ <b>{{label}}</b>: PREPARED, MWP-WRK-013, FENCE-1, lease_until⟧');
    expect(pseudoMarkdown('# Title\n\nSee `A_write` and [the spec](https://example.org/x).\n```\nSELECT 1\n```')).toBe(
      '# Ţíţĺé\n\nŠéé `A_write` áñď [ţĥé šþéç](https://example.org/x).\n```\nSELECT 1\n```');
  });

  it('covers every app key with the same params, and formats through the same instance', () => {
    const i18n = createLabI18n(PSEUDO_LOCALE, { resources: { [PSEUDO_LOCALE]: pseudoResources() } });
    for (const [key, text] of Object.entries(APP_CATALOGS.en)) {
      const shown = i18n.getResource(PSEUDO_LOCALE, 'app', key) as string;
      expect(shown, key).toMatch(/^⟦.*⟧$/s);
      expect(templateParams(shown), key).toEqual(templateParams(text));
    }
    expect(i18n.t('format.steps', { count: 2 })).toBe('⟦2 šţéþš⟧');
  });
});
