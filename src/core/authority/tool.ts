/**
 * An external tool that honours the stable attempt key (MWP-WRK-018, lab L12): the first
 * call under a key performs the attempt's effect; every later call under the same key — a
 * retry by the same owner at the same ownership epoch, after a failure — returns the first
 * result and performs nothing. A new owner (a higher epoch) has a different key, so the
 * tool would perform again: that owner must reconcile first (MWP-WRK-031).
 *
 * The tool checks no lease and no fence: it is an outside system. Whether a call was made
 * under a current lease (MWP-WRK-013) is the caller's duty; the tool only keeps a log of
 * who called, for which work item and where in the authority's history (its sequence at
 * the call), so an audit can judge each call against the lease that was current then.
 */
import type { Store } from '../db/store';

export const TOOL_SCHEMA = `
-- One row per attempt key: the effect performed once, and how many calls presented the key.
CREATE TABLE tool_effects (
  attempt_key  TEXT PRIMARY KEY,
  performed_at INTEGER NOT NULL,
  calls        INTEGER NOT NULL DEFAULT 1,
  result       TEXT NOT NULL
);
-- Every call, in order: the caller, the work item, the authority's group sequence when the
-- call was made (the audit's position in history; the tool never reads it) and whether this
-- call performed the effect.
CREATE TABLE tool_calls (
  n             INTEGER PRIMARY KEY,
  attempt_key   TEXT NOT NULL,
  actor         TEXT NOT NULL,
  work_item     TEXT NOT NULL,
  authority_seq INTEGER NOT NULL,
  at            INTEGER NOT NULL,
  performed     INTEGER NOT NULL
);
`;

/** Who made a call and where in the authority's history (kept in the call log). */
export interface ToolCaller { actor: string; workItem: string; authoritySeq: number }

export function callTool(store: Store, attemptKey: string, now: number, caller: ToolCaller): { performed: boolean; result: string } {
  return store.tx('tool.call', () => {
    const earlier = store.get('SELECT result FROM tool_effects WHERE attempt_key = ?', [attemptKey]);
    const performed = !earlier;
    const n = Number(store.get('SELECT COUNT(*) AS n FROM tool_calls')?.n ?? 0) + 1;
    store.run('INSERT INTO tool_calls (n, attempt_key, actor, work_item, authority_seq, at, performed) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [n, attemptKey, caller.actor, caller.workItem, caller.authoritySeq, now, performed ? 1 : 0]);
    if (earlier) {
      store.run('UPDATE tool_effects SET calls = calls + 1 WHERE attempt_key = ?', [attemptKey]);
      return { performed: false, result: String(earlier.result) };
    }
    const result = `done at t=${now}`;
    store.run('INSERT INTO tool_effects (attempt_key, performed_at, result) VALUES (?, ?, ?)', [attemptKey, now, result]);
    return { performed: true, result };
  });
}

export function toolEffects(store: Store): { effects: number; calls: number; keys: string[] } {
  const rows = store.all('SELECT attempt_key, calls FROM tool_effects ORDER BY rowid');
  return { effects: rows.length, calls: rows.reduce((n, r) => n + Number(r.calls), 0), keys: rows.map((r) => String(r.attempt_key)) };
}

export interface ToolCall { n: number; attemptKey: string; actor: string; workItem: string; authoritySeq: number; at: number; performed: boolean }

/** The call log, in order. */
export function toolCalls(store: Store): ToolCall[] {
  return store.all('SELECT * FROM tool_calls ORDER BY n').map((r) => ({
    n: Number(r.n), attemptKey: String(r.attempt_key), actor: String(r.actor), workItem: String(r.work_item),
    authoritySeq: Number(r.authority_seq), at: Number(r.at), performed: Number(r.performed) === 1,
  }));
}
