import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, readJson } from './jsonInput';

const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('readJson', () => {
  it('reads ordinary JSON, with or without a byte-order mark', () => {
    expect(readJson('{"a":[1,2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
    expect(readJson('\uFEFF{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
  });

  it('refuses nesting past the limit without overflowing the stack', () => {
    expect(readJson(nested(MAX_JSON_DEPTH)).ok).toBe(true);
    expect(readJson(nested(MAX_JSON_DEPTH + 1))).toMatchObject({ ok: false, code: 'too_deep' });
    expect(readJson(`{"expect":${nested(5000)}}`)).toMatchObject({ ok: false, code: 'too_deep' });
  });

  it('refuses prototype keys anywhere, naming where', () => {
    expect(readJson('{"expect":{"__proto__":{"x":1}}}')).toEqual({ ok: false, code: 'forbidden_key', key: '__proto__', path: 'expect' });
    expect(readJson('[{"constructor":1}]')).toMatchObject({ ok: false, key: 'constructor', path: '[0]' });
  });

  it('says what is wrong with text that is not JSON', () => {
    expect(readJson('{')).toMatchObject({ ok: false, code: 'not_json' });
  });
});
