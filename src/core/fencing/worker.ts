/**
 * A worker in the fencing lab. It remembers the lease it was granted (a belief), checks it
 * locally before writing, and may be paused between that check and the write — the window
 * in which its belief goes stale without it knowing (SPEC 9.7).
 */
import type { Store } from '../db/store';
import type { Clock } from '../time';
import type { WriteReason } from './protectedResource';
import { RESOURCE_ID } from './schema';

export interface Belief {
  fence: number;
  leaseUntil: number;
}

export interface PendingWrite {
  token: number;
  value: string;
  checkedAt: number;
  /** Sent to the resource and waiting for its verdict. */
  sent: boolean;
}

export type PrepareResult =
  | { ok: true; write: PendingWrite }
  | { ok: false; code: 'NO_LEASE' | 'LOCAL_LEASE_EXPIRED' | 'WRITE_IN_PROGRESS' };

export function readBelief(store: Store): Belief | null {
  const row = store.get('SELECT fence, lease_until FROM belief WHERE resource_id = ?', [RESOURCE_ID]);
  return row ? { fence: Number(row.fence), leaseUntil: Number(row.lease_until) } : null;
}

export function readPendingWrite(store: Store): PendingWrite | null {
  const row = store.get('SELECT token, value, checked_at, sent FROM pending_write WHERE resource_id = ?', [RESOURCE_ID]);
  return row ? { token: Number(row.token), value: String(row.value), checkedAt: Number(row.checked_at), sent: row.sent === 1 } : null;
}

/** Stores a lease the authority granted or renewed. */
export function rememberGrant(store: Store, fence: number, leaseUntil: number): void {
  store.tx('remember_grant', () => {
    store.run(
      `INSERT INTO belief (resource_id, fence, lease_until) VALUES (:id, :fence, :until)
       ON CONFLICT (resource_id) DO UPDATE SET fence = :fence, lease_until = :until`,
      { ':id': RESOURCE_ID, ':fence': fence, ':until': leaseUntil },
    );
  });
}

/** Forgets the lease (after releasing it). */
export function forgetGrant(store: Store): void {
  store.tx('forget_grant', () => store.run('DELETE FROM belief WHERE resource_id = ?', [RESOURCE_ID]));
}

/**
 * The worker's own check — "my lease is still valid by my clock" — then the write it will
 * send, kept as pending. The check is honest but cannot see the future: a pause after it
 * leaves a stale token in hand.
 */
export function prepareWrite(store: Store, clock: Clock, value: string): PrepareResult {
  return store.tx('prepare_write', () => {
    if (readPendingWrite(store)) return { ok: false, code: 'WRITE_IN_PROGRESS' };
    const belief = readBelief(store);
    if (!belief) return { ok: false, code: 'NO_LEASE' };
    if (clock.now >= belief.leaseUntil) return { ok: false, code: 'LOCAL_LEASE_EXPIRED' };
    const write = { token: belief.fence, value, checkedAt: clock.now, sent: false };
    store.run('INSERT INTO pending_write (resource_id, token, value, checked_at) VALUES (?, ?, ?, ?)',
      [RESOURCE_ID, write.token, write.value, write.checkedAt]);
    return { ok: true, write };
  });
}

/**
 * Marks the prepared write as sent and returns it (no re-check: it already checked). It
 * stays on the worker's desk until the resource's verdict arrives, so a write lost on the
 * way (a crash inside the resource) is still known and can be sent again.
 */
export function sendPendingWrite(store: Store): PendingWrite | null {
  return store.tx('send_write', () => {
    const write = readPendingWrite(store);
    if (!write || write.sent) return null;
    store.run('UPDATE pending_write SET sent = 1 WHERE resource_id = ?', [RESOURCE_ID]);
    return { ...write, sent: true };
  });
}

/** The sent write still waiting for its verdict (to send again), or null. */
export function unansweredWrite(store: Store): PendingWrite | null {
  const write = readPendingWrite(store);
  return write?.sent ? write : null;
}

/** Records the resource's answer to one of this worker's writes; the write it answers leaves the desk. */
export function recordWriteOutcome(store: Store, token: number | null, value: string, allowed: boolean, reason: WriteReason): void {
  store.tx('record_outcome', () => {
    store.run('INSERT INTO write_outcome (token, value, allowed, reason) VALUES (?, ?, ?, ?)', [token, value, allowed ? 1 : 0, reason]);
    store.run('DELETE FROM pending_write WHERE resource_id = ? AND token IS ? AND value = ? AND sent = 1', [RESOURCE_ID, token, value]);
  });
}
