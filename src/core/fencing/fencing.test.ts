import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { requireSqlJs } from '../db/sqljs';
import { Store } from '../db/store';
import { noFaults } from '../faults';
import { nextState } from '../machines';
import type { Clock } from '../time';
import { acquireLease, arrangeLease, expireDueLease, readLease, releaseLease, renewLease } from './leaseAuthority';
import { leaseMachine } from './leaseMachine';
import { fencedWrite, learnFence, readDocument, uncheckedWrite } from './protectedResource';
import { AUTHORITY_SCHEMA, RESOURCE_SCHEMA } from './schema';

useSqlJs();

class TestClock implements Clock {
  private stamp = 0;
  constructor(public now = 0) {}
  nextStamp(): number { return ++this.stamp; }
}

const authority = () => new Store(requireSqlJs(), 'authority', AUTHORITY_SCHEMA);
const resource = () => new Store(requireSqlJs(), 'resource', RESOURCE_SCHEMA);

describe('lease machine (the same definition the diagram draws)', () => {
  it('allows ACQUIRE only from free or expired', () => {
    expect(nextState(leaseMachine, 'free', 'ACQUIRE')).toBe('held');
    expect(nextState(leaseMachine, 'expired', 'ACQUIRE')).toBe('held');
    expect(nextState(leaseMachine, 'held', 'ACQUIRE')).toBeNull();
    expect(nextState(leaseMachine, 'held', 'EXPIRE')).toBe('expired');
    expect(nextState(leaseMachine, 'expired', 'RENEW')).toBeNull();
  });
});

describe('lease authority (SPEC §6, MWP-WRK-019, MWP-EVT-007)', () => {
  it('each new owner gets a higher fence; a live lease cannot be taken', () => {
    const store = authority();
    const clock = new TestClock();
    expect(acquireLease(store, clock, 'A')).toEqual({ ok: true, fence: 1, leaseUntil: 10 });
    expect(acquireLease(store, clock, 'B')).toEqual({ ok: false, code: 'LEASE_HELD', holder: 'A', leaseUntil: 10 });
    clock.now = 10;
    expect(acquireLease(store, clock, 'B')).toEqual({ ok: true, fence: 2, leaseUntil: 20 });
    expect(store.all('SELECT kind, fence, holder FROM lease_history ORDER BY stamp')).toEqual([
      { kind: 'grant', fence: 1, holder: 'A' }, { kind: 'expire', fence: 1, holder: 'A' }, { kind: 'grant', fence: 2, holder: 'B' },
    ]);
  });

  it('renewal is compare-and-set on holder and fence', () => {
    const store = authority();
    const clock = new TestClock();
    acquireLease(store, clock, 'A');
    clock.now = 5;
    expect(renewLease(store, clock, 'A', 1)).toEqual({ ok: true, fence: 1, leaseUntil: 15 });
    expect(renewLease(store, clock, 'B', 1)).toMatchObject({ ok: false, code: 'LEASE_LOST' });
    expect(renewLease(store, clock, 'A', 0)).toMatchObject({ ok: false, code: 'LEASE_LOST' });
    clock.now = 15;
    expect(renewLease(store, clock, 'A', 1)).toMatchObject({ ok: false, code: 'LEASE_LOST', current: { state: 'expired' } });
  });

  it('release frees the lease; the next owner still gets a higher fence', () => {
    const store = authority();
    const clock = new TestClock();
    acquireLease(store, clock, 'A');
    expect(releaseLease(store, clock, 'B', 1)).toBe(false);
    expect(releaseLease(store, clock, 'A', 1)).toBe(true);
    expect(readLease(store)).toMatchObject({ state: 'free', holder: null });
    expect(acquireLease(store, clock, 'B')).toMatchObject({ ok: true, fence: 2 });
  });

  it('expiry is swept when the clock passes the lease end, not before', () => {
    const store = authority();
    const clock = new TestClock();
    acquireLease(store, clock, 'A');
    clock.now = 9;
    expect(expireDueLease(store, clock).state).toBe('held');
    clock.now = 10;
    expect(expireDueLease(store, clock).state).toBe('expired');
  });

  it('fences never go backwards, even when arranged', () => {
    const store = authority();
    const clock = new TestClock();
    arrangeLease(store, clock, 'A', 3, 10);
    expect(() => arrangeLease(store, clock, 'A', 2, 10)).toThrow(/only grow/);
    expect(readLease(store).fence).toBe(3);
  });
});

describe('protected resource', () => {
  // The oracle is the SPEC 9.7 card vectors themselves, written out, not a restatement of
  // the rule in code (which would agree with the SQL by construction whenever both were wrong).
  const SPEC_9_7 = [
    { token: 1, current: 2, now: 11, lease_until: 20, allowed: false },
    { token: 2, current: 2, now: 11, lease_until: 20, allowed: true },
    { token: 2, current: 2, now: 20, lease_until: 20, allowed: false },
  ];
  it.each(SPEC_9_7)('SPEC 9.7 vector: token $token, current $current, now $now, lease until $lease_until → allowed $allowed',
    ({ token, current, now, lease_until: leaseUntil, allowed }) => {
      const store = resource();
      try {
        learnFence(store, current, leaseUntil);
        const verdict = fencedWrite(store, new TestClock(now), noFaults, { writer: 'X', token, value: 'v' });
        expect(verdict.allowed).toBe(allowed);
        expect(readDocument(store).version).toBe(allowed ? 1 : 0);
      } finally {
        store.close();
      }
    });

  it('names why a write is refused', () => {
    const store = resource();
    const write = (token: number, now: number) => fencedWrite(store, new TestClock(now), noFaults, { writer: 'X', token, value: 'v' }).reason;
    expect(write(1, 0)).toBe('NO_LEASE');
    learnFence(store, 2, 20);
    expect(write(1, 11)).toBe('STALE_FENCE');
    expect(write(3, 11)).toBe('UNKNOWN_FENCE');
    expect(write(2, 20)).toBe('LEASE_EXPIRED');
    expect(write(2, 19)).toBe('OK');
  });

  it('ignores a late, older fence update', () => {
    const store = resource();
    expect(learnFence(store, 2, 20)).toBe(true);
    expect(learnFence(store, 1, 10)).toBe(false);
    expect(store.get('SELECT current_fence FROM fence_state')).toEqual({ current_fence: 2 });
  });

  it('the external system accepts any token: the fence protects only what checks it', () => {
    const store = resource();
    learnFence(store, 2, 20);
    const verdict = uncheckedWrite(store, new TestClock(30), noFaults, { writer: 'A', token: 1, value: 'late' });
    expect(verdict).toMatchObject({ allowed: true, reason: 'FENCE_NOT_CHECKED' });
    expect(readDocument(store)).toMatchObject({ value: 'late', lastWriter: 'A' });
  });
});
