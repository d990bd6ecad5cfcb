/**
 * SPEC 9.4: when the order, the approval, the intent and the refund ledger share one
 * database, the whole refund is ONE transaction: the parameter digest check, the
 * conditional balance decrement, the ledger row under a UNIQUE key per operation, and the
 * operation's result. A retry finds the row and returns the same result.
 *
 * Then the wrong examples: a "processed" flag in a separate key-value store, with no shared
 * transaction — written before the refund (a crash between skips the refund forever) or
 * after it (a crash between refunds twice).
 */
import type { Store } from '../db/store';
import { msg, type Message } from '../message';
import type { FaultPoints } from '../faults';
import type { Clock } from '../time';
import { paramDigest } from './keys';
import { applyTransition, readOperation } from './shop';
import { formatMoney } from '../money';

export const LocalFaultPoint = {
  beforeCommit: 'local.before_commit',
  afterCommit: 'local.after_commit',
  betweenSystems: 'kv.between_systems',
} as const;

export type LocalResult =
  | { status: 'OK'; entryId: string; replayed: boolean }
  // `said`: the same words as a descriptor (namespace `reasons`), for the timeline in the reader's language.
  | { status: 'SKIPPED'; reason: string; said: Message }
  | { status: 'PARAMETER_CONFLICT' | 'INSUFFICIENT_BALANCE' | 'NOT_FOUND' | 'INVALID_STATE'; message: string; said: Message };

/** The correct single-database refund. */
export function refundInOneTransaction(shop: Store, clock: Clock, faults: FaultPoints, operationId: string, amountCents: number): LocalResult {
  const result = shop.tx('refund_local', (): LocalResult => {
    const op = readOperation(shop, operationId);
    if (!op) return { status: 'NOT_FOUND', message: `no operation ${operationId}`, said: msg('reasons.local.no_operation', { operation: operationId }) };
    const digest = paramDigest({ tenant: op.tenant, caller: op.caller, opType: 'refund', orderId: op.orderId, amountCents });
    if (digest !== op.paramDigest) return { status: 'PARAMETER_CONFLICT', message: `${operationId} was issued for ${formatMoney(op.amountCents, 'en')}`,
      said: msg('reasons.local.issued_for', { operation: operationId, amount: op.amountCents }) };
    const existing = shop.get('SELECT entry_id FROM refund_ledger WHERE dedupe_key = ?', [operationId]);
    if (existing) return { status: 'OK', entryId: `entry-${existing.entry_id}`, replayed: true };
    if (op.status !== 'PREPARED') return { status: 'INVALID_STATE', message: `${operationId} is ${op.status}`, said: msg('reasons.local.operation_is', { operation: operationId, status: op.status }) };
    const decremented = shop.run('UPDATE orders SET balance_cents = balance_cents - ? WHERE order_id = ? AND balance_cents >= ?', [amountCents, op.orderId, amountCents]);
    if (decremented === 0) return { status: 'INSUFFICIENT_BALANCE', message: `order ${op.orderId} has less than ${formatMoney(amountCents, 'en')} left`,
      said: msg('reasons.local.insufficient_balance', { order: op.orderId, amount: amountCents }) };
    shop.run('INSERT INTO refund_ledger (dedupe_key, operation_id, order_id, amount_cents, at) VALUES (?, ?, ?, ?, ?)', [operationId, operationId, op.orderId, amountCents, clock.now]);
    const entryId = `entry-${Number(shop.get('SELECT last_insert_rowid() AS id')!.id)}`;
    applyTransition(shop, clock, operationId, 'COMMIT_LOCAL', op.ownerEpoch, 'refund, ledger row and result in one transaction', { externalRef: entryId });
    faults.reach(LocalFaultPoint.beforeCommit);
    return { status: 'OK', entryId, replayed: false };
  });
  faults.reach(LocalFaultPoint.afterCommit);
  return result;
}

/** WRONG: mark "processed" in the key-value store first, then refund in the database. */
export function refundFlagFirst(shop: Store, kv: Store, clock: Clock, faults: FaultPoints, operationId: string): LocalResult {
  if (kv.get('SELECT 1 FROM kv WHERE key = ?', [`processed:${operationId}`])) {
    naiveConfirm(shop, clock, operationId, null, 'the flag says processed, so the naive code reports success');
    return { status: 'SKIPPED', reason: 'the key-value store already says processed', said: msg('reasons.local.kv_processed') };
  }
  kv.tx('kv_set_processed', () => kv.run('INSERT OR REPLACE INTO kv (key, value) VALUES (?, ?)', [`processed:${operationId}`, 'yes']));
  faults.reach(LocalFaultPoint.betweenSystems);
  return naiveRefund(shop, clock, operationId);
}

/** WRONG: refund in the database first, then mark "processed" in the key-value store. */
export function refundFlagAfter(shop: Store, kv: Store, clock: Clock, faults: FaultPoints, operationId: string): LocalResult {
  if (kv.get('SELECT 1 FROM kv WHERE key = ?', [`processed:${operationId}`])) return { status: 'SKIPPED', reason: 'the key-value store already says processed', said: msg('reasons.local.kv_processed') };
  const result = naiveRefund(shop, clock, operationId);
  faults.reach(LocalFaultPoint.betweenSystems);
  kv.tx('kv_set_processed', () => kv.run('INSERT OR REPLACE INTO kv (key, value) VALUES (?, ?)', [`processed:${operationId}`, 'yes']));
  return result;
}

/** The wrong examples' refund: no business key in the ledger — they trust the flag instead. */
function naiveRefund(shop: Store, clock: Clock, operationId: string): LocalResult {
  return shop.tx('refund_naive', (): LocalResult => {
    const op = readOperation(shop, operationId)!;
    const n = Number(shop.get('SELECT count(*) AS n FROM refund_ledger')!.n) + 1;
    shop.run('UPDATE orders SET balance_cents = balance_cents - ? WHERE order_id = ? AND balance_cents >= ?', [op.amountCents, op.orderId, op.amountCents]);
    shop.run('INSERT INTO refund_ledger (dedupe_key, operation_id, order_id, amount_cents, at) VALUES (?, ?, ?, ?, ?)', [`attempt-${n}`, operationId, op.orderId, op.amountCents, clock.now]);
    naiveConfirm(shop, clock, operationId, `entry-${n}`, 'refund written; dedupe left to the flag');
    return { status: 'OK', entryId: `entry-${n}`, replayed: false };
  });
}

/**
 * The naive code reports success through the machine like everyone else — what is wrong is
 * what it believes (a flag instead of the ledger), not how it writes its status. From
 * CONFIRMED the machine refuses, and the second ledger row stands beside the first.
 */
function naiveConfirm(shop: Store, clock: Clock, operationId: string, entryId: string | null, why: string): void {
  const write = () => {
    const op = readOperation(shop, operationId)!;
    applyTransition(shop, clock, operationId, 'COMMIT_LOCAL', op.ownerEpoch, why, entryId === null ? {} : { externalRef: entryId });
  };
  if (entryId === null) shop.tx('naive_confirm', write);
  else write();
}
