/**
 * The shape of a group's history (MWP-EVT-005, MWP-MSN-009): events numbered 1, 2, 3 … up
 * to the group's sequence counter, each ID naming its sequence, none missing. Nothing in
 * the accept path can break this; a design that "deletes an event to erase it" does (the
 * `delete_event` redaction variant in L11), and this check is how the lab shows it.
 */
import type { Store } from '../db/store';
import { msg, type Message } from '../message';

export function historyProblems(store: Store, group: string): Message[] {
  const counter = Number(store.get('SELECT sequence FROM groups WHERE group_id = ?', [group])?.sequence ?? 0);
  const seqs = store.all('SELECT seq FROM events WHERE group_id = ? ORDER BY seq', [group]).map((r) => Number(r.seq));
  const present = new Set(seqs);
  const missing: number[] = [];
  for (let s = 1; s <= counter; s++) if (!present.has(s)) missing.push(s);
  const out = missing.length ? [msg('violations.authority.history_gap', { group, missing: missing.join(', '), counter })] : [];
  const beyond = seqs.filter((s) => s > counter || s < 1);
  if (beyond.length) out.push(msg('violations.authority.history_outside', { group, seqs: beyond.join(', '), counter }));
  return out;
}
