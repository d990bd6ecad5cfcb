/**
 * Read-only queries the refund labs' presenter and oracle need (what they observe, what
 * the invariants check), kept beside the schema they read so no SQL lives in src/sim.
 */
import type { Store } from '../db/store';

export function shopSetting(shop: Store, key: string): number {
  return Number(shop.get('SELECT value FROM settings WHERE key = ?', [key])!.value);
}

/** One refund in a ground-truth ledger. */
export interface LedgerRow { id: string; ref: string; amount: number; at: number }

/** The provider's ledger in order (the ground truth when a remote provider refunds). */
export function providerLedger(provider: Store): LedgerRow[] {
  return provider.all('SELECT refund_id AS id, reference AS ref, amount_cents AS amount, at FROM ledger ORDER BY at, refund_id')
    .map((r) => ({ id: String(r.id), ref: String(r.ref), amount: Number(r.amount), at: Number(r.at) }));
}

/** The shop's own refund ledger (the ground truth in the single-database designs). */
export function localLedger(shop: Store): LedgerRow[] {
  return shop.all('SELECT entry_id AS id, operation_id AS ref, amount_cents AS amount, at FROM refund_ledger ORDER BY entry_id')
    .map((r) => ({ id: `entry-${r.id}`, ref: String(r.ref), amount: Number(r.amount), at: Number(r.at) }));
}

export interface ApprovalView { approvalId: string; status: string }

export function latestApproval(shop: Store): ApprovalView | null {
  const r = shop.get('SELECT approval_id, status FROM approvals ORDER BY rowid DESC LIMIT 1');
  return r ? { approvalId: String(r.approval_id), status: String(r.status) } : null;
}

/** The ID the next new approval gets (approvals are numbered per order). */
export function nextApprovalId(shop: Store): string {
  return `ap-${Number(shop.get('SELECT count(*) AS n FROM approvals')!.n) + 1}`;
}

export function latestRefusal(shop: Store): string | null {
  const r = shop.get('SELECT code FROM refusals ORDER BY seq DESC LIMIT 1');
  return r ? String(r.code) : null;
}

export function orderView(shop: Store): { balanceCents: number; version: number } {
  const r = shop.get('SELECT balance_cents, version FROM orders')!;
  return { balanceCents: Number(r.balance_cents), version: Number(r.version) };
}

/** Orders whose refundable balance went below zero (REF-5). */
export function negativeBalances(shop: Store): { orderId: string; balanceCents: number }[] {
  return shop.all('SELECT order_id, balance_cents FROM orders WHERE balance_cents < 0').map((r) => ({ orderId: String(r.order_id), balanceCents: Number(r.balance_cents) }));
}

export function dedupeRecordCount(provider: Store): number {
  return Number(provider.get('SELECT count(*) AS n FROM dedupe')!.n);
}

export function kvEntries(kv: Store): { key: string; value: string }[] {
  return kv.all('SELECT key, value FROM kv ORDER BY key').map((r) => ({ key: String(r.key), value: String(r.value) }));
}

/**
 * The refund course's logical state as canonical text, for the explorer's fingerprint:
 * every table a decision reads, without row ids, history or ledger timestamps, with clock
 * times made relative to `now` and clamped where every earlier value behaves the same (an
 * expired approval is expired by however much; an operation's send deadline is kept exact,
 * because a lookup's answer time is compared with it).
 */
export function refundStateText(stores: { shop: Store; provider: Store; kv: Store; workers: Store[] }, now: number, retention: number | null): string {
  const rel = (t: unknown, floor: number) => (t === null || t === undefined ? null : Math.max(Number(t) - now, floor));
  const { shop, provider, kv, workers } = stores;
  const timeout = shopSetting(shop, 'timeout_ticks');
  return JSON.stringify({
    order: shop.all('SELECT order_id, balance_cents, version FROM orders ORDER BY order_id').map((r) => [r.order_id, r.balance_cents, r.version]),
    approvals: shop.all('SELECT approval_id, order_version, expires_at, status FROM approvals ORDER BY approval_id')
      .map((r) => [r.approval_id, r.order_version, rel(r.expires_at, 0), r.status]),
    ops: shop.all(`SELECT operation_id, approval_id, amount_cents, param_digest, status, external_ref, owner, owner_epoch, reconciliation, send_deadline, sent_key
      FROM operations ORDER BY operation_id`).map((r) => [r.operation_id, r.approval_id, r.amount_cents, r.status, r.external_ref, r.owner, r.owner_epoch,
      r.reconciliation, rel(r.send_deadline, -1_000_000), r.sent_key]),
    refusals: shop.all('SELECT code FROM refusals ORDER BY seq').map((r) => r.code),
    local: shop.all('SELECT dedupe_key, operation_id, amount_cents FROM refund_ledger ORDER BY entry_id').map((r) => [r.dedupe_key, r.operation_id, r.amount_cents]),
    ledger: provider.all('SELECT refund_id, idem_key, reference, amount_cents FROM ledger ORDER BY refund_id').map((r) => [r.refund_id, r.idem_key, r.reference, r.amount_cents]),
    dedupe: provider.all('SELECT idem_key, param_digest, refund_id, recorded_at FROM dedupe ORDER BY idem_key')
      // When records are kept forever their age changes nothing; otherwise it decides when they go.
      .map((r) => [r.idem_key, r.refund_id, retention === null ? null : rel(r.recorded_at, -retention)]),
    kv: kvEntries(kv).map((e) => [e.key, e.value]),
    workers: workers.map((w) => ({
      attempts: w.all('SELECT attempt_id, kind, idem_key, epoch, sent_at, state FROM attempts ORDER BY attempt_id')
        .map((r) => [r.attempt_id, r.kind, r.idem_key, r.epoch, r.state === 'in_flight' ? rel(r.sent_at, -timeout) : null, r.state]),
      held: w.all('SELECT operation_id, epoch, phase, request FROM held_dispatch').map((r) => [r.operation_id, r.epoch, r.phase, r.request]),
    })),
  });
}
