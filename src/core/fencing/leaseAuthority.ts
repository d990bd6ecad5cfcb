/**
 * The lease authority: grants leases with fence tokens, renews, releases and expires them.
 * Each operation is one named transaction on the authority's own store, and each asks the
 * lease machine whether its transition is legal.
 */
import type { Store } from '../db/store';
import { nextState } from '../machines';
import type { Clock } from '../time';
import { leaseMachine, LeaseState, type LeaseEvent } from './leaseMachine';
import { RESOURCE_ID } from './schema';

/**
 * How the authority runs its leases. The right design: a renewal is compare-and-set on
 * holder and fence of a live lease (MWP-EVT-007), a takeover gets the next fence, a lease
 * ends at its time. The others are the lab's wrong designs: a renewal that looks only at
 * the holder's name (it revives a lease that ran out), a takeover that keeps the fence (two
 * owners share a generation), a lease that lasts until released (a stalled holder keeps it).
 */
export interface LeasePolicy {
  renewal: 'compare_and_set' | 'holder_only';
  takeover: 'next' | 'same';
  expiry: 'timed' | 'until_released';
}

export const RIGHT_POLICY: LeasePolicy = { renewal: 'compare_and_set', takeover: 'next', expiry: 'timed' };

export interface Lease {
  state: LeaseState;
  fence: number;
  holder: string | null;
  leaseUntil: number;
}

export type GrantResult =
  | { ok: true; fence: number; leaseUntil: number }
  | { ok: false; code: 'LEASE_HELD'; holder: string; leaseUntil: number };

export type RenewResult =
  | { ok: true; fence: number; leaseUntil: number }
  | { ok: false; code: 'LEASE_LOST'; current: Lease };

/** Reads the current lease (outside or inside a transaction). */
export function readLease(store: Store): Lease {
  const row = store.get('SELECT state, fence, holder, lease_until FROM lease WHERE resource_id = ?', [RESOURCE_ID]);
  if (!row) return { state: LeaseState.free, fence: 0, holder: null, leaseUntil: 0 };
  return {
    state: row.state as LeaseState,
    fence: Number(row.fence),
    holder: row.holder === null ? null : String(row.holder),
    leaseUntil: Number(row.lease_until),
  };
}

/** Sets how long each grant or renewal lasts, in ticks. */
export function setLeaseDuration(store: Store, ticks: number): void {
  if (!Number.isInteger(ticks) || ticks < 1) throw new Error(`lease duration must be a positive whole number, got ${ticks}`);
  store.tx('set_lease_policy', () => store.run("UPDATE policy SET value = ? WHERE key = 'lease_duration'", [ticks]));
}

export function leaseDuration(store: Store): number {
  return Number(store.get("SELECT value FROM policy WHERE key = 'lease_duration'")!.value);
}

/**
 * Sets the lease directly to a given fence and end time: used to seed a lab's starting
 * state and by card probes. Fences never go backwards, so a lower fence is refused.
 */
export function arrangeLease(store: Store, clock: Clock, holder: string | null, fence: number, leaseUntil: number): void {
  store.tx('arrange_lease', () => {
    const current = readLease(store);
    if (fence < current.fence) throw new Error(`fence tokens only grow: cannot go from ${current.fence} to ${fence}`);
    const state = leaseUntil > clock.now ? LeaseState.held : LeaseState.expired;
    writeLease(store, { state, fence, holder, leaseUntil });
    // The same fence again is a renewal of that lease; only a new owner gets a new fence.
    appendHistory(store, clock, fence > current.fence ? 'grant' : 'renew', fence, holder, leaseUntil);
  });
}

/**
 * ACQUIRE: grants the lease to `worker` with the next fence, unless someone holds a live
 * lease. An expired-but-unswept lease is expired first, in the same transaction.
 */
export function acquireLease(store: Store, clock: Clock, worker: string, policy: LeasePolicy = RIGHT_POLICY): GrantResult {
  return store.tx('acquire_lease', () => {
    let lease = expireIfDue(store, clock, readLease(store), policy);
    const next = transitionOrNull(lease, 'ACQUIRE');
    if (next === null) return { ok: false, code: 'LEASE_HELD', holder: lease.holder ?? '?', leaseUntil: lease.leaseUntil };
    // A new owner's generation: the next fence (a first grant is fence 1 either way).
    const fence = policy.takeover === 'same' && lease.fence > 0 ? lease.fence : lease.fence + 1;
    lease = { state: next, fence, holder: worker, leaseUntil: clock.now + leaseDuration(store) };
    writeLease(store, lease);
    appendHistory(store, clock, 'grant', lease.fence, worker, lease.leaseUntil);
    return { ok: true, fence: lease.fence, leaseUntil: lease.leaseUntil };
  });
}

/** RENEW: compare-and-set on (holder, fence) while the lease is still live (MWP-EVT-007). */
export function renewLease(store: Store, clock: Clock, worker: string, fence: number, policy: LeasePolicy = RIGHT_POLICY): RenewResult {
  return store.tx('renew_lease', () => {
    const lease = expireIfDue(store, clock, readLease(store), policy);
    const cas = transitionOrNull(lease, 'RENEW') !== null && lease.holder === worker && lease.fence === fence;
    // The name-only design asks nothing but "is the requester's name on the lease?".
    if (policy.renewal === 'holder_only' ? lease.holder !== worker : !cas) return { ok: false, code: 'LEASE_LOST', current: lease };
    const renewed = { ...lease, state: LeaseState.held, leaseUntil: clock.now + leaseDuration(store) };
    writeLease(store, renewed);
    appendHistory(store, clock, 'renew', renewed.fence, worker, renewed.leaseUntil);
    return { ok: true, fence: renewed.fence, leaseUntil: renewed.leaseUntil };
  });
}

/** RELEASE: the holder gives the lease back early. Refused if it is no longer the holder. */
export function releaseLease(store: Store, clock: Clock, worker: string, fence: number, policy: LeasePolicy = RIGHT_POLICY): boolean {
  return store.tx('release_lease', () => {
    const lease = expireIfDue(store, clock, readLease(store), policy);
    const next = transitionOrNull(lease, 'RELEASE');
    if (next === null || lease.holder !== worker || lease.fence !== fence) return false;
    writeLease(store, { state: next, fence, holder: null, leaseUntil: clock.now });
    appendHistory(store, clock, 'release', fence, worker, clock.now);
    return true;
  });
}

/** Sweeps a lease whose time is up into `expired` (run when the clock moves). */
export function expireDueLease(store: Store, clock: Clock, policy: LeasePolicy = RIGHT_POLICY): Lease {
  const lease = readLease(store);
  if (policy.expiry === 'until_released' || lease.state !== LeaseState.held || clock.now < lease.leaseUntil) return lease;
  return store.tx('expire_lease', () => expireIfDue(store, clock, readLease(store), policy));
}

function expireIfDue(store: Store, clock: Clock, lease: Lease, policy: LeasePolicy): Lease {
  if (policy.expiry === 'until_released' || lease.state !== LeaseState.held || clock.now < lease.leaseUntil) return lease;
  const next = transitionOrNull(lease, 'EXPIRE')!;
  const expired = { ...lease, state: next };
  writeLease(store, expired);
  appendHistory(store, clock, 'expire', lease.fence, lease.holder, lease.leaseUntil);
  return expired;
}

function transitionOrNull(lease: Lease, event: LeaseEvent['type']): LeaseState | null {
  return nextState(leaseMachine, lease.state, event) as LeaseState | null;
}

function writeLease(store: Store, lease: Lease): void {
  store.run(
    `INSERT INTO lease (resource_id, state, fence, holder, lease_until) VALUES (:id, :state, :fence, :holder, :until)
     ON CONFLICT (resource_id) DO UPDATE SET state = :state, fence = :fence, holder = :holder, lease_until = :until`,
    { ':id': RESOURCE_ID, ':state': lease.state, ':fence': lease.fence, ':holder': lease.holder, ':until': lease.leaseUntil },
  );
}

function appendHistory(store: Store, clock: Clock, kind: string, fence: number, holder: string | null, leaseUntil: number): void {
  store.run(
    'INSERT INTO lease_history (stamp, resource_id, kind, fence, holder, at, lease_until) VALUES (?, ?, ?, ?, ?, ?, ?)',
    [clock.nextStamp(), RESOURCE_ID, kind, fence, holder, clock.now, leaseUntil],
  );
}
