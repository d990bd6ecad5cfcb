/**
 * canonicalJson builds plain JSON data itself and leaves everything else to the
 * `canonicalize` library; whatever it is given, its output (or its error) must be the
 * library's, byte for byte — digests, signatures and stored payloads depend on it.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, contentDigest, hexDigestOf, sha256Hex } from './canonical';
import { contentOf, digestOf, type CommandContent } from './commands';

function library(value: unknown): { text: string } | { error: true } {
  try {
    const text = canonicalize(value);
    return text === undefined ? { error: true } : { text };
  } catch {
    return { error: true };
  }
}

function ours(value: unknown): { text: string } | { error: true } {
  try {
    return { text: canonicalJson(value) };
  } catch {
    return { error: true };
  }
}

/** Keys and strings that sort differently by code unit than by code point, plus surrogates. */
const awkward = fc.constantFrom('', 'a', 'B', 'é', '\u20ac', '\ud83d\ude00', '\ud800', '\udfff', '\u0000', '"', '\\', '\n', '10', '2', '__proto__', 'toJSON');
const key = fc.oneof(fc.string(), awkward, fc.string({ unit: 'grapheme' }));
const leaf = fc.oneof(
  fc.string(), awkward, fc.string({ unit: 'binary' }), fc.boolean(), fc.constant(null), fc.constant(undefined),
  fc.integer(), fc.double(), fc.constantFrom(0, -0, 1e21, 1e-7, 5e-324, Number.MAX_VALUE, NaN, Infinity, -Infinity),
);
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('node'), { maxLength: 5 }),
  object: fc.dictionary(key, tie('node'), { maxKeys: 6 }),
})).node;

describe('canonicalJson', () => {
  it('writes what the canonicalize library writes, or fails where it fails', () => {
    fc.assert(fc.property(value, (v) => { expect(ours(v)).toEqual(library(v)); }), { numRuns: 3000 });
  });

  it('gives the library text when a getter asks for canonical JSON while one is being written', () => {
    const inner = { b: [1, 'x'], a: 'y' };
    const outer = { z: 1, get m() { return canonicalJson(inner); }, a: ['é', null] };
    expect(ours(outer)).toEqual(library(outer));
    expect(canonicalJson(inner)).toBe(canonicalize(inner));
  });

  it('agrees on values plain JSON does not have', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    let deep: unknown = 'bottom';
    for (let i = 0; i < 40; i++) deep = i % 2 ? [deep] : { k: deep };
    const odd: unknown[] = [
      { when: new Date(0) }, { f: () => 1 }, [() => 1], { s: Symbol('s') }, [Symbol('s')], [undefined, 1], new Map([[1, 2]]),
      new Uint8Array([3, 1, 2]), { toJSON: () => ({ b: 1, a: 2 }) }, Object.assign([1, 2], { toJSON: () => 'x' }), cyclic, deep, 10n, undefined,
    ];
    for (const v of odd) expect(ours(v)).toEqual(library(v));
  });
});

describe('digestOf', () => {
  const digestOr = (digest: () => string) => { try { return digest(); } catch { return 'error'; } };
  const field = fc.oneof(fc.string(), awkward, value);
  const command = fc.record({
    actor: field, actionId: field, group: field, kind: fc.oneof(fc.constantFrom('claim', 'report_progress'), field),
    expectedRevision: fc.oneof(fc.constant(null), fc.integer(), fc.constant(undefined), value), payload: value,
  });
  it('is SHA-256 (@noble/hashes) of the library\'s canonical text of the content', () => {
    fc.assert(fc.property(command, (c) => {
      const content = c as unknown as CommandContent;
      const text = library(contentOf(content));
      expect(digestOr(() => digestOf(content))).toBe('text' in text ? bytesToHex(sha256(utf8ToBytes(text.text))) : 'error');
      expect(digestOr(() => contentDigest(content))).toBe('text' in text ? bytesToHex(sha256(utf8ToBytes(text.text))) : 'error');
    }), { numRuns: 3000 });
  });

  it('is the digest of the canonical content object, whatever the fields hold', () => {
    fc.assert(fc.property(command, (c) => {
      const content = c as unknown as CommandContent;
      expect(digestOr(() => digestOf(content))).toBe(digestOr(() => contentDigest(contentOf(content))));
    }), { numRuns: 3000 });
  });
});

describe('sha256Hex', () => {
  it('is noble\'s SHA-256 of the UTF-8 bytes, whatever texts came before (it encodes into a kept buffer)', () => {
    const noble = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));
    // Lengths around the kept buffer's first size (1,024 bytes) and its limit (16,384), in
    // ASCII, 3-byte and 4-byte characters, long before short so stale bytes would show.
    const texts = [1, 341, 342, 400, 5461, 5462, 6000].flatMap((n) => ['x'.repeat(n), '\u20ac'.repeat(n), '\ud83d\ude00'.repeat(Math.ceil(n / 2))]);
    for (const text of [...texts, ...[...texts].reverse(), '']) expect(sha256Hex(text)).toBe(noble(text));
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 3000 }), (text) => { expect(sha256Hex(text)).toBe(noble(text)); }), { numRuns: 300 });
  });
});

describe('hexDigestOf', () => {
  it('is noble\'s sha256 at every length from 0 to 300 bytes, long before short and short before long (one hasher, reset each call)', () => {
    const bytes = Uint8Array.from({ length: 300 }, (_, i) => (i * 151 + 7) & 0xff);
    for (let n = 300; n >= 0; n--) expect(hexDigestOf(bytes.subarray(0, n))).toBe(bytesToHex(sha256(bytes.subarray(0, n))));
    for (let n = 0; n <= 300; n++) expect(hexDigestOf(bytes.subarray(0, n))).toBe(bytesToHex(sha256(bytes.subarray(0, n))));
    expect(hexDigestOf(utf8ToBytes('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
