/**
 * The executor of the refund course, as it runs in a worker: persist the intent before
 * dispatch, submit with the stable key, keep the external receipt, treat a timeout as
 * UNKNOWN, reconcile by lookup before any retry, and park what cannot be decided for a
 * human. The wrong variants (blind resend, a new key per attempt, the two key-value
 * orders, a new owner that skips reconciliation) are switches, so learners can watch an
 * invariant fail.
 */
import { attemptsIn, nextAttemptId, recordAttempt, settleAttempt } from '../../../core/effects/attempts';
import { toolKey } from '../../../core/effects/keys';
import { refundFlagAfter, refundFlagFirst, refundInOneTransaction, type LocalResult } from '../../../core/effects/localRefund';
import { type LookupAnswer, type ProviderCapabilities, type RefundAnswer } from '../../../core/effects/provider';
import { latestOperation, queueForReconciliation, readOperation, transition, type Operation } from '../../../core/effects/shop';
import type { ModelContext } from '../../model';
import type { WorkerId } from './actions';
import { MISSION } from './initial';

export const SHOP = 'shop';
export const PROVIDER = 'provider';
export const KV = 'kv';

export const ExecutorFaultPoint = {
  afterPrepare: 'executor.after_prepare',
  afterDispatch: 'executor.after_dispatch',
} as const;

export const NetFault = { loseRequest: 'net.lose_request', loseResponse: 'net.lose_response' } as const;

export function capabilities(ctx: ModelContext): ProviderCapabilities {
  const s = ctx.switches;
  return { idempotency: s.idempotency === 'on', lookup: s.lookup === 'on', retention: s.retention === 'forever' ? null : Number(s.retention), approves: s.provider_decision === 'approve' };
}

export const isLocalMode = (ctx: ModelContext) => ctx.switches.refund_mode !== 'provider';

/** The idempotency key this attempt carries, by design choice; `epoch` is the sender's. */
function keyFor(ctx: ModelContext, worker: WorkerId, op: Operation, epoch = op.ownerEpoch): string {
  if (ctx.switches.retry_policy === 'new_key_each_attempt') return nextAttemptId(ctx.store(worker)); // WRONG: an attempt is not an intent
  if (ctx.switches.key_scheme === 'tool_key') return toolKey(MISSION, op.operationId, epoch, 'refund'); // MWP-WRK-031
  return op.operationId; // SPEC 9.3: the intent key
}

/**
 * A stalled worker wakes and continues the send it prepared, with the epoch it had then.
 * With the fence, the shop's conditional transition refuses it if the operation moved to a
 * newer epoch, and nothing is sent. Without it ("I once owned this"), the request goes out.
 */
export function wakeAndSend(ctx: ModelContext, worker: WorkerId): void {
  const held = ctx.store(worker).get('SELECT operation_id, epoch FROM held_dispatch LIMIT 1');
  if (!held) return;
  ctx.store(worker).tx('release_held', () => ctx.store(worker).run('DELETE FROM held_dispatch'));
  const op = readOperation(ctx.store(SHOP), String(held.operation_id))!;
  const epoch = Number(held.epoch);
  if (ctx.switches.fence !== 'off') {
    if (op.ownerEpoch !== epoch || op.owner !== worker) {
      ctx.note(`${worker} wakes holding epoch ${epoch}, but ${op.operationId} is at epoch ${op.ownerEpoch}: the fenced transition refuses, and nothing is sent.`);
      return;
    }
    if (isLocalMode(ctx)) runLocal(ctx, worker, op);
    else dispatch(ctx, worker, op, 'DISPATCH');
    return;
  }
  if (isLocalMode(ctx)) {
    ctx.note(`${worker} wakes and runs the refund without checking the fence.`);
    runLocal(ctx, worker, op);
    return;
  }
  const idemKey = keyFor(ctx, worker, op, epoch);
  const attempt = recordAttempt(ctx.store(worker), { operationId: op.operationId, kind: 'submit', idemKey, epoch, sentAt: ctx.clock.now });
  ctx.send(worker, PROVIDER, 'refund_request', {
    attemptId: attempt.attemptId, operationId: op.operationId, idemKey, reference: op.operationId, amountCents: op.amountCents, paramDigest: op.paramDigest, epoch,
  });
  ctx.note(`${worker} wakes and sends ${op.operationId} with key ${idemKey} without checking the fence — it once owned this operation.`);
}

/** Moves the operation to SUBMITTED and sends the refund request (the intent is already durable). */
export function dispatch(ctx: ModelContext, worker: WorkerId, op: Operation, event: 'DISPATCH' | 'RESUBMIT'): void {
  if (!fenced(ctx, worker, op, event)) return;
  const idemKey = keyFor(ctx, worker, op);
  const attempt = recordAttempt(ctx.store(worker), { operationId: op.operationId, kind: 'submit', idemKey, epoch: op.ownerEpoch, sentAt: ctx.clock.now });
  if (ctx.consume(NetFault.loseRequest)) {
    ctx.note(`${worker}'s refund request for ${op.operationId} (key ${idemKey}) is lost on the way.`);
  } else {
    ctx.send(worker, PROVIDER, 'refund_request', {
      attemptId: attempt.attemptId, operationId: op.operationId, idemKey, reference: op.operationId,
      amountCents: op.amountCents, paramDigest: op.paramDigest, epoch: op.ownerEpoch,
    });
    ctx.note(`${worker} sends ${op.operationId} for ${op.amountCents}¢ with idempotency key ${idemKey}.`);
  }
  ctx.faults(worker).reach(ExecutorFaultPoint.afterDispatch);
}

/** Asks the provider what happened to the operation, before any resend. */
function lookup(ctx: ModelContext, worker: WorkerId, op: Operation): void {
  const attempt = recordAttempt(ctx.store(worker), { operationId: op.operationId, kind: 'lookup', idemKey: null, epoch: op.ownerEpoch, sentAt: ctx.clock.now });
  ctx.send(worker, PROVIDER, 'lookup_request', { attemptId: attempt.attemptId, operationId: op.operationId, reference: op.operationId, epoch: op.ownerEpoch });
  ctx.note(`${worker} looks ${op.operationId} up at the provider before doing anything else.`);
}

/** `retry`: what a worker does with the current operation, by its state and the design. */
export function retry(ctx: ModelContext, worker: WorkerId): void {
  const op = latestOperation(ctx.store(SHOP))!;
  if (op.owner !== worker) {
    ctx.note(`${worker} arrives late: ${op.operationId} now belongs to ${op.owner} at epoch ${op.ownerEpoch}, so ${worker} may not act on it (its result would be evidence only, MWP-WRK-019).`);
    return;
  }
  if (isLocalMode(ctx)) {
    runLocal(ctx, worker, op);
    return;
  }
  switch (op.status) {
    case 'CONFIRMED':
    case 'REJECTED':
      ctx.note(`A retry returns the stored result: ${op.operationId} is ${op.status}${op.externalRef ? ` (${op.externalRef})` : ''}. Nothing is sent.`);
      return;
    case 'PREPARED':
      return dispatch(ctx, worker, op, 'DISPATCH');
    case 'UNKNOWN':
      return retryUnknown(ctx, worker, op);
    case 'SUBMITTED':
      return;
  }
}

function retryUnknown(ctx: ModelContext, worker: WorkerId, op: Operation): void {
  const caps = capabilities(ctx);
  const policy = ctx.switches.retry_policy;
  if (policy === 'blind_resend' || policy === 'new_key_each_attempt') return dispatch(ctx, worker, op, 'RESUBMIT');
  if (op.reconciliation) {
    ctx.note(`${op.operationId} is parked for manual reconciliation; automatic retry is blocked.`);
    return;
  }
  if (caps.lookup) return lookup(ctx, worker, op);
  if (caps.idempotency && ctx.switches.key_scheme !== 'tool_key') return dispatch(ctx, worker, op, 'RESUBMIT');
  queueForReconciliation(ctx.store(SHOP), ctx.clock, op.operationId, caps.idempotency
    ? 'the key has changed with the owner epoch and the provider has no lookup'
    : 'the provider offers neither idempotency keys nor lookup');
  ctx.note(`The provider cannot tell whether ${op.operationId} was applied, and a resend could refund twice: automatic retry is blocked and the operation goes to manual reconciliation (SPEC 9.2).`);
}

/** The fence: only the current owner epoch may move the operation. */
function fenced(ctx: ModelContext, worker: WorkerId, op: Operation, event: 'DISPATCH' | 'RESUBMIT'): boolean {
  if (op.owner === worker && transition(ctx.store(SHOP), ctx.clock, op.operationId, event, op.ownerEpoch, `${worker} dispatches (epoch ${op.ownerEpoch})`)) return true;
  ctx.note(`${worker} may not move ${op.operationId}: it belongs to ${op.owner} at epoch ${op.ownerEpoch}.`);
  return false;
}

/** The single-database designs of SPEC 9.4 (one correct, two wrong). */
export function runLocal(ctx: ModelContext, worker: WorkerId, op: Operation): void {
  const shop = ctx.store(SHOP);
  const faults = ctx.faults(worker);
  let result: LocalResult;
  switch (ctx.switches.refund_mode) {
    case 'kv_flag_first': result = refundFlagFirst(shop, ctx.store(KV), ctx.clock, faults, op.operationId); break;
    case 'kv_flag_after': result = refundFlagAfter(shop, ctx.store(KV), ctx.clock, faults, op.operationId); break;
    default: result = refundInOneTransaction(shop, ctx.clock, faults, op.operationId, op.amountCents);
  }
  ctx.note(result.status === 'OK' ? `Refund ${result.entryId}${result.replayed ? ' found again: the retry returns the same result' : ' written'}.`
    : result.status === 'SKIPPED' ? `Skipped: ${result.reason}.` : `${result.status}: ${result.message}.`);
}

/** A provider answer reaches the worker: settle the attempt and move the operation. */
export function onRefundAnswer(ctx: ModelContext, worker: WorkerId, body: { attemptId: string; operationId: string; epoch: number; answer: RefundAnswer }): void {
  settleAttempt(ctx.store(worker), body.attemptId, 'answered', body.answer.status);
  const { answer } = body;
  const event = answer.status === 'OK' ? 'CONFIRM' : 'REJECT';
  const moved = transition(ctx.store(SHOP), ctx.clock, body.operationId, event, body.epoch,
    answer.status === 'OK' ? `provider refund ${answer.refundId}${answer.replayed ? ' (replayed from its idempotency record)' : ''}` : `provider answered ${answer.status}`,
    answer.status === 'OK' ? { externalRef: answer.refundId } : {});
  if (moved) ctx.note(`${worker} records ${body.operationId} as ${moved}${answer.status === 'OK' ? ` with receipt ${answer.refundId}` : ''}.`);
  else ctx.note(`${worker}'s answer for ${body.operationId} (epoch ${body.epoch}) changes nothing: the operation has moved on or belongs to a newer epoch — it is evidence only.`);
}

export function onLookupAnswer(ctx: ModelContext, worker: WorkerId, body: { attemptId: string; operationId: string; epoch: number; answer: LookupAnswer }): void {
  settleAttempt(ctx.store(worker), body.attemptId, 'answered', body.answer.status);
  const shop = ctx.store(SHOP);
  if (body.answer.status === 'FOUND') {
    const moved = transition(shop, ctx.clock, body.operationId, 'CONFIRM', body.epoch, `lookup found ${body.answer.refundId}`, { externalRef: body.answer.refundId });
    if (moved) ctx.note(`The lookup finds ${body.answer.refundId}: ${body.operationId} is CONFIRMED without sending it again.`);
    return;
  }
  if (transition(shop, ctx.clock, body.operationId, 'NOT_FOUND', body.epoch, 'lookup: the provider has no such refund')) {
    ctx.note(`The provider has no refund for ${body.operationId}; it is safe to send it (with the same key).`);
    dispatch(ctx, worker, readOperation(shop, body.operationId)!, 'DISPATCH');
  }
}

/** Timeouts: an unanswered submit becomes UNKNOWN (indefinite), never "failed". */
export function expireAttempts(ctx: ModelContext, worker: WorkerId, timeout: number): void {
  for (const attempt of attemptsIn(ctx.store(worker), 'in_flight')) {
    if (ctx.clock.now - attempt.sentAt < timeout) continue;
    settleAttempt(ctx.store(worker), attempt.attemptId, 'timed_out', null);
    if (attempt.kind === 'submit' && transition(ctx.store(SHOP), ctx.clock, attempt.operationId, 'TIMEOUT', attempt.epoch, `no answer within ${timeout} ticks`)) {
      ctx.note(`${worker} hears nothing for ${attempt.operationId}: it is UNKNOWN — applied or not, the worker cannot tell.`);
    }
  }
}

/** After a worker restarts: in-flight attempts are gone; a submitted operation is UNKNOWN. */
export function recoverWorker(ctx: ModelContext, worker: WorkerId): void {
  for (const attempt of attemptsIn(ctx.store(worker), 'in_flight')) {
    settleAttempt(ctx.store(worker), attempt.attemptId, 'lost', null);
    if (attempt.kind === 'submit') transition(ctx.store(SHOP), ctx.clock, attempt.operationId, 'TIMEOUT', attempt.epoch, `${worker} restarted without an answer`);
  }
  const op = latestOperation(ctx.store(SHOP));
  if (op && op.owner === worker) {
    ctx.note(op.status === 'PREPARED'
      ? `${worker} recovers: ${op.operationId} is PREPARED and was never sent — safe to retry.`
      : `${worker} recovers: ${op.operationId} is ${op.status}${op.status === 'UNKNOWN' ? ' — it was sent, but the answer never came' : ''}.`);
  }
}
