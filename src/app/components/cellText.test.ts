import { describe, expect, it } from 'vitest';
import { cellText } from './cellText';

describe('cellText', () => {
  it('reads a serialized object as its top-level fields, nested values summarised, the JSON kept for a tooltip', () => {
    const stored = JSON.stringify({ source: 'loop', step: 2, writes: { approve: { ok: true } }, parents: {}, tasks: [1, 2, 3] });
    expect(cellText(stored)).toEqual({ text: 'source: loop · step: 2 · writes: {…} · parents: {} · tasks: [3]', full: stored });
  });

  it('cuts a long text, says NULL and a BLOB by its size, and leaves short values as they are', () => {
    const long = 'x'.repeat(200);
    expect(cellText(long).text).toHaveLength(80);
    expect(cellText(long).full).toBe(long);
    expect(cellText(null)).toEqual({ text: 'NULL' });
    expect(cellText(new Uint8Array(12))).toEqual({ text: 'BLOB 12 B' });
    expect(cellText(42)).toEqual({ text: '42' });
    expect(cellText('{not json')).toEqual({ text: '{not json' });
  });
});
