import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { seededKeyPair } from '../authority/keys';
import { emptyState, type AuthorityState } from '../authority/fold';
import { decryptAuditLog, encryptAuditLog } from './archive';
import { makeSnapshot, verifySnapshot, type Expected } from './snapshot';
import { decodeFrame, encodeFrame } from '../transport/frames';

useSqlJs();

const authority = seededKeyPair(11, 'authority');
const state: AuthorityState = { ...emptyState(), organizations: ['acme'], groups: { G1: { org: 'acme', sequence: 5, revision: 2 } } };
const expected: Expected = { org: 'acme', group: 'G1', seq: 5, cursor: 3, authorityPublicKeyHex: authority.publicKeyHex };
const good = makeSnapshot('acme', 'G1', 5, state, authority.privateKey);

describe('signed snapshots (SPEC §5)', () => {
  it('a genuine snapshot passes all six checks and yields its state', () => {
    expect(verifySnapshot(good, expected)).toMatchObject({ ok: true, state, snapshot: { seq: 5 } });
  });

  const cases: [string, string, string][] = [
    ['schema', good.replace('projection-snapshot@1', 'projection-snapshot@0'), 'SCHEMA'],
    ['hash', good.replace('\\"sequence\\":5', '\\"sequence\\":6'), 'HASH'],
    ['signature', makeSnapshot('acme', 'G1', 5, state, seededKeyPair(11, 'mallory').privateKey), 'SIGNATURE'],
    ['organization', makeSnapshot('other', 'G1', 5, state, authority.privateKey), 'ORGANIZATION'],
    ['group', makeSnapshot('acme', 'G2', 5, state, authority.privateKey), 'GROUP'],
    ['sequence', makeSnapshot('acme', 'G1', 4, state, authority.privateKey), 'SEQUENCE'],
  ];
  for (const [kind, text, check] of cases) {
    it(`tampered ${kind} is refused by the ${check} check`, () => {
      expect(text).not.toBe(good);
      expect(verifySnapshot(text, expected)).toMatchObject({ ok: false, check });
    });
  }

  it('a snapshot behind the worker\'s cursor is refused', () => {
    expect(verifySnapshot(good, { ...expected, cursor: 6 })).toMatchObject({ ok: false, check: 'SEQUENCE' });
  });

  it('flipping any single byte of a snapshot makes it refused', () => {
    const bytes = new TextEncoder().encode(good);
    const decoder = new TextDecoder('utf-8', { fatal: false });
    let refused = 0;
    for (let i = 0; i < bytes.length; i++) {
      const copy = bytes.slice();
      copy[i] = copy[i]! ^ 0x01;
      if (!verifySnapshot(decoder.decode(copy), expected).ok) refused += 1;
    }
    expect(refused).toBe(bytes.length);
  });
});

describe('transport frames and the audit log', () => {
  it('frames round-trip through their canonical wire form; a wrong version is refused', () => {
    const frame = { v: 1 as const, type: 'ack' as const, group: 'G1', cursor: 7, generation: 0 };
    expect(decodeFrame(encodeFrame(frame))).toEqual({ ok: true, frame });
    expect(decodeFrame(new TextEncoder().encode('{"v":2,"type":"ack","group":"G1","cursor":7,"generation":0}'))).toMatchObject({ ok: false });
    expect(decodeFrame(new Uint8Array([0xff, 0xfe]))).toMatchObject({ ok: false, error: expect.stringMatching(/not a frame/) });
  });

  it('the audit log is encrypted and decrypts to the original (MWP-MSN-009)', () => {
    const text = '{"events":[1,2,3]}';
    const cipher = encryptAuditLog(11, 'G1', text);
    expect(cipher).not.toContain('events');
    expect(decryptAuditLog(11, 'G1', cipher)).toBe(text);
    expect(() => decryptAuditLog(12, 'G1', cipher)).toThrow();
  });
});
