/**
 * The ledger decides (SPEC 9.9). Checked after every step against the ground truth: the
 * provider's ledger, or the local refund ledger in the single-database designs.
 */
import { listOperations } from '../../../core/effects/shop';
import { msg } from '../../../core/message';
import type { Invariant } from '../../model';
import { negativeBalances } from '../../../core/effects/reads';
import { SHOP } from './wiring';
import { refundsByOperation } from './view';

/** The tables the REF invariants read (the ground-truth ledgers, the operations, the orders). */
const READS = new Set(['ledger', 'refund_ledger', 'operations', 'orders']);

/**
 * The REF invariants judge the current state, so a step that committed no write to a table
 * they read leaves their verdict as it was: `checkStep` reuses the previous violations and
 * re-checks only after such a write (a step costs the same at step 5,000 as at step 100).
 */
function onWrites(check: Invariant['check']): NonNullable<Invariant['checkStep']> {
  return (ctx, previous) => ctx.stepTransactions().some((t) => t.outcome === 'commit' && Object.keys(t.writes).some((table) => READS.has(table)))
    ? check(ctx) : [...previous];
}

const withStep = (inv: Omit<Invariant, 'checkStep'>): Invariant => ({ ...inv, checkStep: onWrites(inv.check) });

export const refundInvariants: Invariant[] = ([
  {
    id: 'REF-1', statement: 'At most one refund per intent in the ledger.', rule: 'SPEC 9.9, 9.3',
    // Whoever sends: a blind or a fresh-keyed retry (§1, §3), an automatic retry against a
    // provider that can neither dedupe nor answer a lookup (§2), a second write beside a
    // flag in another store (§4), a late worker that sends because it once owned the
    // operation (§7, WRK-019), a new owner under its own epoch's key (WRK-031).
    rules: ['M07-1', 'M07-2', 'M07-3', 'M07-4', 'M07-7', 'M07-9', 'MWP-WRK-019', 'MWP-WRK-031'],
    check: (ctx) => [...refundsByOperation(ctx)].filter(([, rows]) => rows.length > 1)
      .map(([ref, rows]) => msg('violations.refund.refunded_times', { operation: ref, count: rows.length, refunds: rows.map((r) => r.id).join(', ') })),
  },
  {
    id: 'REF-2', statement: 'A confirmed intent points at its one refund: a retry returns the same result.', rule: 'SPEC 9.9, 9.3',
    // No rule ID: no design these labs offer stores another operation's receipt, so no
    // variant can show it broken (docs/rules.md lists only properties search can break).
    rules: [],
    check: (ctx) => {
      const refunds = refundsByOperation(ctx);
      return listOperations(ctx.store(SHOP)).filter((op) => op.status === 'CONFIRMED' && op.externalRef !== null
        && !(refunds.get(op.operationId) ?? []).some((r) => r.id === op.externalRef))
        .map((op) => msg('violations.refund.wrong_refund', { operation: op.operationId, refund: op.externalRef }));
    },
  },
  {
    id: 'REF-3', statement: 'Every refund carries the parameters its intent was approved with.', rule: 'SPEC 9.3',
    // No rule ID, for the same reason: every design sends the intent's own amount.
    rules: [],
    check: (ctx) => {
      const refunds = refundsByOperation(ctx);
      return listOperations(ctx.store(SHOP)).flatMap((op) => (refunds.get(op.operationId) ?? [])
        .filter((r) => r.amount !== op.amountCents).map((r) => msg('violations.refund.wrong_amount', { refund: r.id, amount: r.amount, operation: op.operationId, approved: op.amountCents })));
    },
  },
  {
    id: 'REF-4', statement: 'Nothing is reported CONFIRMED without a refund, or REJECTED with one: what cannot be decided stays UNKNOWN.', rule: 'SPEC 9.1, 9.2, 9.9',
    // A flag in another store that says "processed" is not a refund (§4).
    rules: ['M07-1', 'M07-2', 'M07-4', 'M07-9'],
    check: (ctx) => {
      const refunds = refundsByOperation(ctx);
      return listOperations(ctx.store(SHOP)).flatMap((op) => {
        const has = (refunds.get(op.operationId)?.length ?? 0) > 0;
        if (op.status === 'CONFIRMED' && !has) return [msg('violations.refund.confirmed_without_refund', { operation: op.operationId })];
        if (op.status === 'REJECTED' && has) return [msg('violations.refund.rejected_with_refund', { operation: op.operationId })];
        return [];
      });
    },
  },
  {
    id: 'REF-5', statement: "An order's refundable balance never goes negative.", rule: 'SPEC 9.4, 9.9',
    // No rule ID: every design reserves or decrements conditionally, so nothing breaks it.
    rules: [],
    check: (ctx) => negativeBalances(ctx.store(SHOP)).map((r) => msg('violations.refund.negative_balance', { order: r.orderId, balance: r.balanceCents })),
  },
] as Omit<Invariant, 'checkStep'>[]).map(withStep);
