/**
 * Read-only views of the authority's and the clients' databases for lab L09/L12's
 * observables and invariants (so no SQL text lives in the model wiring). Nothing here writes.
 */
import type { Row, Store } from '../db/store';
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

/** An event AUTH-2 finds without exactly one receipt and one outbox row, or a receipt without an event, keyed by rowid. */
export interface ReceiptFinding {
  rowid: number;
  /** The event the finding is about (for an orphan receipt: the event it names). */
  event: string;
  message: Message;
}

const eventFinding = (r: Row): ReceiptFinding | null => (r.receipts !== 1 || r.outbox !== 1
  ? { rowid: Number(r.r), event: String(r.event_id), message: msg('violations.authority.receipts', { event: String(r.event_id), receipts: String(r.receipts), outbox: String(r.outbox) }) }
  : null);
const orphanFinding = (r: Row): ReceiptFinding => ({ rowid: Number(r.r), event: String(r.event_id), message: msg('violations.authority.orphan_receipt', { receipt: String(r.receipt_id) }) });

/** AUTH-2's oracle, keyed: events without exactly one receipt and one outbox row, and receipts without an event, each in rowid order. */
export function receiptFindings(store: Store): { events: ReceiptFinding[]; orphans: ReceiptFinding[] } {
  const rows = store.all(`SELECT e.rowid AS r, e.event_id,
      (SELECT count(*) FROM receipts r WHERE r.event_id = e.event_id) AS receipts,
      (SELECT count(*) FROM outbox o WHERE o.event_id = e.event_id) AS outbox
    FROM events e ORDER BY e.rowid`);
  const orphans = store.all('SELECT rowid AS r, receipt_id, event_id FROM receipts WHERE event_id NOT IN (SELECT event_id FROM events) ORDER BY rowid');
  return { events: rows.map(eventFinding).filter((f) => f !== null), orphans: orphans.map(orphanFinding) };
}

/** AUTH-2's oracle: events without exactly one receipt and one outbox row, and receipts without an event. */
export function receiptProblems(store: Store): Message[] {
  const found = receiptFindings(store);
  return [...found.events, ...found.orphans].map((f) => f.message);
}

/**
 * AUTH-2's findings about the events named in `eventIds` (those a step inserted, or that
 * a receipt or outbox row it inserted names), by index; an ID with no event is left out.
 */
export function receiptFindingsFor(store: Store, eventIds: readonly string[]): { found: ReceiptFinding[]; present: Set<string> } {
  if (eventIds.length === 0) return { found: [], present: new Set() };
  const rows = store.all(`SELECT e.rowid AS r, e.event_id,
      (SELECT count(*) FROM receipts r WHERE r.event_id = e.event_id) AS receipts,
      (SELECT count(*) FROM outbox o WHERE o.event_id = e.event_id) AS outbox
    FROM events e WHERE e.event_id IN (${eventIds.map(() => '?').join(', ')})`, [...eventIds]);
  return { found: rows.map(eventFinding).filter((f) => f !== null), present: new Set(rows.map((r) => String(r.event_id))) };
}

/** Receipts at `rowids` or after rowid `after` whose event does not exist (by index, not by scanning events). */
export function orphanReceiptsAt(store: Store, rowids: readonly number[], after: number): ReceiptFinding[] {
  const list = rowids.filter((r) => r <= after);
  return store.all(`SELECT rowid AS r, receipt_id, event_id FROM receipts x WHERE (rowid > ?${list.length ? ` OR rowid IN (${list.map(() => '?').join(', ')})` : ''})
    AND NOT EXISTS (SELECT 1 FROM events e WHERE e.event_id = x.event_id) ORDER BY rowid`, [after, ...list]).map(orphanFinding);
}

/** Event IDs named by the rows of `table` (events, receipts or outbox) at `rowids` or after rowid `after`. */
export function eventIdsAt(store: Store, table: 'events' | 'receipts' | 'outbox', rowids: readonly number[], after: number): string[] {
  const list = rowids.filter((r) => r <= after);
  return store.all(`SELECT event_id FROM ${table} WHERE rowid > ?${list.length ? ` OR rowid IN (${list.map(() => '?').join(', ')})` : ''}`, [after, ...list]).map((r) => String(r.event_id));
}

/** The largest rowid of events, receipts and outbox (0 when empty). */
export function receiptMarks(store: Store): { events: number; receipts: number; outbox: number } {
  const last = (table: string) => Number(store.get(`SELECT max(rowid) AS r FROM ${table}`)?.r ?? 0);
  return { events: last('events'), receipts: last('receipts'), outbox: last('outbox') };
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
