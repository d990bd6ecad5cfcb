/**
 * Read-only views of the worker's database for the lab's observables, oracles and the
 * explorer's fingerprint. Nothing here writes.
 */
import type { Store } from '../db/store';

export function appliedSeqs(store: Store, group: string): Set<number> {
  return new Set(store.all('SELECT DISTINCT seq FROM applied_log WHERE group_id = ?', [group]).map((r) => Number(r.seq)));
}

/** Events applied more than once (the at-most-once oracle). */
export function appliedTwice(store: Store): { event_id: string; times: number }[] {
  return store.all('SELECT event_id, count(*) AS times FROM applied_log GROUP BY event_id HAVING count(*) > 1').map((r) => ({ event_id: String(r.event_id), times: Number(r.times) }));
}

/** One application of an event, as the append-only log numbers it. */
export interface AppliedRow { n: number; eventId: string; seq: number; group: string }

/** Log rows after `n` in log order (a range of its integer primary key: reads only those rows). */
export function appliedLogAfter(store: Store, n: number): AppliedRow[] {
  return store.all('SELECT n, event_id, seq, group_id FROM applied_log WHERE n > ? ORDER BY n', [n])
    .map((r) => ({ n: Number(r.n), eventId: String(r.event_id), seq: Number(r.seq), group: String(r.group_id) }));
}

/** The event a log row names, or null when there is no row `n` (a primary-key look-up). */
export function appliedEventAt(store: Store, n: number): string | null {
  const row = store.get('SELECT event_id FROM applied_log WHERE n = ?', [n]);
  return row ? String(row.event_id) : null;
}

/** One ACK sent, as the append-only log numbers it. */
export interface AckRow { n: number; group: string; cursor: number }

/** ACKs sent after row `n`, in the order sent (a range of the integer primary key). */
export function acksSentAfter(store: Store, n: number): AckRow[] {
  return store.all('SELECT n, group_id, cursor FROM acks_sent WHERE n > ? ORDER BY n', [n])
    .map((r) => ({ n: Number(r.n), group: String(r.group_id), cursor: Number(r.cursor) }));
}

/** The cursor an ACK row carries (with its group), or null when there is no row `n`. */
export function ackAt(store: Store, n: number): string | null {
  const row = store.get('SELECT group_id, cursor FROM acks_sent WHERE n = ?', [n]);
  return row ? `${String(row.group_id)}\u0000${Number(row.cursor)}` : null;
}

export function acksSent(store: Store, group: string): number[] {
  return store.all('SELECT cursor FROM acks_sent WHERE group_id = ? ORDER BY n', [group]).map((r) => Number(r.cursor));
}

export function workerCounts(store: Store): { inbox: number; applied: number } {
  return {
    inbox: Number(store.get('SELECT count(*) AS n FROM inbox')!.n),
    applied: Number(store.get('SELECT count(*) AS n FROM applied_log')!.n),
  };
}

export function lastSnapshotResult(store: Store, group: string): string | null {
  const row = store.get('SELECT result FROM snapshot_log WHERE group_id = ? ORDER BY n DESC LIMIT 1', [group]);
  return row ? String(row.result) : null;
}

export function checkpointNotes(store: Store): Record<string, string> {
  return Object.fromEntries(store.all('SELECT work_item_id, note FROM checkpoints ORDER BY work_item_id').map((r) => [String(r.work_item_id), String(r.note ?? '')]));
}

/** The worker's logical state as canonical text, without row numbers (explorer fingerprint). */
export function workerFingerprint(store: Store): string {
  const q = (sql: string) => JSON.stringify(store.all(sql).map((r) => Object.values(r)));
  return [
    q("SELECT value FROM meta WHERE key = 'generation'"),
    q('SELECT group_id, seq, acked, mode, base FROM cursors ORDER BY group_id'),
    q('SELECT event_id FROM inbox ORDER BY event_id'),
    q('SELECT group_id, seq, event FROM buffer ORDER BY group_id, seq'),
    q('SELECT group_id, kind, id, body FROM projection_rows ORDER BY group_id, kind, id'),
    q('SELECT group_id, work_item_id, status FROM work_queue ORDER BY group_id, work_item_id'),
    q('SELECT work_item_id, seq, note FROM checkpoints ORDER BY work_item_id'),
    q('SELECT operation_id, intent FROM outbox ORDER BY operation_id'),
    q('SELECT operation_id, receipt FROM effect_receipts ORDER BY operation_id'),
    q('SELECT event_id, fields FROM redactions ORDER BY event_id'),
    q('SELECT group_id, seq, result FROM snapshot_log ORDER BY n DESC LIMIT 1'),
  ].join('\n');
}

/** One row of a group's projection (its stored canonical text), or null when there is none. */
export function projectionRowBody(store: Store, group: string, kind: string, id: string): string | null {
  const row = store.get('SELECT body FROM projection_rows WHERE group_id = ? AND kind = ? AND id = ?', [group, kind, id]);
  return row ? String(row.body) : null;
}

/** Which projection rows these rowids name now (rowids the update hook reported; gone ones are skipped). */
export function projectionRowsAt(store: Store, rowids: readonly number[]): { group: string; kind: string; id: string }[] {
  const out: { group: string; kind: string; id: string }[] = [];
  for (const rowid of rowids) {
    const row = store.get('SELECT group_id, kind, id FROM projection_rows WHERE rowid = ?', [rowid]);
    if (row) out.push({ group: String(row.group_id), kind: String(row.kind), id: String(row.id) });
  }
  return out;
}

/** The organizations a group's projection holds, in id order (as readProjection lists them). */
export function projectionOrganizations(store: Store, group: string): string[] {
  return store.all("SELECT id FROM projection_rows WHERE group_id = ? AND kind = 'organizations' ORDER BY id", [group]).map((r) => String(r.id));
}

/**
 * Each work item's status in a group's projection, in id order (as readProjection lists
 * them): the view's `work_items` without parsing every aggregate of the projection.
 */
export function workItemStatuses(store: Store, group: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of store.all("SELECT id, json_extract(body, '$.status') AS status FROM projection_rows WHERE group_id = ? AND kind = 'workItems' ORDER BY id", [group])) {
    out[String(r.id)] = String(r.status);
  }
  return out;
}

/** One work item's status in a group's projection, or null when the row is gone. */
export function workItemStatus(store: Store, group: string, id: string): string | null {
  const row = store.get("SELECT json_extract(body, '$.status') AS status FROM projection_rows WHERE group_id = ? AND kind = 'workItems' AND id = ?", [group, id]);
  return row ? String(row.status) : null;
}
