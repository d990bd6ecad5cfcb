import { describe, expect, it } from 'vitest';
import { seededKeyPair, signDigest, verifyDigest } from './keys';

const DIGEST = 'ab'.repeat(32);

describe('seeded keys and the verified-signature cache', () => {
  it('a cached key pair is the one the seed derives', () => {
    const first = seededKeyPair(3, 'agent-1');
    expect(seededKeyPair(3, 'agent-1')).toBe(first);
    expect(seededKeyPair(4, 'agent-1').publicKeyHex).not.toBe(first.publicKeyHex);
    expect(seededKeyPair(3, 'agent-2').publicKeyHex).not.toBe(first.publicKeyHex);
  });

  it('caching a good signature never makes a bad one pass', () => {
    const keys = seededKeyPair(1, 'lead');
    const signature = signDigest(keys, DIGEST);
    expect(verifyDigest(keys.publicKeyHex, DIGEST, signature)).toBe(true);
    expect(verifyDigest(keys.publicKeyHex, DIGEST, signature)).toBe(true);
    const flipped = (signature[0] === '0' ? '1' : '0') + signature.slice(1);
    expect(verifyDigest(keys.publicKeyHex, DIGEST, flipped)).toBe(false);
    expect(verifyDigest(keys.publicKeyHex, 'cd'.repeat(32), signature)).toBe(false);
    expect(verifyDigest(seededKeyPair(1, 'other').publicKeyHex, DIGEST, signature)).toBe(false);
    expect(verifyDigest(keys.publicKeyHex, DIGEST, 'not hex')).toBe(false);
  });

  it('signing with a hand-made pair that names another actor\'s public key does not pre-verify the forgery', () => {
    const victim = seededKeyPair(5, 'lead');
    const forger = { actor: 'lead', privateKey: seededKeyPair(5, 'mallory').privateKey, publicKeyHex: victim.publicKeyHex };
    const forged = signDigest(forger, DIGEST);
    expect(verifyDigest(victim.publicKeyHex, DIGEST, forged)).toBe(false);
  });

  it('a signature made elsewhere (not through signDigest) is verified on its own merits', () => {
    const keys = seededKeyPair(9, 'outsider');
    const signature = signDigest(keys, DIGEST);
    // the same bytes checked under a key that never signed them: still false, also when asked again
    const stranger = seededKeyPair(10, 'outsider').publicKeyHex;
    expect(verifyDigest(stranger, DIGEST, signature)).toBe(false);
    expect(verifyDigest(stranger, DIGEST, signature)).toBe(false);
  });

  it('a remembered signature is the one signing makes, and a hand-made pair naming a derived public key never gets it', () => {
    const keys = seededKeyPair(6, 'lead');
    const first = signDigest(keys, DIGEST);
    expect(signDigest(keys, DIGEST)).toBe(first);
    expect(verifyDigest(keys.publicKeyHex, DIGEST, first)).toBe(true);
    // The forger names lead's public key but holds another private key: it must sign for
    // real (a cache keyed by public key and digest alone would hand it lead's signature).
    const forger = { actor: 'lead', privateKey: seededKeyPair(6, 'mallory').privateKey, publicKeyHex: keys.publicKeyHex };
    const forged = signDigest(forger, DIGEST);
    expect(forged).not.toBe(first);
    expect(verifyDigest(keys.publicKeyHex, DIGEST, forged)).toBe(false);
  });
});
