/**
 * What the refund labs observe (the SPEC 9.1 card keys and more) and show on their nodes:
 * the worker's view of the operation beside the provider's ledger — the two worlds.
 */
import { attemptsIn } from '../../../core/effects/attempts';
import { latestOperation, listOperations } from '../../../core/effects/shop';
import type { ModelContext } from '../../model';
import { WORKERS } from './actions';
import { capabilities, isLocalMode, KV, PROVIDER, SHOP } from './executor';

export function setting(ctx: ModelContext, key: string): number {
  return Number(ctx.store(SHOP).get('SELECT value FROM settings WHERE key = ?', [key])!.value);
}

/** Refund rows in the ground-truth ledger, by operation: the provider's, or the local one. */
export interface LedgerRow { id: string; ref: string; amount: number; at: number }

/** The ground-truth ledger in order: the provider's, or the local one in the single-database designs. */
export function ledgerRows(ctx: ModelContext): LedgerRow[] {
  return isLocalMode(ctx)
    ? ctx.store(SHOP).all('SELECT entry_id AS id, operation_id AS ref, amount_cents AS amount, at FROM refund_ledger ORDER BY entry_id')
      .map((r) => ({ id: `entry-${r.id}`, ref: String(r.ref), amount: Number(r.amount), at: Number(r.at) }))
    : ctx.store(PROVIDER).all('SELECT refund_id AS id, reference AS ref, amount_cents AS amount, at FROM ledger ORDER BY at, refund_id')
      .map((r) => ({ id: String(r.id), ref: String(r.ref), amount: Number(r.amount), at: Number(r.at) }));
}

/** The same rows, grouped by operation. */
export function refundsByOperation(ctx: ModelContext, rows = ledgerRows(ctx)): Map<string, LedgerRow[]> {
  const out = new Map<string, LedgerRow[]>();
  for (const row of rows) out.set(row.ref, [...(out.get(row.ref) ?? []), row]);
  return out;
}

/** The card-level status: the operation's state, or what happened before any intent existed. */
export function refundStatus(ctx: ModelContext): string {
  const shop = ctx.store(SHOP);
  const op = latestOperation(shop);
  if (!op) return String(shop.get('SELECT code FROM refusals ORDER BY seq DESC LIMIT 1')?.code ?? 'PENDING');
  if (op.reconciliation) return 'IN_RECONCILIATION';
  return op.status === 'PREPARED' ? 'RETRYABLE' : op.status;
}

export function observeRefund(ctx: ModelContext): Record<string, unknown> {
  const shop = ctx.store(SHOP);
  const approval = shop.get('SELECT approval_id, status FROM approvals ORDER BY rowid DESC LIMIT 1');
  const op = latestOperation(shop);
  const ledger = ledgerRows(ctx);
  const refunds = refundsByOperation(ctx, ledger);
  return {
    approved: approval !== undefined && approval.status !== 'expired',
    expired: approval?.status === 'expired',
    ledger_count: ledger.length,
    ledger: ledger.map((r) => ({ id: r.id, operation: r.ref, amount_cents: r.amount, at: r.at })),
    committed: op ? (refunds.get(op.operationId)?.length ?? 0) > 0 : false,
    status: refundStatus(ctx),
    amount_cents: setting(ctx, 'amount_cents'),
    balance_cents: Number(shop.get('SELECT balance_cents FROM orders')!.balance_cents),
    operation: op ? { id: op.operationId, state: op.status, external_ref: op.externalRef, owner: op.owner, epoch: op.ownerEpoch, reconciliation: op.reconciliation } : null,
    operations: listOperations(shop).length,
    last_refusal: shop.get('SELECT code FROM refusals ORDER BY seq DESC LIMIT 1')?.code ?? null,
    refunds_per_operation: Object.fromEntries([...refunds].map(([ref, rows]) => [ref, rows.length])),
    provider_dedupe_records: Number(ctx.store(PROVIDER).get('SELECT count(*) AS n FROM dedupe')!.n),
    kv_flags: ctx.store(KV).all('SELECT key FROM kv ORDER BY key').map((r) => String(r.key)),
    now: ctx.clock.now,
    in_flight: ctx.network.inFlight.length,
  };
}

export function describeRefundNodes(ctx: ModelContext): Record<string, string[]> {
  const shop = ctx.store(SHOP);
  const order = shop.get('SELECT balance_cents, version FROM orders')!;
  const op = latestOperation(shop);
  const approval = shop.get('SELECT approval_id, status FROM approvals ORDER BY rowid DESC LIMIT 1');
  const caps = capabilities(ctx);
  const out: Record<string, string[]> = {
    shop: [
      `ord-1 balance ${order.balance_cents}¢ · v${order.version}`,
      approval ? `approval ${approval.approval_id} ${approval.status}` : 'no approval',
      op ? `${op.operationId} ${op.status}${op.externalRef ? ` · ${op.externalRef}` : ''} · epoch ${op.ownerEpoch}` : 'no intent yet',
    ],
    provider: [
      `ledger: ${Number(ctx.store(PROVIDER).get('SELECT count(*) AS n FROM ledger')!.n)} refund(s)`,
      `keys ${caps.idempotency ? '✓' : '✗'} · lookup ${caps.lookup ? '✓' : '✗'} · keeps ${caps.retention === null ? '∞' : `${caps.retention}t`}`,
      `dedupe records: ${Number(ctx.store(PROVIDER).get('SELECT count(*) AS n FROM dedupe')!.n)}`,
    ],
    kv: ctx.store(KV).all('SELECT key, value FROM kv').map((r) => `${r.key} = ${r.value}`),
  };
  if (out.kv!.length === 0) out.kv = ['no flags'];
  for (const worker of WORKERS) {
    const inFlight = attemptsIn(ctx.store(worker), 'in_flight').length;
    const total = Number(ctx.store(worker).get('SELECT count(*) AS n FROM attempts')!.n);
    const owns = op && op.owner === worker ? `owns ${op.operationId} (epoch ${op.ownerEpoch})` : 'owns nothing';
    out[worker] = [owns, `attempts ${total} · in flight ${inFlight}`];
  }
  return out;
}
