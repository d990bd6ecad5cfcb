/**
 * Canonical content and its digest (MWP-EVT-003): RFC 8785 JSON canonicalization (the
 * `canonicalize` library: sorted keys, no insignificant whitespace, ES number forms),
 * hashed with SHA-256 (@noble/hashes), shown as hex.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import canonicalize from 'canonicalize';

export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error('canonicalJson: value has no JSON form');
  return text;
}

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** The digest that decides duplicate vs collision. */
export function contentDigest(content: unknown): string {
  return sha256Hex(canonicalJson(content));
}
