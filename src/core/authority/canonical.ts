/**
 * Canonical content and its digest (MWP-EVT-003): RFC 8785 JSON canonicalization (the
 * `canonicalize` library: sorted keys, no insignificant whitespace, ES number forms),
 * hashed with SHA-256 (@noble/hashes), shown as hex.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import canonicalize from 'canonicalize';

export function canonicalJson(value: unknown): string {
  const plain = withWriter((w) => (w.value(value, 0) ? w.text() : undefined));
  if (plain !== undefined) return plain;
  const text = canonicalize(value);
  if (text === undefined) throw new Error('canonicalJson: value has no JSON form');
  return text;
}

/** Deeper than this (or a cycle) is left to the library, which writes it or throws. */
const MAX_DEPTH = 32;
/** A writer's buffer is kept for the next call up to this size (a large value's is dropped after it). */
const KEPT_BUFFER_BYTES = 1 << 16;
/** JSON.stringify's escape of each code unit below 0x20, of `"` and of a backslash, as bytes. */
const ESCAPES: (Uint8Array | undefined)[] = Array.from({ length: 0x5d }, (_, c) =>
  c < 0x20 || c === 0x22 || c === 0x5c ? new TextEncoder().encode(JSON.stringify(String.fromCharCode(c)).slice(1, -1)) : undefined);
const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * What the `canonicalize` library writes for plain JSON data — keys sorted by UTF-16 code
 * units (`Object.keys(..).sort()`), values skipped when undefined, strings and finite
 * numbers as JSON.stringify writes them — written in one pass as UTF-8 bytes into a reused
 * buffer: a digest hashes those bytes where they are (no text, no encoding), and
 * `canonicalJson` decodes them once (no string built piece by piece). Every accept digests
 * its command and writes its event payload this way; the library pays for a Set, a
 * character loop per string and an array join per object. A value the writer does not take
 * (a surrogate, a non-finite number, `toJSON`, undefined in an array, a function, symbol or
 * bigint, more than MAX_DEPTH levels) makes it give up: the caller then asks the library,
 * so those keep exactly the library's output or error. canonical.test.ts compares the two
 * on generated values, and digests with @noble/hashes over the library's text.
 */
class PlainWriter {
  bytes = new Uint8Array(1024);
  length = 0;
  busy = false;

  value(value: unknown, depth: number): boolean {
    switch (typeof value) {
      case 'string': return this.string(value);
      case 'number': return Number.isFinite(value) && this.ascii(String(value));
      case 'boolean': return this.ascii(value ? 'true' : 'false');
      case 'object': break;
      default: return false;
    }
    if (value === null) return this.ascii('null');
    if (depth >= MAX_DEPTH || typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
    if (Array.isArray(value)) {
      this.byte(0x5b);
      for (let i = 0; i < value.length; i++) {
        if (i > 0) this.byte(0x2c);
        if (!this.value(value[i], depth + 1)) return false;
      }
      this.byte(0x5d);
      return true;
    }
    const record = value as Record<string, unknown>;
    const keys = sortedKeys(record);
    this.byte(0x7b);
    let first = true;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const field = record[key];
      if (field === undefined) continue;
      if (!first) this.byte(0x2c);
      first = false;
      if (!this.string(key)) return false;
      this.byte(0x3a);
      if (!this.value(field, depth + 1)) return false;
    }
    this.byte(0x7d);
    return true;
  }

  /**
   * `{"k1":v1,...}` for keys already sorted by code unit and free of anything a JSON string
   * escapes (the caller's constant): no object to build, no sort. Undefined values are left out.
   */
  objectOfSortedKeys(keys: readonly string[], values: readonly unknown[]): boolean {
    this.byte(0x7b);
    let first = true;
    for (let i = 0; i < keys.length; i++) {
      if (values[i] === undefined) continue;
      if (!first) this.byte(0x2c);
      first = false;
      this.byte(0x22);
      this.ascii(keys[i]!);
      this.byte(0x22);
      this.byte(0x3a);
      if (!this.value(values[i], 1)) return false;
    }
    this.byte(0x7d);
    return true;
  }

  /** A string as JSON.stringify writes it, in UTF-8; false when it holds a surrogate (left to the library). */
  string(text: string): boolean {
    this.room(6 * text.length + 2); // an escape is at most 6 bytes (\u001f), a code unit at most 3
    const bytes = this.bytes;
    let at = this.length;
    bytes[at++] = 0x22;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c < 0x80) {
        const escape = c < ESCAPES.length ? ESCAPES[c] : undefined;
        if (escape === undefined) bytes[at++] = c;
        else for (let k = 0; k < escape.length; k++) bytes[at++] = escape[k]!;
      } else if (c < 0x800) {
        bytes[at++] = 0xc0 | (c >> 6);
        bytes[at++] = 0x80 | (c & 0x3f);
      } else if (c >= 0xd800 && c <= 0xdfff) {
        return false;
      } else {
        bytes[at++] = 0xe0 | (c >> 12);
        bytes[at++] = 0x80 | ((c >> 6) & 0x3f);
        bytes[at++] = 0x80 | (c & 0x3f);
      }
    }
    bytes[at++] = 0x22;
    this.length = at;
    return true;
  }

  /** Text known to be ASCII (number forms, literals, the caller's keys), as is. */
  ascii(text: string): boolean {
    this.room(text.length);
    for (let i = 0; i < text.length; i++) this.bytes[this.length++] = text.charCodeAt(i);
    return true;
  }

  byte(b: number): void {
    this.room(1);
    this.bytes[this.length++] = b;
  }

  text(): string {
    return UTF8.decode(this.bytes.subarray(0, this.length));
  }

  /** SHA-256 of the bytes written, where they are (a view, not a copy). */
  digest(): string {
    return bytesToHex(sha256(this.bytes.subarray(0, this.length)));
  }

  private room(n: number): void {
    if (this.length + n <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(2 * this.bytes.length, this.length + n));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }
}

const shared = new PlainWriter();

/**
 * Runs `write` with the shared writer, emptied; with a fresh one if the shared one is in use
 * (a getter reached while writing may itself ask for canonical JSON).
 */
function withWriter<T>(write: (writer: PlainWriter) => T): T {
  const writer = shared.busy ? new PlainWriter() : shared;
  writer.busy = true;
  writer.length = 0;
  try {
    return write(writer);
  } finally {
    writer.busy = false;
    if (writer.bytes.length > KEPT_BUFFER_BYTES) writer.bytes = new Uint8Array(1024);
  }
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
 * The digest of the canonical JSON of an object with exactly these keys, already sorted by
 * code unit and free of anything a JSON string escapes (the caller's constant), or undefined
 * when a value is not plain JSON data (the caller then asks `contentDigest` about the whole
 * object). For a content whose keys are always the same: no object to build, no sort, no text.
 */
export function digestOfSortedKeys(keys: readonly string[], values: readonly unknown[]): string | undefined {
  return withWriter((w) => (w.objectOfSortedKeys(keys, values) ? w.digest() : undefined));
}

/** SHA-256 of the text's UTF-8 bytes, as hex. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(UTF8_OUT.encode(text)));
}

/**
 * One encoder for every digest of a text: the library's `utf8ToBytes` builds a TextEncoder
 * and copies its output on every call (for Firefox extension realms).
 */
const UTF8_OUT = new TextEncoder();

/** The digest that decides duplicate vs collision. */
export function contentDigest(content: unknown): string {
  return withWriter((w) => (w.value(content, 0) ? w.digest() : undefined)) ?? sha256Hex(canonicalJson(content));
}
