/**
 * What the refund labs observe (the SPEC 9.1 card keys and more) and show on their nodes:
 * the worker's view of the operation beside the provider's ledger — the two worlds.
 */
import { attemptCount, attemptsIn } from '../../../core/effects/attempts';
import {
  dedupeRecordCount, kvEntries, latestApproval, latestRefusal, localLedger, orderView, providerLedger, shopSetting, type LedgerRow,
} from '../../../core/effects/reads';
import { latestOperation, listOperations, ORDER_ID } from '../../../core/effects/shop';
import { msg, statusWord } from '../../../core/message';
import type { ModelContext, NodeLine } from '../../model';
import { WORKERS } from './actions';
import { capabilities, isLocalMode, KV, PROVIDER, SHOP } from './wiring';

export type { LedgerRow };

export function setting(ctx: ModelContext, key: string): number {
  return shopSetting(ctx.store(SHOP), key);
}

/** The ground-truth ledger in order: the provider's, or the local one in the single-database designs. */
export function ledgerRows(ctx: ModelContext): LedgerRow[] {
  return isLocalMode(ctx) ? localLedger(ctx.store(SHOP)) : providerLedger(ctx.store(PROVIDER));
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
  if (!op) return latestRefusal(shop) ?? 'PENDING';
  if (op.reconciliation) return 'IN_RECONCILIATION';
  return op.status === 'PREPARED' ? 'RETRYABLE' : op.status;
}

export function observeRefund(ctx: ModelContext): Record<string, unknown> {
  const shop = ctx.store(SHOP);
  const approval = latestApproval(shop);
  const op = latestOperation(shop);
  const ledger = ledgerRows(ctx);
  const refunds = refundsByOperation(ctx, ledger);
  return {
    approved: approval !== null && approval.status !== 'expired',
    expired: approval?.status === 'expired',
    ledger_count: ledger.length,
    ledger: ledger.map((r) => ({ id: r.id, operation: r.ref, amount_cents: r.amount, at: r.at })),
    committed: op ? (refunds.get(op.operationId)?.length ?? 0) > 0 : false,
    status: refundStatus(ctx),
    amount_cents: setting(ctx, 'amount_cents'),
    balance_cents: orderView(shop).balanceCents,
    operation: op ? { id: op.operationId, state: op.status, external_ref: op.externalRef, owner: op.owner, epoch: op.ownerEpoch, reconciliation: op.reconciliation } : null,
    operations: listOperations(shop).length,
    last_refusal: latestRefusal(shop),
    refunds_per_operation: Object.fromEntries([...refunds].map(([ref, rows]) => [ref, rows.length])),
    provider_dedupe_records: dedupeRecordCount(ctx.store(PROVIDER)),
    kv_flags: kvEntries(ctx.store(KV)).map((e) => e.key),
    now: ctx.clock.now,
    in_flight: ctx.network.inFlight.length,
  };
}

export function describeRefundNodes(ctx: ModelContext): Record<string, NodeLine[]> {
  const shop = ctx.store(SHOP);
  const order = orderView(shop);
  const op = latestOperation(shop);
  const approval = latestApproval(shop);
  const caps = capabilities(ctx);
  const out: Record<string, NodeLine[]> = {
    shop: [
      msg('view.refund.order', { order: ORDER_ID, cents: order.balanceCents, version: order.version }),
      approval ? msg('view.refund.approval', { id: approval.approvalId, status: statusWord(approval.status) }) : msg('view.refund.no_approval'),
      !op ? msg('view.refund.no_intent') : op.externalRef ? msg('view.refund.op_ref', { id: op.operationId, status: op.status, ref: op.externalRef, epoch: op.ownerEpoch })
        : msg('view.refund.op', { id: op.operationId, status: op.status, epoch: op.ownerEpoch }),
    ],
    provider: [
      msg('view.refund.ledger', { count: providerLedger(ctx.store(PROVIDER)).length }),
      msg('view.refund.caps', { keys: caps.idempotency ? '✓' : '✗', lookup: caps.lookup ? '✓' : '✗', deadline: caps.deadline ? '✓' : '✗', keeps: caps.retention === null ? '∞' : `${caps.retention}t` }),
      msg('view.refund.dedupe', { count: dedupeRecordCount(ctx.store(PROVIDER)) }),
    ],
    kv: kvEntries(ctx.store(KV)).map((e) => msg('view.refund.kv', { key: e.key, value: e.value })),
  };
  if (out.kv!.length === 0) out.kv = [msg('view.refund.no_flags')];
  for (const worker of WORKERS) {
    const inFlight = attemptsIn(ctx.store(worker), 'in_flight').length;
    const owns = op && op.owner === worker ? msg('view.refund.owns', { id: op.operationId, epoch: op.ownerEpoch }) : msg('view.refund.owns_nothing');
    out[worker] = [owns, msg('view.refund.attempts', { attempts: attemptCount(ctx.store(worker)), inFlight })];
  }
  return out;
}
