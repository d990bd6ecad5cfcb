/**
 * sha256HexOfText must give @noble/hashes' SHA-256 of the UTF-8 bytes, for every input: digests
 * decide duplicates and are signed, so one wrong byte would change every receipt and image.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256HexOfText } from './sha256';

const noble = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));

describe('sha256HexOfText', () => {
  it('matches the FIPS 180-4 examples', () => {
    expect(sha256HexOfText('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256HexOfText('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256HexOfText('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))
      .toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  });

  it('agrees with @noble/hashes at every length around the block and padding boundaries', () => {
    for (let n = 0; n <= 300; n++) {
      expect(sha256HexOfText('x'.repeat(n)), `ASCII ${n}`).toBe(noble('x'.repeat(n)));
      expect(sha256HexOfText(`${'y'.repeat(n)}é`), `ASCII ${n} then é`).toBe(noble(`${'y'.repeat(n)}é`));
    }
  });

  it('agrees with @noble/hashes on any string (any code units, lone surrogates, long inputs)', () => {
    const text = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }),
      fc.string({ unit: fc.constantFrom('\ud800', '\udfff', '\u0000', '\u007f', '\u0080', '\u07ff', '\u0800', '\uffff', 'a') }),
      fc.string({ minLength: 1000, maxLength: 30_000 }));
    fc.assert(fc.property(text, (t) => { expect(sha256HexOfText(t)).toBe(noble(t)); }), { numRuns: 2000 });
  });

  it('does not let one input leak into the next (the buffer is reused)', () => {
    const long = 'z'.repeat(5000);
    const short = 'ab';
    expect(sha256HexOfText(long)).toBe(noble(long));
    expect(sha256HexOfText(short)).toBe(noble(short));
    expect(sha256HexOfText('a'.repeat(100_000))).toBe(noble('a'.repeat(100_000)));
    expect(sha256HexOfText(short)).toBe(noble(short));
  });
});
