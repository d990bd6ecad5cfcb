/**
 * The shape of a group's history (MWP-EVT-005, MWP-MSN-009): events numbered 1, 2, 3 … up
 * to the group's sequence counter, each ID naming its sequence, none missing. Nothing in
 * the accept path can break this; a design that "deletes an event to erase it" does (the
 * `delete_event` redaction variant in L11), and this check is how the lab shows it.
 *
 * `historyShape` reads the whole group (the oracle); `groupCounter` and `eventSeqsAt` let
 * AUTH-1's step form move a kept shape forward by only the rows a step inserted, and
 * `historyMessages` words either the same way.
 */
import type { Store } from '../db/store';
import { msg, type Message } from '../message';

/** What AUTH-1 judges about one group: its counter, the numbers 1 … counter with no event, and the events outside 1 … counter. */
export interface HistoryShape {
  counter: number;
  /** Ascending. */
  missing: number[];
  /** Ascending, one entry per event. */
  beyond: number[];
}

export function groupCounter(store: Store, group: string): number {
  return Number(store.get('SELECT sequence FROM groups WHERE group_id = ?', [group])?.sequence ?? 0);
}

export function historyShape(store: Store, group: string): HistoryShape {
  const counter = groupCounter(store, group);
  const seqs = store.all('SELECT seq FROM events WHERE group_id = ? ORDER BY seq', [group]).map((r) => Number(r.seq));
  const present = new Set(seqs);
  const missing: number[] = [];
  for (let s = 1; s <= counter; s++) if (!present.has(s)) missing.push(s);
  return { counter, missing, beyond: seqs.filter((s) => s > counter || s < 1) };
}

export function historyMessages(group: string, shape: HistoryShape): Message[] {
  const { counter, missing, beyond } = shape;
  const out = missing.length ? [msg('violations.authority.history_gap', { group, missing: missing.join(', '), counter })] : [];
  if (beyond.length) out.push(msg('violations.authority.history_outside', { group, seqs: beyond.join(', '), counter }));
  return out;
}

export function historyProblems(store: Store, group: string): Message[] {
  return historyMessages(group, historyShape(store, group));
}

/** Group and sequence of the events at `rowids` plus those after rowid `after` (the rows a step may have inserted), by rowid. */
export function eventSeqsAt(store: Store, rowids: readonly number[], after: number): { rowid: number; group: string; seq: number }[] {
  const list = rowids.filter((r) => r <= after);
  const rows = store.all(`SELECT rowid AS r, group_id, seq FROM events WHERE rowid > ?${list.length ? ` OR rowid IN (${list.map(() => '?').join(', ')})` : ''} ORDER BY rowid`, [after, ...list]);
  return rows.map((r) => ({ rowid: Number(r.r), group: String(r.group_id), seq: Number(r.seq) }));
}

/** The largest rowid in events (0 when empty). */
export function lastEventRowid(store: Store): number {
  return Number(store.get('SELECT max(rowid) AS r FROM events')?.r ?? 0);
}
