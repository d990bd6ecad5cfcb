/**
 * Amounts in narration and node lines (`{{amount, cents}}`) read as currency in the reader's
 * language, on the page and in graders' reports alike (one formatter, src/core/money.ts).
 */
import { describe, expect, it } from 'vitest';
import { msg } from '../../core/message';
import { formatMoney } from '../../core/money';
import { formatMessageIn } from '../../lab/i18n/messageCatalogs';
import { CENTS_WORD } from '../../lab/i18n/centsWords';
import { ALL_RESOURCES, APP_CATALOGS } from './allResources';
import { createLabI18n } from './instance';
import { renderMessage } from './renderMessage';

const SENT = msg('refund.sent', { worker: 'worker-1', operation: 'op-1', amount: 10000, key: 'k-1', deadline: 12 });
const ORDER = msg('view.refund.order', { order: 'order-1', cents: 25050, version: 3 });

describe('amounts as currency', () => {
  it('en: a refund of 10000 cents reads $100.00, a balance of 25050 reads $250.50', () => {
    const i18n = createLabI18n('en', { resources: ALL_RESOURCES });
    expect(renderMessage(i18n, SENT)).toBe('worker-1 sends op-1 for $100.00 with idempotency key k-1, deadline t=12.');
    expect(renderMessage(i18n, ORDER)).toBe('order-1 balance $250.50 · v3');
  });

  it('ja: the same amounts in the Japanese spelling of the lab currency (USD), not as raw cents', () => {
    const i18n = createLabI18n('ja', { resources: ALL_RESOURCES });
    const sent = renderMessage(i18n, SENT);
    expect(sent).toContain(new Intl.NumberFormat('ja', { style: 'currency', currency: 'USD' }).format(100));
    expect(sent).toMatch(/100\.00/);
    expect(sent).not.toMatch(/10000|セント/);
    expect(renderMessage(i18n, ORDER)).toMatch(/250\.50/);
  });

  it('zh-Hans names the currency (US$), since ¥ would be the reader\'s own', () => {
    const i18n = createLabI18n('zh-Hans', { resources: ALL_RESOURCES });
    expect(renderMessage(i18n, SENT)).toContain('US$100.00');
  });

  it('graders and the CLI write the same currency as the page, in the report\'s language', () => {
    for (const locale of ['en', 'ja', 'zh-Hans', 'zh-Hant'] as const) {
      const i18n = createLabI18n(locale, { resources: ALL_RESOURCES });
      expect(formatMessageIn(locale, SENT)).toBe(renderMessage(i18n, SENT));
      expect(formatMessageIn(locale, SENT)).not.toMatch(/10000|¢/);
    }
    expect(formatMessageIn('en', SENT)).toBe('worker-1 sends op-1 for $100.00 with idempotency key k-1, deadline t=12.');
  });
});

describe('formatMoney', () => {
  it('spells integer cents as US dollars in each shipped locale, as Intl does', () => {
    expect(formatMoney(10000, 'en')).toBe('$100.00');
    expect(formatMoney(10000, 'ja')).toBe('$100.00');
    expect(formatMoney(10000, 'zh-Hans')).toBe('US$100.00');
    expect(formatMoney(10000, 'zh-Hant')).toBe('US$100.00');
    expect(formatMoney(25050, 'en')).toBe('$250.50');
    expect(formatMoney(5, 'ja')).toBe('$0.05');
    expect(formatMoney(0, 'zh-Hans')).toBe('US$0.00');
    expect(formatMoney(-300, 'en')).toBe('-$3.00');
  });
  it('never throws on a tag Intl does not take', () => {
    expect(formatMoney(100, 'not a locale!')).toBe('$1.00');
  });
});

describe('the app catalogs', () => {
  it('word no amount as cents: amounts go through {{amount, cents}}', () => {
    for (const [locale, catalog] of Object.entries(APP_CATALOGS)) {
      for (const [key, text] of Object.entries(catalog)) expect(`${locale}:${key} ${String(text)}`).not.toMatch(CENTS_WORD);
    }
  });
});
