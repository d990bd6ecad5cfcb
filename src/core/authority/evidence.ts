/**
 * Evidence and the missed-renewal sweep (MWP-WRK-019), decided here over the authority's
 * database; the model wiring sends what they return.
 *
 * - `keepAsEvidence`: an execution result refused because its sender no longer holds the
 *   lease is kept — recorded, never authoritative — if that sender ever claimed the item
 *   (its receipts say which events it caused).
 * - `sweepCommands`: running work whose lease ended, and checkpointed work whose start
 *   deadline passed, as the `reassign` commands that send it back to the queue.
 */
import type { Store } from '../db/store';
import type { CommandContent, SignedCommand } from './commands';
import type { AcceptResult } from './outcomes';

/** Commands whose refusal from a former lease holder is kept as Evidence. */
const EXECUTION_KINDS = new Set(['complete', 'checkpoint', 'block', 'report_failure', 'report_progress', 'renew_lease']);
const STALE_CODES = new Set(['NOT_OWNER', 'LEASE_MISMATCH', 'LEASE_EXPIRED', 'INVALID_STATE']);

/** Records the refused result as Evidence when it came from a former holder; returns whether it did. */
export function keepAsEvidence(store: Store, command: SignedCommand, result: AcceptResult, now: number): boolean {
  if (!EXECUTION_KINDS.has(command.kind) || !STALE_CODES.has(result.code) || !('message' in result)) return false;
  const item = String(command.payload.work_item ?? '');
  const heldBefore = store.get(`SELECT 1 FROM receipts r JOIN events e ON e.event_id = r.event_id
    WHERE r.actor_id = ? AND e.aggregate_id = ? AND e.kind = 'work_item_claimed'`, [command.actor, item]);
  if (!heldBefore) return false;
  store.tx('record_evidence', () => store.run(
    'INSERT INTO evidence (work_item_id, agent_id, lease_id, kind, payload, refused_because, at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    [item, command.actor, String(command.payload.lease_id ?? ''), command.kind, JSON.stringify(command.payload), result.code, now]));
  return true;
}

export interface SweepItem { workItem: string; owner: string; epoch: number; missedStart: boolean; command: CommandContent }

/** The reassignments the sweep sends, by `actor`, for work whose lease or start deadline has passed. */
export function sweepCommands(store: Store, group: string, actor: string, now: number): SweepItem[] {
  const due = "(status = 'running' AND lease_until <= :now) OR (status = 'owned' AND resume_by <= :now)";
  return store.all(`SELECT work_item_id, owner, ownership_epoch, status, revision FROM work_items WHERE ${due}`, { ':now': now }).map((row) => ({
    workItem: String(row.work_item_id), owner: String(row.owner), epoch: Number(row.ownership_epoch), missedStart: row.status === 'owned',
    command: {
      actor, actionId: `sweep-${row.work_item_id}-${row.revision}`, group, kind: 'reassign', expectedRevision: Number(row.revision),
      payload: { work_item: String(row.work_item_id), reason: row.status === 'owned' ? 'start deadline missed' : 'lease renewal missed' },
    },
  }));
}
