/**
 * SHA-256 (FIPS 180-4) of a string's UTF-8 bytes, as lowercase hex: the digest every accept
 * takes of its command's canonical text. `@noble/hashes` gives the same bytes (sha256.test.ts
 * compares the two on generated strings of every length around the block boundaries), but it
 * builds a hash object, its buffers and views, the encoded input and the output array on every
 * call; here the input is written into one reused buffer (ASCII directly, anything else with
 * `TextEncoder.encodeInto`), the state lives in locals and the schedule in one reused array.
 * Synchronous and pure, like the rest of the core.
 */

const ROUND_CONSTANTS = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
/** Spare bytes `sha256HexOfPrefix` needs after the message: the padding is written in place. */
export const SHA256_PADDING_BYTES = 72;

/** The message schedule of one block, reused by every call. */
const schedule = new Int32Array(64);
/** Inputs up to this many bytes are padded in the reused buffer; longer ones in a buffer of their own. */
const KEPT_BUFFER_BYTES = 1 << 16;
let kept = new Uint8Array(1024);
const UTF8 = new TextEncoder();

export function sha256HexOfText(text: string): string {
  // A UTF-8 encoding takes at most 3 bytes per UTF-16 code unit; then the padding.
  const room = 3 * text.length + SHA256_PADDING_BYTES;
  let bytes = kept;
  if (bytes.length < room) {
    bytes = new Uint8Array(room);
    if (room <= KEPT_BUFFER_BYTES) kept = bytes;
  }
  let n = 0;
  for (; n < text.length; n++) {
    const c = text.charCodeAt(n);
    if (c > 0x7f) break;
    bytes[n] = c;
  }
  if (n < text.length) n = UTF8.encodeInto(text, bytes).written;
  return hexOfDigest(bytes, pad(bytes, n));
}

/**
 * SHA-256 of `bytes[0, n)` as hex, for a caller that wrote its message into its own buffer
 * (canonical.ts): the padding overwrites the SHA256_PADDING_BYTES after the message.
 */
export function sha256HexOfPrefix(bytes: Uint8Array, n: number): string {
  if (bytes.length < n + SHA256_PADDING_BYTES) throw new Error('sha256HexOfPrefix: no room for the padding after the message');
  return hexOfDigest(bytes, pad(bytes, n));
}

/** Appends the padding and the bit length after `n` message bytes; returns the padded length. */
function pad(bytes: Uint8Array, n: number): number {
  const total = (((n + 8) >>> 6) + 1) << 6;
  bytes[n] = 0x80;
  bytes.fill(0, n + 1, total - 8);
  const bits = n * 8;
  const high = Math.floor(bits / 0x1_0000_0000);
  bytes[total - 8] = high >>> 24; bytes[total - 7] = high >>> 16; bytes[total - 6] = high >>> 8; bytes[total - 5] = high;
  bytes[total - 4] = bits >>> 24; bytes[total - 3] = bits >>> 16; bytes[total - 2] = bits >>> 8; bytes[total - 1] = bits;
  return total;
}

function hexOfDigest(bytes: Uint8Array, total: number): string {
  const w = schedule;
  const k = ROUND_CONSTANTS;
  let h0 = 0x6a09e667, h1 = 0xbb67ae85 | 0, h2 = 0x3c6ef372, h3 = 0xa54ff53a | 0;
  let h4 = 0x510e527f, h5 = 0x9b05688c | 0, h6 = 0x1f83d9ab, h7 = 0x5be0cd19;
  for (let offset = 0; offset < total; offset += 64) {
    for (let t = 0; t < 16; t++) {
      const j = offset + 4 * t;
      w[t] = (bytes[j]! << 24) | (bytes[j + 1]! << 16) | (bytes[j + 2]! << 8) | bytes[j + 3]!;
    }
    for (let t = 16; t < 64; t++) {
      const w15 = w[t - 15]!;
      const w2 = w[t - 2]!;
      const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
      const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
      w[t] = (w[t - 16]! + s0 + w[t - 7]! + s1) | 0;
    }
    let a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7;
    for (let t = 0; t < 64; t++) {
      const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (h + s1 + ((e & f) ^ (~e & g)) + k[t]! + w[t]!) | 0;
      const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      h = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
    }
    h0 = (h0 + a) | 0; h1 = (h1 + b) | 0; h2 = (h2 + c) | 0; h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0; h5 = (h5 + f) | 0; h6 = (h6 + g) | 0; h7 = (h7 + h) | 0;
  }
  hexOfWord(0, h0); hexOfWord(8, h1); hexOfWord(16, h2); hexOfWord(24, h3);
  hexOfWord(32, h4); hexOfWord(40, h5); hexOfWord(48, h6); hexOfWord(56, h7);
  return ASCII.decode(hex);
}

/** The digest's 64 hex digits as bytes, decoded once into one flat string (no string per piece). */
const hex = new Uint8Array(64);
const ASCII = new TextDecoder();
const DIGITS = new TextEncoder().encode('0123456789abcdef');

function hexOfWord(at: number, v: number): void {
  for (let k = 0; k < 8; k++) hex[at + k] = DIGITS[(v >>> (28 - 4 * k)) & 15]!;
}
