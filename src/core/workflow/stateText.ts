/**
 * The LangGraph refund workflow's logical state as canonical text, for the explorer's
 * fingerprint (src/sim/explorer): every table a decision of the graph, the shop, the
 * provider or an invariant reads — without row ids, clock stamps or LangGraph's timestamps.
 *
 * The checkpoint tables are kept whole (minus `saved_at` and the checkpoint's `ts`): they
 * are WHERE the run stands, which node re-runs and which sibling write is reused. Their ids
 * are the saver's sequence names (checkpointIds.ts), so the same history gives the same
 * names and no wall-clock id ever reaches the text.
 */
import type { Store } from '../db/store';

/** A cell as text: a BLOB as hex (LangGraph's non-JSON values), a timestamp inside JSON dropped. */
function cell(value: unknown): unknown {
  if (value instanceof Uint8Array) return Array.from(value, (b) => b.toString(16).padStart(2, '0')).join('');
  if (typeof value === 'string') return value.replace(/"ts":"[^"]*"/g, '"ts":""');
  return value;
}

const rows = (store: Store, sql: string) => store.all(sql).map((r) => Object.values(r).map(cell));

function checkpointText(store: Store): unknown {
  return {
    checkpoints: rows(store, `SELECT thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, type, checkpoint, metadata_type, metadata
      FROM lg_checkpoint ORDER BY thread_id, checkpoint_ns, checkpoint_id`),
    blobs: rows(store, 'SELECT thread_id, checkpoint_ns, channel, version, type, value FROM lg_blob ORDER BY thread_id, checkpoint_ns, channel, version'),
    writes: rows(store, `SELECT thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, value, task_path
      FROM lg_write ORDER BY thread_id, checkpoint_ns, checkpoint_id, task_id, idx`),
  };
}

export interface WorkflowStores {
  /** The worker's own database (durable checkpoints, node runs, chat, approval requests). */
  worker: Store;
  /** Its process memory (checkpoints of the designs that keep none durably). */
  memory: Store;
  /** The second worker's own database (node runs, granted epochs) and process memory. */
  workerB: Store;
  memoryB: Store;
  shop: Store;
  provider: Store;
  vendor: Store;
}

export function workflowStateText(stores: WorkflowStores, now: number): string {
  const { worker, memory, workerB, memoryB, shop, provider, vendor } = stores;
  const rel = (t: unknown) => (t === null || t === undefined ? null : Math.max(Number(t) - now, 0));
  return JSON.stringify({
    order: rows(shop, 'SELECT order_id, balance_cents, version FROM orders ORDER BY order_id'),
    // An expired approval is expired by however much: times relative to now, clamped at 0.
    approvals: shop.all('SELECT approval_id, order_version, expires_at, status FROM approvals ORDER BY approval_id')
      .map((r) => [r.approval_id, r.order_version, rel(r.expires_at), r.status]),
    ops: rows(shop, `SELECT operation_id, approval_id, amount_cents, param_digest, status, external_ref, owner, owner_epoch, reconciliation, sent_key
      FROM operations ORDER BY operation_id`),
    refusals: rows(shop, 'SELECT code FROM refusals ORDER BY seq'),
    ledger: rows(provider, 'SELECT refund_id, idem_key, reference, amount_cents FROM ledger ORDER BY refund_id'),
    dedupe: rows(provider, 'SELECT idem_key, param_digest, refund_id FROM dedupe ORDER BY idem_key'),
    // The model double answers by call count: the calls so far decide the next answer.
    calls: rows(vendor, 'SELECT caller, answer FROM model_call ORDER BY n'),
    nodeRuns: rows(worker, 'SELECT node, runs FROM lg_node_run ORDER BY node'),
    chat: rows(worker, 'SELECT line FROM chat_message ORDER BY seq'),
    asked: rows(worker, 'SELECT approvals_before FROM approval_request ORDER BY seq'),
    durable: checkpointText(worker),
    memory: checkpointText(memory),
    // Who holds which epoch decides whether a submit may send; a write by a non-owner is what LG-FENCE-1 reads.
    claims: [rows(worker, 'SELECT operation_id, epoch FROM lg_claim ORDER BY operation_id'), rows(workerB, 'SELECT operation_id, epoch FROM lg_claim ORDER BY operation_id')],
    nonOwnerWrites: rows(shop, 'SELECT operation_id, event, writer, owner FROM lg_status_write WHERE writer <> owner ORDER BY seq'),
    nodeRunsB: rows(workerB, 'SELECT node, runs FROM lg_node_run ORDER BY node'),
    memoryB: checkpointText(memoryB),
  });
}
