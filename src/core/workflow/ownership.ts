/**
 * Who may move a refund intent, and a record of who did.
 *
 * The shop hands an intent to one worker under an owner epoch (the creator gets epoch 1, a
 * takeover the next). Each worker keeps the epoch it was GRANTED in its own database
 * (`lg_claim`): that is the token it shows the shop. The submit node's epoch check compares
 * it with the shop's current epoch, and the status write itself is conditional on it
 * (`applyTransition`'s `WHERE owner_epoch = ?`), so a worker whose epoch was superseded — or
 * that never held one — cannot move the intent (seed 002 §7: the resource checks the token).
 * A check that compares the shop's epoch with itself (read it, then write under what was
 * read) can never refuse: the `read` design keeps it so search can show what it lets through.
 *
 * Every status change the workflow makes is logged in the shop, in the same transaction, with
 * the writer and the owner the row named at that moment (`lg_status_write`): the oracle reads
 * it to say whether only owners moved the intent (LG-FENCE-1).
 */
import type { Store } from '../db/store';
import type { Clock } from '../time';
import type { OperationEvent, OperationState } from '../effects/operationMachine';
import { applyTransition, readOperation, type TransitionPatch } from '../effects/shop';

/** In each worker's own database: the owner epoch the shop granted it, per intent. */
export const CLAIM_SCHEMA = `
-- The owner epoch the shop granted this worker for an intent (its fencing token).
CREATE TABLE lg_claim (
  operation_id TEXT PRIMARY KEY,
  epoch INTEGER NOT NULL
);
`;

/** In the shop: each status change the workflow made, with the owner the intent named then. */
export const STATUS_WRITE_SCHEMA = `
-- One row per status change a workflow worker made (same transaction as the change).
CREATE TABLE lg_status_write (
  seq INTEGER PRIMARY KEY,
  operation_id TEXT NOT NULL,
  event TEXT NOT NULL,
  writer TEXT NOT NULL,
  epoch INTEGER NOT NULL,                   -- the epoch the write was made under
  owner TEXT NOT NULL,                      -- the intent's owner when it was made
  at INTEGER NOT NULL
);
`;

/** What the submit node compares with the shop's epoch before it sends. */
export type EpochCheck = 'held' | 'read';

/** Records the epoch the shop granted `worker`'s database for `operationId`. */
export function recordClaim(worker: Store, operationId: string, epoch: number): void {
  worker.tx('lg.claim', () => {
    worker.run('INSERT INTO lg_claim (operation_id, epoch) VALUES (?, ?) ON CONFLICT (operation_id) DO UPDATE SET epoch = excluded.epoch', [operationId, epoch]);
  });
}

/** The epoch this worker was granted for the intent, or null if it never held it. */
export function heldEpoch(worker: Store, operationId: string): number | null {
  const r = worker.get('SELECT epoch FROM lg_claim WHERE operation_id = ?', [operationId]);
  return r ? Number(r.epoch) : null;
}

export interface StatusWrite {
  operationId: string;
  event: OperationEvent;
  /** The epoch the writer shows: the write happens only if the shop's epoch is this one. */
  epoch: number;
  writer: string;
  why: string;
  patch?: TransitionPatch;
}

/** A conditional status change (fenced by `epoch`), logged with its writer in the same transaction. */
export function writeStatus(shop: Store, clock: Clock, w: StatusWrite): OperationState | null {
  return shop.tx(`operation_${w.event.toLowerCase()}`, () => {
    const owner = readOperation(shop, w.operationId)?.owner ?? '';
    const next = applyTransition(shop, clock, w.operationId, w.event, w.epoch, w.why, w.patch);
    if (next !== null) {
      const n = Number(shop.get('SELECT count(*) AS n FROM lg_status_write')!.n);
      shop.run('INSERT INTO lg_status_write (seq, operation_id, event, writer, epoch, owner, at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        [n + 1, w.operationId, w.event, w.writer, w.epoch, owner, clock.now]);
    }
    return next;
  });
}

/** Status changes made by a worker that was not the intent's owner at the time. */
export function writesByNonOwners(shop: Store): { operationId: string; event: string; writer: string; owner: string; epoch: number }[] {
  return shop.all('SELECT operation_id, event, writer, owner, epoch FROM lg_status_write WHERE writer <> owner ORDER BY seq')
    .map((r) => ({ operationId: String(r.operation_id), event: String(r.event), writer: String(r.writer), owner: String(r.owner), epoch: Number(r.epoch) }));
}
