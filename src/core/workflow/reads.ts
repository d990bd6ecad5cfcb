/**
 * Read-only views of the LangGraph worker's databases for the lab (observe, node lines,
 * invariants), plus wiping a dead process's memory. Counts and node names only: checkpoint
 * ids are names (stored by sequence, checkpointIds.ts), not something a learner reasons with.
 */
import type { Store } from '../db/store';

export function checkpointCount(store: Store): number {
  return Number(store.get('SELECT count(*) AS n FROM lg_checkpoint')!.n);
}

export function pendingWriteCount(store: Store): number {
  return Number(store.get('SELECT count(*) AS n FROM lg_write')!.n);
}

/** Channels the latest checkpoint's pending writes touch, by task path (node), e.g. "draft_note:note". */
export function latestPendingWrites(store: Store): string[] {
  const latest = store.get('SELECT thread_id, checkpoint_ns, checkpoint_id FROM lg_checkpoint ORDER BY checkpoint_id DESC LIMIT 1');
  if (!latest) return [];
  return store.all(
    "SELECT task_path, channel FROM lg_write WHERE thread_id = ? AND checkpoint_ns = ? AND checkpoint_id = ? AND channel NOT LIKE 'branch:%' ORDER BY task_path, channel",
    [String(latest.thread_id), String(latest.checkpoint_ns), String(latest.checkpoint_id)],
  ).map((r) => `${String(r.task_path).split(', ').pop()}:${String(r.channel)}`);
}

/** Whether the order has an approval that is still open or already turned into an intent. */
export function approvalGiven(shop: Store, orderId: string): boolean {
  return shop.get("SELECT 1 FROM approvals WHERE order_id = ? AND status IN ('granted', 'used')", [orderId]) !== undefined;
}

/** The approvals a request for approval came after (a request after one was granted means it was lost). */
export function approvalsGranted(shop: Store, orderId: string): number {
  return Number(shop.get('SELECT count(*) AS n FROM approvals WHERE order_id = ?', [orderId])!.n);
}

/** Provider ledger rows per operation reference (the ledger decides). */
export function refundsPerReference(provider: Store): Record<string, number> {
  return Object.fromEntries(provider.all('SELECT reference, count(*) AS n FROM ledger GROUP BY reference ORDER BY reference')
    .map((r) => [String(r.reference), Number(r.n)]));
}

/** A crashed process loses its memory: the checkpoints it kept only there are gone. */
export function forgetProcessMemory(memory: Store): void {
  // Each with WHERE true: bare, SQLite would clear the tables wholesale behind the update
  // hook's back, and the crash step's record would list no checkpoint as lost.
  memory.tx('process_memory_lost', () => {
    memory.run('DELETE FROM lg_checkpoint WHERE true');
    memory.run('DELETE FROM lg_blob WHERE true');
    memory.run('DELETE FROM lg_write WHERE true');
  });
}

export function ledgerCount(provider: Store): number {
  return Number(provider.get('SELECT count(*) AS n FROM ledger')!.n);
}

export function orderBalance(shop: Store, orderId: string): number {
  return Number(shop.get('SELECT balance_cents FROM orders WHERE order_id = ?', [orderId])?.balance_cents ?? 0);
}

export function intentCount(shop: Store): number {
  return Number(shop.get('SELECT count(*) AS n FROM operations')!.n);
}
