/**
 * The protected resource: a document that only accepts a write carrying the current fence
 * while the lease is live (SPEC §6 and 9.7). The check and the write are ONE conditional
 * UPDATE inside one transaction, so nothing can slip between them.
 *
 * `uncheckedWrite` is the other half of the lesson: an external system that is handed
 * the token but never compares it. The token protects only what checks it.
 */
import type { Store } from '../db/store';
import type { FaultPoints } from '../faults';
import type { Clock } from '../time';
import { RESOURCE_ID } from './schema';

export const ResourceFaultPoint = {
  beforeCommit: 'resource.before_commit',
  afterCommit: 'resource.after_commit',
} as const;

export type WriteReason =
  | 'OK'                 // token == current fence and now < lease end
  | 'STALE_FENCE'        // a higher fence has been issued since
  | 'LEASE_EXPIRED'      // right fence, but the lease time is over
  | 'UNKNOWN_FENCE'      // the resource has not heard of this fence yet
  | 'NO_LEASE'           // the resource knows of no lease at all
  | 'FENCE_NOT_CHECKED'; // external system: accepted without looking

export interface WriteVerdict {
  allowed: boolean;
  reason: WriteReason;
  /** The fence and lease end the resource compared against (null if it knows none). */
  currentFence: number | null;
  leaseUntil: number | null;
}

export interface WriteRequest {
  writer: string;
  token: number | null;
  value: string;
}

/** Records a newer fence announced by the lease authority; an older one is ignored. */
export function learnFence(store: Store, fence: number, leaseUntil: number): boolean {
  return store.tx('learn_fence', () => store.run(
    `INSERT INTO fence_state (resource_id, current_fence, lease_until) VALUES (:id, :fence, :until)
     ON CONFLICT (resource_id) DO UPDATE SET current_fence = :fence, lease_until = :until
     WHERE :fence >= fence_state.current_fence`,
    { ':id': RESOURCE_ID, ':fence': fence, ':until': leaseUntil },
  ) === 1);
}

/** The fenced write: check and write in one conditional statement, one transaction. */
export function fencedWrite(store: Store, clock: Clock, faults: FaultPoints, request: WriteRequest): WriteVerdict {
  const verdict = store.tx('fenced_write', () => {
    const changed = store.run(
      `UPDATE document SET value = :value, last_writer = :writer, last_fence = :token, version = version + 1
       WHERE id = :id AND EXISTS (
         SELECT 1 FROM fence_state
         WHERE resource_id = :id AND current_fence = :token AND :now < lease_until)`,
      { ':value': request.value, ':writer': request.writer, ':token': request.token, ':id': RESOURCE_ID, ':now': clock.now },
    );
    const known = readFenceState(store);
    const result = { ...known, allowed: changed === 1, reason: changed === 1 ? 'OK' : refusalReason(request.token, known, clock.now) } as WriteVerdict;
    logAttempt(store, clock, request, result);
    faults.reach(ResourceFaultPoint.beforeCommit);
    return result;
  });
  faults.reach(ResourceFaultPoint.afterCommit);
  return verdict;
}

/** The external system: takes any write, token or not. Nothing here looks at fences. */
export function uncheckedWrite(store: Store, clock: Clock, faults: FaultPoints, request: WriteRequest): WriteVerdict {
  const verdict = store.tx('unchecked_write', () => {
    store.run(
      `UPDATE document SET value = :value, last_writer = :writer, last_fence = :token, version = version + 1 WHERE id = :id`,
      { ':value': request.value, ':writer': request.writer, ':token': request.token, ':id': RESOURCE_ID },
    );
    const result: WriteVerdict = { ...readFenceState(store), allowed: true, reason: 'FENCE_NOT_CHECKED' };
    logAttempt(store, clock, request, result);
    faults.reach(ResourceFaultPoint.beforeCommit);
    return result;
  });
  faults.reach(ResourceFaultPoint.afterCommit);
  return verdict;
}

export function readFenceState(store: Store): { currentFence: number | null; leaseUntil: number | null } {
  const row = store.get('SELECT current_fence, lease_until FROM fence_state WHERE resource_id = ?', [RESOURCE_ID]);
  return row ? { currentFence: Number(row.current_fence), leaseUntil: Number(row.lease_until) } : { currentFence: null, leaseUntil: null };
}

export function readDocument(store: Store): { value: string | null; lastWriter: string | null; lastFence: number | null; version: number } {
  const row = store.get('SELECT value, last_writer, last_fence, version FROM document WHERE id = ?', [RESOURCE_ID])!;
  return {
    value: row.value === null ? null : String(row.value),
    lastWriter: row.last_writer === null ? null : String(row.last_writer),
    lastFence: row.last_fence === null ? null : Number(row.last_fence),
    version: Number(row.version),
  };
}

function refusalReason(token: number | null, known: { currentFence: number | null; leaseUntil: number | null }, now: number): WriteReason {
  if (known.currentFence === null || known.leaseUntil === null) return 'NO_LEASE';
  if (token === null || token < known.currentFence) return 'STALE_FENCE';
  if (token > known.currentFence) return 'UNKNOWN_FENCE';
  return now >= known.leaseUntil ? 'LEASE_EXPIRED' : 'STALE_FENCE';
}

function logAttempt(store: Store, clock: Clock, request: WriteRequest, verdict: WriteVerdict): void {
  store.run(
    'INSERT INTO write_log (stamp, at, writer, token, value, allowed, reason) VALUES (?, ?, ?, ?, ?, ?, ?)',
    [clock.nextStamp(), clock.now, request.writer, request.token, request.value, verdict.allowed ? 1 : 0, verdict.reason],
  );
}
