/**
 * Diagram label boxes are sized before drawing (graphLayout.monoLabelWidth, so dagre can
 * keep labels apart). A CJK glyph is full-width (1 em) in every CJK font, not the 0.62 em of
 * a Latin monospace glyph: sized as Latin, a translated link label is cut short in its box.
 * (e2e/i18n-fit.spec.ts measures the real font where one is installed.)
 */
import { describe, expect, it } from 'vitest';
import { monoLabelWidth } from '../components/graphLayout';

describe('label room for CJK text', () => {
  it('reserves a full em per CJK glyph and 0.62 em per Latin one', () => {
    const px = 11;
    expect(monoLabelWidth('lease.grant', px)).toBe(Math.ceil(11 * px * 0.62) + 10);
    for (const text of ['租约权威服务', 'リース権威サービス', '防護權杖', 'ｆｕｌｌ']) {
      expect(monoLabelWidth(text, px), text).toBeGreaterThanOrEqual([...text].length * px + 10);
    }
    expect(monoLabelWidth('租约 · 99 个在途', px)).toBeGreaterThanOrEqual(5 * px + 6 * px * 0.62 + 10);
  });
});
