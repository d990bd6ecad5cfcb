import { describe, expect, it } from 'vitest';
import { msg, statusWord } from '../../core/message';
import { ALL_RESOURCES } from './allResources';
import { formatMoney as formatCents } from '../../core/money';
import { createLabI18n, whenReady } from './instance';
import { englishFallbacks, renderMessage } from './renderMessage';
import { formatMessageIn, MESSAGE_CATALOGS } from '../../lab/i18n/messageCatalogs';
import { LOCALES } from '../../lab/i18n/locales';
import { templateParams } from '../../lab/i18n/parity';

describe('the lab i18n instance', () => {
  it('renders a message descriptor in the current locale, falling back to English per key', async () => {
    const i18n = createLabI18n('ja', { resources: ALL_RESOURCES });
    i18n.addResourceBundle('en', 'messages', { 'test.sent': 'sent {{amount}} with key {{key}}', 'test.only_en': 'only {{x}}' }, true, true);
    i18n.addResourceBundle('ja', 'messages', { 'test.sent': '冪等キー {{key}} で {{amount}} を送信' }, true, true);
    expect(renderMessage(i18n, msg('test.sent', { amount: 100, key: 'op-1' }))).toBe('冪等キー op-1 で 100 を送信');
    expect(renderMessage(i18n, msg('test.only_en', { x: 'y' }))).toBe('only y');
    expect([...englishFallbacks]).toEqual(['ja:test.only_en']);
    void i18n.changeLanguage('en');
    expect(renderMessage(i18n, msg('test.sent', { amount: 100, key: 'op-1' }))).toBe('sent 100 with key op-1');
  });

  it('shows an unknown key with its params instead of blank text, and passes plain strings through', async () => {
    const i18n = createLabI18n('zh-Hans', { resources: ALL_RESOURCES });
    expect(renderMessage(i18n, msg('nobody.has_this', { n: 1 }))).toBe('nobody.has_this {"n":1}');
    expect(renderMessage(i18n, 'legacy note')).toBe('legacy note');
  });

  it('never reads a parameter as an i18next option', async () => {
    const i18n = createLabI18n('en', { resources: ALL_RESOURCES });
    i18n.addResourceBundle('en', 'messages', { 'test.ns': 'in {{ns}} as {{lng}}' }, true, true);
    expect(renderMessage(i18n, msg('test.ns', { ns: 'refund', lng: 'x' }))).toBe('in refund as x');
  });

  /**
   * What a template says with `params`: each `{{name}}` replaced by its value as written,
   * `{{name, cents}}` by the amount in `lng` — nothing escaped, nothing read again.
   */
  const filledIn = (template: string, params: Readonly<Record<string, string | number>>, lng: string) =>
    template.replace(/\{\{(\w+)(, cents)?\}\}/g, (_, name: string, cents?: string) => {
      const value = params[name]!;
      return cents && typeof value === 'number' ? formatCents(value, lng) : String(value);
    });

  it.each(LOCALES)('%s: every narration key reads as its template says, on the page and in the graders alike', (locale) => {
    const i18n = createLabI18n(locale, { resources: ALL_RESOURCES });
    const keys = Object.keys(MESSAGE_CATALOGS.en);
    expect(keys.length).toBeGreaterThan(100);
    const differ = keys.flatMap((key) => {
      // English where the locale lacks the key (the first test adds English-only keys to these catalogs).
      const template = MESSAGE_CATALOGS[locale][key] ?? MESSAGE_CATALOGS.en[key]!;
      // Amounts as numbers; other values as text i18next could misread: markup, a template,
      // a nesting call, a replacement pattern, and names of its options (`count`, `ns`).
      const params = Object.fromEntries(templateParams(template).map((p, i) =>
        [p, template.includes(`{{${p}, cents}}`) ? 1234 * i + 5 : `<${p}&${i}> {{count}} $t(refund.sent) $& $1`]));
      const want = filledIn(template, params, locale);
      const page = renderMessage(i18n, msg(key, params));
      const grader = formatMessageIn(locale, msg(key, params));
      return page === want && grader === want ? [] : [{ key, want, page, grader }];
    });
    expect(differ).toEqual([]);
  });

  it('renders a parameter that is a message in the same language, and null as the word', async () => {
    const note = msg('refund.intent_exists', { approval: 'a-1', operation: 'op-1', status: statusWord('queued'), owner: null });
    const ja = createLabI18n('ja', { resources: ALL_RESOURCES });
    expect(renderMessage(ja, note)).toContain(MESSAGE_CATALOGS.ja['view.status.queued']!);
    expect(renderMessage(ja, note)).toBe(formatMessageIn('ja', note));
    expect(formatMessageIn('en', note)).toBe(`Approval a-1 already has intent op-1 (${MESSAGE_CATALOGS.en['view.status.queued']!}, owned by null): no second intent is made.`);
  });

  it('formats plurals, counts and cents through Intl', async () => {
    const en = createLabI18n('en', { resources: ALL_RESOURCES });
    expect(en.t('format.steps', { count: 1 })).toBe('1 step');
    expect(en.t('format.steps', { count: 2 })).toBe('2 steps');
    expect(en.t('format.amount', { amount: 10000 })).toBe('$100.00');
    const ja = createLabI18n('ja', { resources: ALL_RESOURCES });
    expect(ja.t('format.steps', { count: 2 })).toBe('2 ステップ');
    expect(ja.t('format.amount', { amount: 250 })).toBe(formatCents(250, 'ja'));
    expect(formatCents(250, 'zh-Hans')).toMatch(/2\.50/);
    expect(formatCents(10000, 'en')).toBe('$100.00');
  });

  it('fetches a language it was not given, and switches only once its catalogs are in (no half-translated frame)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const asked: string[] = [];
    const i18n = createLabI18n('en', { load: async (lng) => { asked.push(lng); await gate; return ALL_RESOURCES[lng as 'ja']; } });
    await whenReady(i18n);
    expect(asked).toEqual([]); // English is never fetched
    const changed: string[] = [];
    i18n.on('languageChanged', (lng) => changed.push(lng));
    const switching = i18n.changeLanguage('ja');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked.length).toBeGreaterThan(0);
    expect([i18n.language, i18n.t('language.label'), changed]).toEqual(['en', 'Language', []]);
    release();
    await switching;
    expect([i18n.language, i18n.t('language.label'), changed]).toEqual(['ja', '言語', ['ja']]);
    expect(renderMessage(i18n, msg('feedback.not_attempted'))).toBe(MESSAGE_CATALOGS.ja['feedback.not_attempted']);
  });

  it('starts in a fetched language once whenReady resolves; a chunk that cannot be fetched leaves English', async () => {
    const zh = createLabI18n('zh-Hans', { load: async (lng) => ALL_RESOURCES[lng as 'zh-Hans'] });
    await whenReady(zh);
    expect(zh.t('language.label')).toBe('语言');
    const offline = createLabI18n('ja', { load: () => Promise.reject(new Error('offline')) });
    await whenReady(offline);
    expect(offline.t('language.label')).toBe('Language');
  });
});
