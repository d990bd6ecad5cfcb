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

export function seededKeyPair(seed: number, actor: string): KeyPair {
  const privateKey = sha256(utf8ToBytes(`seed:${seed}:actor:${actor}`));
  return { actor, privateKey, publicKeyHex: bytesToHex(ed25519.getPublicKey(privateKey)) };
}

/** Signs a hex digest; returns the signature as hex. */
export function signDigest(keys: KeyPair, digestHex: string): string {
  return bytesToHex(ed25519.sign(hexToBytes(digestHex), keys.privateKey));
}

export function verifyDigest(publicKeyHex: string, digestHex: string, signatureHex: string): boolean {
  try {
    return ed25519.verify(hexToBytes(signatureHex), hexToBytes(digestHex), hexToBytes(publicKeyHex));
  } catch {
    return false; // malformed hex or a signature of the wrong length is simply not valid
  }
}
