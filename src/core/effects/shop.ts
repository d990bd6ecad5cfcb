/**
 * The business side of a refund: approvals, the refund intent (operation) and its status
 * changes. Every function is one named transaction on the shop's database.
 */
import type { Row, Store } from '../db/store';
import { msg, type Message } from '../message';
import { nextState } from '../machines';
import type { Clock } from '../time';
import { paramDigest } from './keys';
import { operationMachine, type OperationEvent, type OperationState } from './operationMachine';
import { formatMoney } from '../money';

export interface Operation {
  operationId: string;
  orderId: string;
  approvalId: string;
  amountCents: number;
  paramDigest: string;
  status: OperationState;
  externalRef: string | null;
  owner: string;
  ownerEpoch: number;
  reconciliation: string | null;
  /** The latest deadline of any request sent for it through the machine (null: never sent). */
  sendDeadline: number | null;
  /** The key every send so far carried; '*' when they differed; null before the first. */
  sentKey: string | null;
  caller: string;
  tenant: string;
  createdAt: number;
}

/** The course's one order, and the support bot that asks for its refund: both executors act for them. */
export const ORDER_ID = 'ord-1';
export const CALLER = 'support-bot';

export type IntentResult =
  | { code: 'CREATED' | 'EXISTING'; operation: Operation }
  // `message` is the API's English answer; `reason` says the same as a descriptor (namespace
  // `reasons`), so the timeline shows it in the student's language.
  | { code: 'APPROVAL_REQUIRED' | 'APPROVAL_EXPIRED' | 'ORDER_CHANGED' | 'INSUFFICIENT_BALANCE' | 'PARAMETER_CONFLICT' | 'NOT_FOUND'; message: string; reason?: Message };

/** Seeds the shop: one order with its refundable balance, and the course's settings. */
export function setupShop(shop: Store, order: { orderId: string; tenant: string; balanceCents: number }, settings: Record<string, number>): void {
  shop.tx('setup_order', () => {
    shop.run('INSERT INTO orders (order_id, tenant, balance_cents, version) VALUES (?, ?, ?, 1)', [order.orderId, order.tenant, order.balanceCents]);
    for (const [key, value] of Object.entries(settings)) shop.run('INSERT INTO settings (key, value) VALUES (?, ?)', [key, value]);
  });
}

/** Grants an approval. Delivering the same approval again changes nothing (idempotent by ID). */
export function grantApproval(shop: Store, clock: Clock, approvalId: string, orderId: string, amountCents: number, ttl: number): boolean {
  return shop.tx('grant_approval', () => {
    const order = shop.get('SELECT version FROM orders WHERE order_id = ?', [orderId]);
    if (!order) throw new Error(`no order ${orderId}`);
    return shop.run(
      `INSERT OR IGNORE INTO approvals (approval_id, order_id, amount_cents, order_version, granted_at, expires_at, status)
       VALUES (?, ?, ?, ?, ?, ?, 'granted')`,
      [approvalId, orderId, amountCents, Number(order.version), clock.now, clock.now + ttl],
    ) === 1;
  });
}

/** Marks granted approvals whose time is up as expired (run when the clock moves). */
export function expireApprovals(shop: Store, clock: Clock): number {
  if (!shop.get("SELECT 1 FROM approvals WHERE status = 'granted' AND expires_at <= ?", [clock.now])) return 0;
  return shop.tx('expire_approvals', () => shop.run("UPDATE approvals SET status = 'expired' WHERE status = 'granted' AND expires_at <= ?", [clock.now]));
}

/** Ends an approval now (the `expire` action). */
export function expireApprovalNow(shop: Store, clock: Clock, approvalId: string): boolean {
  return shop.tx('expire_approval', () => shop.run("UPDATE approvals SET status = 'expired', expires_at = ? WHERE approval_id = ? AND status = 'granted'", [clock.now, approvalId]) === 1);
}

/** The order was edited (its version moves; approvals of the old version no longer fit). */
export function editOrder(shop: Store, orderId: string): void {
  shop.tx('edit_order', () => shop.run('UPDATE orders SET version = version + 1 WHERE order_id = ?', [orderId]));
}

/**
 * Submit: turns the newest granted approval of the order into a refund intent, in one
 * transaction: approval check (exists, not expired, same order version), conditional
 * balance reservation (never below zero; skipped when the refund transaction decrements), a server-issued operation_id with its parameter
 * digest, status PREPARED. An approval already used returns its existing intent: a
 * duplicate approval or a repeated submit never makes a second intent.
 */
export function createIntent(shop: Store, clock: Clock, caller: string, orderId: string, owner: string, ownerEpoch: number, reserveBalance = true): IntentResult {
  return shop.tx('create_intent', (): IntentResult => {
    const approval = newestApproval(shop, orderId);
    if (!approval) return refuse(shop, clock, caller, 'APPROVAL_REQUIRED', `no approval to refund order ${orderId}`, msg('reasons.shop.approval_required', { order: orderId }));
    const used = intentOf(shop, approval);
    if (used) return { code: 'EXISTING', operation: readOperation(shop, String(used.operation_id))! };
    if (approval.status === 'expired' || clock.now >= Number(approval.expires_at)) {
      return refuse(shop, clock, caller, 'APPROVAL_EXPIRED', `approval ${approval.approval_id} ended at t=${approval.expires_at}`,
        msg('reasons.shop.approval_expired', { approval: String(approval.approval_id), at: Number(approval.expires_at) }));
    }
    const order = shop.get('SELECT tenant, version FROM orders WHERE order_id = ?', [orderId])!;
    if (Number(order.version) !== Number(approval.order_version)) {
      return refuse(shop, clock, caller, 'ORDER_CHANGED', `order ${orderId} is at version ${order.version}; approval ${approval.approval_id} was for version ${approval.order_version}`,
        msg('reasons.shop.order_changed', { order: orderId, version: Number(order.version), approval: String(approval.approval_id), approved: Number(approval.order_version) }));
    }
    const amount = Number(approval.amount_cents);
    // With a remote provider the amount is reserved here; in the single-database variant the
    // refund transaction itself decrements the balance (SPEC 9.4).
    const reserved = reserveBalance ? shop.run('UPDATE orders SET balance_cents = balance_cents - ? WHERE order_id = ? AND balance_cents >= ?', [amount, orderId, amount]) : 1;
    if (reserved === 0) return refuse(shop, clock, caller, 'INSUFFICIENT_BALANCE', `order ${orderId} has less than ${formatMoney(amount, 'en')} left to refund`,
      msg('reasons.shop.insufficient_balance', { order: orderId, amount }));
    const operationId = `op-${Number(shop.get('SELECT count(*) AS n FROM operations')!.n) + 1}`;
    const tenant = String(order.tenant);
    const digest = paramDigest({ tenant, caller, opType: 'refund', orderId, amountCents: amount });
    shop.run(
      `INSERT INTO operations (operation_id, tenant, caller, op_type, order_id, approval_id, amount_cents, param_digest, status, owner, owner_epoch, created_at)
       VALUES (?, ?, ?, 'refund', ?, ?, ?, ?, 'PREPARED', ?, ?, ?)`,
      [operationId, tenant, caller, orderId, String(approval.approval_id), amount, digest, owner, ownerEpoch, clock.now],
    );
    shop.run("UPDATE approvals SET status = 'used' WHERE approval_id = ?", [String(approval.approval_id)]);
    shop.run("INSERT INTO operation_history (operation_id, from_status, to_status, why, at) VALUES (?, '—', 'PREPARED', 'intent persisted before dispatch', ?)", [operationId, clock.now]);
    return { code: 'CREATED', operation: readOperation(shop, operationId)! };
  });
}

/**
 * Whether a submit for `orderId` now would find its intent already made (EXISTING): it
 * reads and writes nothing more (the explorer's footprints, src/sim/models/refund/footprint.ts).
 */
export function submitFindsIntent(shop: Store, orderId: string): boolean {
  const approval = newestApproval(shop, orderId);
  return approval !== undefined && intentOf(shop, approval) !== undefined;
}

/** The approval a submit turns into an intent: the order's newest. */
function newestApproval(shop: Store, orderId: string): Row | undefined {
  return shop.get('SELECT * FROM approvals WHERE order_id = ? ORDER BY granted_at DESC, approval_id DESC LIMIT 1', [orderId]);
}

/** The intent already made from `approval` (one intent per approval). */
function intentOf(shop: Store, approval: Row): Row | undefined {
  return shop.get('SELECT operation_id FROM operations WHERE approval_id = ?', [String(approval.approval_id)]);
}

/**
 * A caller re-submits an existing intent by its operation_id (the API retry). Same
 * parameters: the same intent and, later, the same result. Different parameters:
 * PARAMETER_CONFLICT — never the old result (SPEC 9.3).
 */
export function resubmitIntent(shop: Store, clock: Clock, operationId: string, caller: string, amountCents: number): IntentResult {
  const operation = readOperation(shop, operationId);
  if (!operation) return { code: 'NOT_FOUND', message: `no operation ${operationId}` };
  const digest = paramDigest({ tenant: operation.tenant, caller, opType: 'refund', orderId: operation.orderId, amountCents });
  if (digest === operation.paramDigest) return { code: 'EXISTING', operation };
  shop.tx('refuse_resubmit', () => shop.run("INSERT INTO refusals (caller, code, at) VALUES (?, 'PARAMETER_CONFLICT', ?)", [caller, clock.now]));
  return {
    code: 'PARAMETER_CONFLICT', message: `${operationId} was issued for ${formatMoney(operation.amountCents, 'en')} by ${operation.caller}; these parameters differ`,
    reason: msg('reasons.shop.parameter_conflict', { operation: operationId, amount: operation.amountCents, caller: operation.caller }),
  };
}

/** What a status change also records: the provider's receipt, or a send's key and deadline. */
export interface TransitionPatch {
  externalRef?: string;
  send?: { key: string | null; expiresAt: number };
}

/**
 * Moves an operation by `event` if the machine allows it and the caller holds the current
 * owner epoch (a fenced, conditional update). Returns the new status, or null if refused.
 * One named transaction; `applyTransition` is the same step inside a caller's transaction.
 * A decided outcome (CONFIRMED, REJECTED) takes a parked operation off the manual queue:
 * the evidence (a late answer, a lookup) settled what the person would have looked for.
 */
export function transition(shop: Store, clock: Clock, operationId: string, event: OperationEvent, epoch: number, why: string,
  patch: TransitionPatch = {}): OperationState | null {
  return shop.tx(`operation_${event.toLowerCase()}`, () => applyTransition(shop, clock, operationId, event, epoch, why, patch));
}

/** The body of `transition`, for a caller that already holds a transaction on the shop. */
export function applyTransition(shop: Store, clock: Clock, operationId: string, event: OperationEvent, epoch: number, why: string,
  patch: TransitionPatch = {}): OperationState | null {
  const current = readOperation(shop, operationId);
  if (!current) return null;
  const next = nextState(operationMachine, current.status, event) as OperationState | null;
  if (next === null) return null;
  const key = patch.send ? patch.send.key ?? '' : null;
  const changed = shop.run(
    `UPDATE operations SET status = ?, external_ref = COALESCE(?, external_ref),
       send_deadline = CASE WHEN ? IS NULL THEN send_deadline ELSE max(COALESCE(send_deadline, ?), ?) END,
       sent_key = CASE WHEN ? IS NULL THEN sent_key WHEN sent_key IS NULL OR sent_key = ? THEN ? ELSE '*' END,
       reconciliation = CASE WHEN ? IN ('CONFIRMED', 'REJECTED') THEN NULL ELSE reconciliation END
     WHERE operation_id = ? AND status = ? AND owner_epoch = ?`,
    [next, patch.externalRef ?? null, patch.send?.expiresAt ?? null, patch.send?.expiresAt ?? null, patch.send?.expiresAt ?? null,
      key, key, key, next, operationId, current.status, epoch],
  );
  if (changed === 0) return null;
  if (next === 'REJECTED') {
    shop.run('UPDATE orders SET balance_cents = balance_cents + ? WHERE order_id = ?', [current.amountCents, current.orderId]);
  }
  shop.run('INSERT INTO operation_history (operation_id, from_status, to_status, why, at) VALUES (?, ?, ?, ?, ?)', [operationId, current.status, next, why, clock.now]);
  return next;
}

/** Hands an operation to a new owner under a higher epoch (the old owner's moves are fenced off). */
export function takeOver(shop: Store, operationId: string, owner: string): number {
  return shop.tx('take_over', () => {
    shop.run('UPDATE operations SET owner = ?, owner_epoch = owner_epoch + 1 WHERE operation_id = ?', [owner, operationId]);
    return Number(shop.get('SELECT owner_epoch FROM operations WHERE operation_id = ?', [operationId])!.owner_epoch);
  });
}

/** Parks an UNKNOWN operation for a human: no automatic retry will touch it. */
export function queueForReconciliation(shop: Store, clock: Clock, operationId: string, reason: string): void {
  shop.tx('queue_reconciliation', () => {
    shop.run('UPDATE operations SET reconciliation = ? WHERE operation_id = ?', [reason, operationId]);
    shop.run("INSERT INTO operation_history (operation_id, from_status, to_status, why, at) VALUES (?, 'UNKNOWN', 'UNKNOWN', ?, ?)", [operationId, `to manual reconciliation: ${reason}`, clock.now]);
  });
}

export function clearReconciliation(shop: Store, operationId: string): void {
  shop.tx('clear_reconciliation', () => shop.run('UPDATE operations SET reconciliation = NULL WHERE operation_id = ?', [operationId]));
}

export function readOperation(shop: Store, operationId: string): Operation | null {
  const r = shop.get('SELECT * FROM operations WHERE operation_id = ?', [operationId]);
  return r ? toOperation(r) : null;
}

export function listOperations(shop: Store): Operation[] {
  return shop.all('SELECT * FROM operations ORDER BY created_at, operation_id').map(toOperation);
}

/** The newest operation, the one the single-intent labs act on. */
export function latestOperation(shop: Store): Operation | null {
  const r = shop.get('SELECT * FROM operations ORDER BY rowid DESC LIMIT 1');
  return r ? toOperation(r) : null;
}

function toOperation(r: Record<string, unknown>): Operation {
  return {
    operationId: String(r.operation_id), orderId: String(r.order_id), approvalId: String(r.approval_id),
    amountCents: Number(r.amount_cents), paramDigest: String(r.param_digest), status: r.status as OperationState,
    externalRef: r.external_ref === null ? null : String(r.external_ref), owner: String(r.owner), ownerEpoch: Number(r.owner_epoch),
    reconciliation: r.reconciliation === null ? null : String(r.reconciliation),
    sendDeadline: r.send_deadline === null ? null : Number(r.send_deadline), sentKey: r.sent_key === null ? null : String(r.sent_key), caller: String(r.caller), tenant: String(r.tenant), createdAt: Number(r.created_at),
  };
}

function refuse(shop: Store, clock: Clock, caller: string, code: 'APPROVAL_REQUIRED' | 'APPROVAL_EXPIRED' | 'ORDER_CHANGED' | 'INSUFFICIENT_BALANCE', message: string,
  reason: Message): IntentResult {
  shop.run('INSERT INTO refusals (caller, code, at) VALUES (?, ?, ?)', [caller, code, clock.now]);
  return { code, message, reason };
}
