/**
 * An external tool that honours the stable attempt key (MWP-WRK-018, lab L12): the first
 * call under a key performs the attempt's effect; every later call under the same key — a
 * retry by the same owner at the same ownership epoch, after a failure — returns the first
 * result and performs nothing. A new owner (a higher epoch) has a different key, so the
 * tool would perform again: that owner must reconcile first (MWP-WRK-031).
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
`;

export function callTool(store: Store, attemptKey: string, now: number): { performed: boolean; result: string } {
  return store.tx('tool.call', () => {
    const earlier = store.get('SELECT result FROM tool_effects WHERE attempt_key = ?', [attemptKey]);
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
