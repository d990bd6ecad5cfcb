/**
 * Seeded Ed25519 keys and command signatures (@noble/curves: synchronous and
 * deterministic, so replays sign byte-identically). A private key is SHA-256 of
 * `seed:<seed>:actor:<id>` — a teaching device, never a way to make real keys.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

export interface KeyPair {
  actor: string;
  privateKey: Uint8Array;
  publicKeyHex: string;
}

/**
 * The caches below hold results of pure functions of their keys (a key pair is a function
 * of seed and actor; a deterministic signature of key and digest; whether a signature
 * verifies of key, digest and signature), so they change no outcome and keep replays
 * byte-identical; they only spare the Ed25519 work (≈1.6 ms per verify, ≈1 ms per sign)
 * when a World replays or the explorer revisits a state (it re-signs on every revisit).
 * Bounded: a full cache starts over.
 */
const CACHE_LIMIT = 32_768;
const keyPairs = new Map<string, KeyPair>();
/**
 * Whether (public key, digest, signature) verifies, filed by digest: a look-up hashes the
 * 64-character digest and compares the two other strings, instead of building and hashing
 * a 258-character key (it ran on every accept).
 */
const verified = new Map<string, { publicKeyHex: string; signatureHex: string; ok: boolean }[]>();
let verifiedCount = 0;

function rememberVerified(publicKeyHex: string, digestHex: string, signatureHex: string, ok: boolean): boolean {
  if (verifiedCount >= CACHE_LIMIT) {
    verified.clear();
    verifiedCount = 0;
  }
  const entries = verified.get(digestHex);
  if (entries) entries.push({ publicKeyHex, signatureHex, ok });
  else verified.set(digestHex, [{ publicKeyHex, signatureHex, ok }]);
  verifiedCount += 1;
  return ok;
}
/** Signatures made with derived pairs, by public key and digest (Ed25519 signing is deterministic). */
const signatures = new Map<string, string>();
/** Pairs derived here, whose public half is known to match the private one. */
const derived = new WeakSet<KeyPair>();

function remember<V>(cache: Map<string, V>, key: string, value: V): V {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

export function seededKeyPair(seed: number, actor: string): KeyPair {
  const key = `${seed}:${actor}`;
  const cached = keyPairs.get(key);
  if (cached) return cached;
  const privateKey = sha256(utf8ToBytes(`seed:${seed}:actor:${actor}`));
  const pair: KeyPair = Object.freeze({ actor, privateKey, publicKeyHex: bytesToHex(ed25519.getPublicKey(privateKey)) });
  derived.add(pair);
  return remember(keyPairs, key, pair);
}

/**
 * Signs a hex digest; returns the signature as hex. Ed25519 signing is deterministic, so a
 * signature made with a pair derived by `seededKeyPair` is remembered as verified for its
 * public key (the authority in the same World checks it without redoing the curve
 * arithmetic), and the signature itself is remembered for the next time the same digest is
 * signed. A hand-made pair's public half may not match its private key: not remembered.
 */
export function signDigest(keys: KeyPair, digestHex: string): string {
  const isDerived = derived.has(keys);
  const cached = isDerived ? signatures.get(`${keys.publicKeyHex}:${digestHex}`) : undefined;
  if (cached !== undefined) return cached;
  const signatureHex = bytesToHex(ed25519.sign(hexToBytes(digestHex), keys.privateKey));
  if (isDerived) {
    if (knownVerified(keys.publicKeyHex, digestHex, signatureHex) === undefined) rememberVerified(keys.publicKeyHex, digestHex, signatureHex, true);
    remember(signatures, `${keys.publicKeyHex}:${digestHex}`, signatureHex);
  }
  return signatureHex;
}

export function verifyDigest(publicKeyHex: string, digestHex: string, signatureHex: string): boolean {
  return knownVerified(publicKeyHex, digestHex, signatureHex)
    ?? rememberVerified(publicKeyHex, digestHex, signatureHex, verifyUncached(publicKeyHex, digestHex, signatureHex));
}

function knownVerified(publicKeyHex: string, digestHex: string, signatureHex: string): boolean | undefined {
  const entries = verified.get(digestHex);
  if (!entries) return undefined;
  for (const entry of entries) if (entry.publicKeyHex === publicKeyHex && entry.signatureHex === signatureHex) return entry.ok;
  return undefined;
}

function verifyUncached(publicKeyHex: string, digestHex: string, signatureHex: string): boolean {
  try {
    return ed25519.verify(hexToBytes(signatureHex), hexToBytes(digestHex), hexToBytes(publicKeyHex));
  } catch {
    return false; // malformed hex or a signature of the wrong length is simply not valid
  }
}
