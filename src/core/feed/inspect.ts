/**
 * Read-only views of the authority's history and feed for the labs' observables, oracles
 * and the explorer's fingerprint. Nothing here writes.
 */
import type { Store } from '../db/store';

export function eventCount(store: Store): number {
  return Number(store.get('SELECT count(*) AS n FROM events')!.n);
}

/** The audit log, oldest first: who did what to the history, and why. */
export function auditEntries(store: Store): { actor: string; action: string; subject: string; detail: string }[] {
  return store.all('SELECT actor, action, subject, detail FROM audit_log ORDER BY n').map((r) => ({
    actor: String(r.actor), action: String(r.action), subject: String(r.subject), detail: String(r.detail),
  }));
}

/** The feed's logical state as canonical text, without row numbers or times (explorer fingerprint). */
export function feedFingerprint(store: Store): string {
  const q = (sql: string) => JSON.stringify(store.all(sql).map((r) => Object.values(r)));
  return [
    q('SELECT event_id, group_id, seq, kind, payload FROM events ORDER BY group_id, seq'),
    q('SELECT event_id, published FROM outbox ORDER BY event_id'),
    q('SELECT worker, group_id, acked_seq, generation FROM subscriptions ORDER BY worker, group_id'),
    q('SELECT event_id, fields FROM tombstones ORDER BY event_id'),
    q('SELECT group_id, final_seq FROM archives ORDER BY group_id'),
    q('SELECT operation_id, receipt FROM effect_receipts ORDER BY operation_id'),
    q('SELECT operation_id, count(*) FROM effects_performed GROUP BY operation_id ORDER BY operation_id'),
  ].join('\n');
}
