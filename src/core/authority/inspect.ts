/**
 * Read-only views of the authority's and the clients' databases for lab L09/L12's
 * observables and invariants (so no SQL text lives in the model wiring). Nothing here writes.
 */
import type { Store } from '../db/store';
import { msg, type Message } from '../message';
import type { SignedCommand } from './commands';

export function firstGroup(store: Store): string {
  const row = store.get('SELECT group_id FROM groups ORDER BY group_id LIMIT 1');
  return row ? String(row.group_id) : '';
}

export function workItemStatuses(store: Store): { id: string; status: string }[] {
  return store.all('SELECT work_item_id, status FROM work_items ORDER BY work_item_id').map((r) => ({ id: String(r.work_item_id), status: String(r.status) }));
}

export function historyCounts(store: Store): { events: number; receipts: number; outbox: number } {
  const count = (sql: string) => Number(store.get(sql)!.n);
  return { events: count('SELECT count(*) AS n FROM events'), receipts: count('SELECT count(*) AS n FROM receipts'), outbox: count('SELECT count(*) AS n FROM outbox') };
}

export function evidenceRows(store: Store): { agent: unknown; work_item: unknown; kind: unknown; refused_because: unknown }[] {
  return store.all('SELECT agent_id, work_item_id, kind, refused_because FROM evidence ORDER BY n')
    .map((r) => ({ agent: r.agent_id, work_item: r.work_item_id, kind: r.kind, refused_because: r.refused_because }));
}

/** AUTH-2's oracle: events without exactly one receipt and one outbox row, and receipts without an event. */
export function receiptProblems(store: Store): Message[] {
  const rows = store.all(`SELECT e.event_id,
      (SELECT count(*) FROM receipts r WHERE r.event_id = e.event_id) AS receipts,
      (SELECT count(*) FROM outbox o WHERE o.event_id = e.event_id) AS outbox
    FROM events e`);
  const orphans = store.all('SELECT receipt_id FROM receipts WHERE event_id NOT IN (SELECT event_id FROM events)');
  return [
    ...rows.filter((r) => r.receipts !== 1 || r.outbox !== 1).map((r) => msg('violations.authority.receipts', { event: String(r.event_id), receipts: String(r.receipts), outbox: String(r.outbox) })),
    ...orphans.map((r) => msg('violations.authority.orphan_receipt', { receipt: String(r.receipt_id) })),
  ];
}

/** A client's newest command that the authority ACCEPTED (by the replies it received). */
export function lastAcceptedSent(client: Store): { command: SignedCommand; stamp: number } | null {
  const row = client.get(`SELECT s.stamp, s.command FROM sent s JOIN replies r ON r.action_id = s.action_id AND r.digest = s.digest
    WHERE r.code = 'ACCEPTED' ORDER BY s.stamp DESC LIMIT 1`);
  return row ? { stamp: Number(row.stamp), command: JSON.parse(String(row.command)) as SignedCommand } : null;
}

export function sentCount(client: Store): number {
  return Number(client.get('SELECT count(*) AS n FROM sent')!.n);
}
