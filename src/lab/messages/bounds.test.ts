/**
 * The search bounds in words: English exactly as the explorer wrote them (cards and graders
 * print `boundsText`), Japanese and Chinese without an English phrase, each plural form used.
 */
import { describe, expect, it } from 'vitest';
import { boundsWith, describeBounds } from '../../sim/explorer/bounds';
import { renderFeedback } from '../exercises/feedback';
import { formatMessage } from '../i18n/catalogRegistry';
import { formatMessageIn } from '../i18n/messageCatalogs';
import { asMessage, boundsMessage } from './bounds';

const SPREAD = [
  boundsWith(),
  boundsWith({ depth: 4, crashes: 1, drops: 0, duplicates: 2, partitions: 1, advances: [5, 11], maxStates: 5000, maxMs: 2000 }),
  boundsWith({ crashes: 2, drops: 1, duplicates: 1, partitions: 3 }),
];

describe('search bounds as a message', () => {
  it('reads in English exactly as describeBounds, through both renderers', () => {
    for (const b of SPREAD) {
      expect(renderFeedback(boundsMessage(b))).toBe(describeBounds(b));
      expect(formatMessage(asMessage(boundsMessage(b)))).toBe(describeBounds(b));
      expect(formatMessage(asMessage(boundsMessage(b, 200)))).toBe(`200 random walks of ≤ ${b.depth} steps, ${describeBounds(b)}`);
    }
  });

  it('reads in ja, zh-Hans and zh-Hant without English words', () => {
    for (const locale of ['ja', 'zh-Hans', 'zh-Hant'] as const) {
      for (const b of SPREAD) {
        for (const m of [boundsMessage(b), boundsMessage(b, 200)]) {
          const text = formatMessageIn(locale, asMessage(m));
          expect(text, locale).not.toMatch(/[A-Za-z]{3,}|\{\{/);
          expect(renderFeedback(m, locale)).toBe(text);
        }
      }
    }
    expect(formatMessageIn('ja', asMessage(boundsMessage(SPREAD[1]!)))).toContain('深さ ≤ 4');
  });
});
