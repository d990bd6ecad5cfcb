/**
 * Canonical content and its digest (MWP-EVT-003): RFC 8785 JSON canonicalization (the
 * `canonicalize` library: sorted keys, no insignificant whitespace, ES number forms),
 * hashed with SHA-256 (@noble/hashes), shown as hex.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import canonicalize from 'canonicalize';

export function canonicalJson(value: unknown): string {
  const plain = plainCanonical(value, 0);
  if (plain !== undefined) return plain;
  const text = canonicalize(value);
  if (text === undefined) throw new Error('canonicalJson: value has no JSON form');
  return text;
}

/** Any UTF-16 surrogate: such strings (paired or lone) are left to the library, which rejects lone ones. */
const SURROGATE = /[\uD800-\uDFFF]/;
/** Deeper than this (or a cycle) is left to the library, which writes it or throws. */
const MAX_DEPTH = 32;

/**
 * What the `canonicalize` library writes for plain JSON data — keys sorted by UTF-16 code
 * units (`Object.keys(..).sort()`), values skipped when undefined, strings and finite
 * numbers as JSON.stringify writes them — built in one pass. Every accept digests its
 * command and writes its event payload this way, and the library pays for a Set, a
 * character loop per string and an array join per object. Returns undefined for anything
 * else (a surrogate, a non-finite number, `toJSON`, undefined in an array, a function,
 * symbol or bigint, more than MAX_DEPTH levels): `canonicalJson` then asks the library,
 * so those keep exactly the library's output or error. canonical.test.ts compares the two
 * on generated values.
 */
function plainCanonical(value: unknown, depth: number): string | undefined {
  switch (typeof value) {
    case 'string': return quoted(value);
    // A finite number's JSON form is its ES string form (Number::toString, -0 as "0").
    case 'number': return Number.isFinite(value) ? String(value) : undefined;
    case 'boolean': return value ? 'true' : 'false';
    case 'object': break;
    default: return undefined;
  }
  if (value === null) return 'null';
  if (depth >= MAX_DEPTH || typeof (value as { toJSON?: unknown }).toJSON === 'function') return undefined;
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i++) {
      const item = plainCanonical(value[i], depth + 1);
      if (item === undefined) return undefined;
      text += i === 0 ? item : `,${item}`;
    }
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  let text = '{';
  for (const key of Object.keys(record).sort()) {
    const field = record[key];
    if (field === undefined) continue;
    const name = quoted(key);
    const item = name === undefined ? undefined : plainCanonical(field, depth + 1);
    if (item === undefined) return undefined;
    text += `${text.length === 1 ? '' : ','}${name}:${item}`;
  }
  return `${text}}`;
}

/**
 * `JSON.stringify(text)`, or undefined when the text holds a surrogate. Most texts here are
 * ids and short notes of printable ASCII, which JSON writes unchanged between quotes: one
 * pass over the code units decides that, instead of a regular expression and a stringify.
 */
function quoted(text: string): string | undefined {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // Below space (escaped), '"' and '\\' (escaped), and anything past ASCII: the general path.
    if (unit < 0x20 || unit === 0x22 || unit === 0x5c || unit > 0x7e) return SURROGATE.test(text) ? undefined : JSON.stringify(text);
  }
  return `"${text}"`;
}

/**
 * One encoder for every digest: the library's `utf8ToBytes` builds a TextEncoder and copies
 * its output on every call (for Firefox extension realms), which a digest per accept pays for.
 */
const UTF8 = new TextEncoder();

/**
 * The canonical JSON of an object with exactly these keys, already sorted by code unit and
 * free of surrogates and quotes (the caller's constant), each value written as `canonicalJson`
 * writes it at `depth` + 1, or undefined when a value is not plain JSON data (the caller then
 * asks `canonicalJson` about the whole object). For a content whose keys are always the same:
 * no object to build, no sort. Undefined values are left out, as the library does.
 */
export function plainCanonicalOfSortedKeys(keys: readonly string[], values: readonly unknown[]): string | undefined {
  let text = '{';
  for (let i = 0; i < keys.length; i++) {
    if (values[i] === undefined) continue;
    const item = plainCanonical(values[i], 1);
    if (item === undefined) return undefined;
    text += `${text.length === 1 ? '' : ','}"${keys[i]!}":${item}`;
  }
  return `${text}}`;
}

/**
 * Where `sha256Hex` encodes a text of up to SCRATCH_LIMIT bytes: `encode` would allocate a new
 * array (an off-heap buffer past 64 bytes) for every digest, ≈0.7 µs of an accept's ≈1 µs
 * encoding (Node 20, 180-character content); `encodeInto` writes into this one. Longer texts
 * (whole snapshot states) are encoded on their own so the buffer stays small.
 */
const SCRATCH_LIMIT = 16_384;
let scratch = new Uint8Array(1024);

export function sha256Hex(text: string): string {
  // UTF-8 takes at most 3 bytes per UTF-16 code unit (a surrogate pair: 4 bytes for 2 units).
  const most = text.length * 3;
  if (most > SCRATCH_LIMIT) return hexDigestOf(UTF8.encode(text));
  if (most > scratch.length) scratch = new Uint8Array(SCRATCH_LIMIT);
  const { written } = UTF8.encodeInto(text, scratch);
  return hexDigestOf(scratch.subarray(0, written));
}

/**
 * noble's SHA-256 without a hasher per call: `sha256(bytes)` builds a hasher, its block buffer
 * and view and a digest array each time, about a third of a digest of an accept's ≈180-byte
 * content. One hasher is kept and reset from a fresh one (`_cloneInto`, part of noble's Hash
 * interface) before each digest; calls never overlap (nothing here calls out).
 * `canonical.test.ts` checks it against `sha256` at every length around the block sizes.
 */
const FRESH = sha256.create();
const running = sha256.create();
const DIGEST = new Uint8Array(FRESH.outputLen);

export function hexDigestOf(bytes: Uint8Array): string {
  FRESH._cloneInto(running);
  running.update(bytes);
  running.digestInto(DIGEST);
  return bytesToHex(DIGEST);
}

/** The digest that decides duplicate vs collision. */
export function contentDigest(content: unknown): string {
  return sha256Hex(canonicalJson(content));
}
