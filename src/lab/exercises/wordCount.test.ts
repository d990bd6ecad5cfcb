/**
 * Explain answers are counted in words in every language of the course. Japanese and Chinese
 * write without spaces between words: a full answer in either used to count as a handful of
 * "words" (one per run of non-space) and be refused as too short.
 */
import { describe, expect, it } from 'vitest';
import type { Exercise } from './schema';
import { checkExplain, wordCount } from './check';

const explain = { kind: 'explain', id: 'why', prompt: 'Why?', minWords: 20, rules: [] } as unknown as Extract<Exercise, { kind: 'explain' }>;

const JA = 'リトライは回復戦略ではありません。プロバイダは返金を記録したが、応答が失われたので、ワーカーはタイムアウトしか見ていない。';
const ZH = '重试不是恢复策略：支付方已经记下了退款，但回复丢失了，工作者只看到了超时。所以必须先查询支付方的账本再决定。';

describe('wordCount', () => {
  it('counts English words, not punctuation', () => {
    expect(wordCount('The worker sees only a timeout, twice.')).toBe(7);
    expect(wordCount('  ')).toBe(0);
  });
  it('counts the words of Japanese and Chinese text, which has no spaces between them', () => {
    expect(wordCount(JA)).toBeGreaterThanOrEqual(20);
    expect(wordCount(ZH)).toBeGreaterThanOrEqual(20);
  });
  it('a full Japanese or Chinese answer is saved, a short one is not', () => {
    expect(checkExplain(explain, JA).pass).toBeNull();
    expect(checkExplain(explain, ZH).pass).toBeNull();
    expect(checkExplain(explain, 'リトライは回復戦略ではない。').pass).toBe(false);
  });
});
