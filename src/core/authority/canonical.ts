/**
 * Canonical content and its digest (MWP-EVT-003): RFC 8785 JSON canonicalization (the
 * `canonicalize` library: sorted keys, no insignificant whitespace, ES number forms),
 * hashed with SHA-256 (`sha256.ts`, the same bytes as @noble/hashes), shown as hex.
 */
import canonicalize from 'canonicalize';
import { sha256HexOfText } from './sha256';

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
  const keys = sortedKeys(record);
  let text = '{';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const field = record[key];
    if (field === undefined) continue;
    const name = quoted(key);
    const item = name === undefined ? undefined : plainCanonical(field, depth + 1);
    if (item === undefined) return undefined;
    text += text.length === 1 ? `${name}:${item}` : `,${name}:${item}`;
  }
  return `${text}}`;
}

/**
 * A string as JSON.stringify writes it, or undefined when it holds a surrogate (left to the
 * library). Printable ASCII other than a quote or a backslash is written as is, which is what
 * JSON.stringify does with it; anything else goes through JSON.stringify. Ids, kinds and
 * keys are printable ASCII: no regular expression and no stringify call for them.
 */
function quoted(text: string): string | undefined {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || c > 0x7e) return SURROGATE.test(text) ? undefined : JSON.stringify(text);
  }
  return `"${text}"`;
}

/**
 * `Object.keys(record).sort()`: the default sort compares by UTF-16 code units, as `<` on
 * strings does; small objects (every command and event payload) are sorted by insertion,
 * which skips the sort's own setup.
 */
function sortedKeys(record: Record<string, unknown>): string[] {
  const keys = Object.keys(record);
  if (keys.length > 16) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    while (j >= 0 && keys[j]! > key) {
      keys[j + 1] = keys[j]!;
      j--;
    }
    keys[j + 1] = key;
  }
  return keys;
}

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

/** SHA-256 of the text's UTF-8 bytes, as hex. */
export function sha256Hex(text: string): string {
  return sha256HexOfText(text);
}

/** The digest that decides duplicate vs collision. */
export function contentDigest(content: unknown): string {
  return sha256Hex(canonicalJson(content));
}
