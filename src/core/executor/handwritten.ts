/**
 * The hand-written refund executor, as it runs in a worker: persist the intent before
 * dispatch, check the owner epoch in the shop, submit with the stable key, keep the
 * external receipt, treat a timeout as UNKNOWN, reconcile by lookup before any resend,
 * and park what cannot be decided for a person. The wrong variants (blind resend, a new key
 * per attempt, the two key-value orders, a new owner that skips reconciliation, sending
 * without the epoch check) are design switches, so learners can watch an invariant fail.
 *
 * A NOT_FOUND is not "never applied": a request still in the network can land after the
 * lookup. The executor resends only when that cannot double the refund — the provider
 * dedupes the very key every earlier send carried (and keeps the record), or every earlier
 * request is past the deadline the provider enforces. Otherwise it waits for the deadline,
 * or, when the provider enforces none, hands the operation to a person (seed 002 §1–§3).
 */
import { attemptsIn, holdSend, lastLookupAnswer, nextAttemptId, recordAttempt, settleAttempt, takeHeldSend } from '../effects/attempts';
import { toolKey } from '../effects/keys';
import { refundFlagAfter, refundFlagFirst, refundInOneTransaction, type LocalResult } from '../effects/localRefund';
import {
  CALLER, createIntent, latestOperation, ORDER_ID, queueForReconciliation, readOperation, takeOver, transition, type Operation,
} from '../effects/shop';
import { msg, type MessageParams } from '../message';
import { parseRefundFrame, type LookupResponseFrame, type RefundRequestFrame, type RefundResponseFrame } from './frames';
import type { Effects, ExecutorEnv, RecoveryStep, RefundExecutor } from './types';

export const ExecutorFaultPoint = {
  afterPrepare: 'executor.after_prepare',
  /** Between the epoch check in the shop and the send: the race seed 002 §7 warns about. */
  afterEpochCheck: 'executor.after_fence_check',
  afterDispatch: 'executor.after_dispatch',
  /** The provider's answer has arrived (so the refund committed), nothing of it is saved yet. */
  beforeSaveAnswer: 'executor.before_save_answer',
} as const;

const note = (out: Effects, key: string, params?: MessageParams) => out.push({ type: 'note', message: msg(`refund.${key}`, params) });
const isLocal = (env: ExecutorEnv) => env.design.refundMode !== 'provider';

/** The idempotency key a send carries, by design choice; `epoch` is the sender's. */
function keyFor(env: ExecutorEnv, op: Operation, epoch = op.ownerEpoch): string {
  if (env.design.retryPolicy === 'new_key_each_attempt') return nextAttemptId(env.workerStore); // WRONG: an attempt is not an intent
  if (env.design.keyScheme === 'tool_key') return toolKey(env.mission, op.operationId, epoch, 'refund'); // MWP-WRK-031
  return op.operationId; // SPEC 9.3: the intent key
}

/**
 * Would the provider dedupe a send under `key` against every request sent so far? It must
 * honour keys, every earlier send must have carried this key, and it must still hold the
 * record when the last of them lands: forever, or — when requests carry deadlines — until
 * this send's deadline (a record is made no earlier than the intent was, and kept
 * `retention` ticks).
 */
function dedupedBy(env: ExecutorEnv, op: Operation, key: string): boolean {
  const { caps } = env;
  const kept = caps.retention === null || (caps.deadline && env.clock.now + env.timeout <= op.createdAt + caps.retention);
  return caps.idempotency && kept && (op.sentKey === null || op.sentKey === key);
}

/**
 * Moves the operation to SUBMITTED under the worker's epoch (the check in the shop), then
 * builds the request and sends it. `stall` stops between the check and the send, holding
 * the built request: the check cannot reach the provider, so the stale send still goes
 * out when the worker wakes — only the provider (a key it dedupes, a deadline) can refuse it.
 */
function dispatch(env: ExecutorEnv, out: Effects, op: Operation, event: 'DISPATCH' | 'RESUBMIT', stall = false): void {
  const idemKey = keyFor(env, op);
  const expiresAt = env.clock.now + env.timeout;
  const moved = op.owner === env.worker && transition(env.shop, env.clock, op.operationId, event, op.ownerEpoch,
    `${env.worker} sends (epoch ${op.ownerEpoch}, key ${idemKey})`, { send: { key: idemKey, expiresAt } });
  if (!moved) {
    note(out, 'not_owner', { worker: env.worker, operation: op.operationId, owner: op.owner, epoch: op.ownerEpoch });
    return;
  }
  env.faults.reach(ExecutorFaultPoint.afterEpochCheck);
  const attempt = recordAttempt(env.workerStore, { operationId: op.operationId, kind: 'submit', idemKey, epoch: op.ownerEpoch, sentAt: env.clock.now });
  const frame: RefundRequestFrame = {
    kind: 'refund_request', attemptId: attempt.attemptId, operationId: op.operationId, idemKey, reference: op.operationId,
    amountCents: op.amountCents, paramDigest: op.paramDigest, epoch: op.ownerEpoch, expiresAt,
  };
  if (stall) {
    holdSend(env.workerStore, { operationId: op.operationId, epoch: op.ownerEpoch, phase: 'after_check', request: JSON.stringify(frame) });
    out.push({ type: 'stall' });
    note(out, 'stalls_after_check', { worker: env.worker, operation: op.operationId, epoch: op.ownerEpoch });
    return;
  }
  out.push({ type: 'send', frame });
  note(out, 'sent', { worker: env.worker, operation: op.operationId, amount: op.amountCents, key: idemKey, deadline: expiresAt });
  env.faults.reach(ExecutorFaultPoint.afterDispatch);
}

function lookup(env: ExecutorEnv, out: Effects, op: Operation): void {
  const attempt = recordAttempt(env.workerStore, { operationId: op.operationId, kind: 'lookup', idemKey: null, epoch: op.ownerEpoch, sentAt: env.clock.now });
  out.push({ type: 'send', frame: { kind: 'lookup_request', attemptId: attempt.attemptId, operationId: op.operationId, reference: op.operationId, epoch: op.ownerEpoch } });
  note(out, 'looks_up', { worker: env.worker, operation: op.operationId });
}

function park(env: ExecutorEnv, out: Effects, op: Operation, reason: string, reasonKey: string): void {
  queueForReconciliation(env.shop, env.clock, op.operationId, reason);
  note(out, `parked_${reasonKey}`, { operation: op.operationId });
}

function retryUnknown(env: ExecutorEnv, out: Effects, op: Operation): void {
  const policy = env.design.retryPolicy;
  if (policy === 'blind_resend' || policy === 'new_key_each_attempt') return dispatch(env, out, op, 'RESUBMIT');
  // WRONG: never resending is safe but may never finish (seed 002 §1) — nothing asks the provider.
  if (policy === 'wait_for_answer') {
    note(out, 'waits_for_answer', { operation: op.operationId });
    return;
  }
  if (op.reconciliation) {
    note(out, 'still_parked', { operation: op.operationId });
    return;
  }
  if (env.caps.lookup) return lookup(env, out, op);
  // No lookup: a resend is safe only if the provider dedupes it against every earlier send.
  if (dedupedBy(env, op, keyFor(env, op))) return dispatch(env, out, op, 'RESUBMIT');
  if (!env.caps.idempotency) return park(env, out, op, 'the provider offers neither idempotency keys nor lookup', 'no_keys_no_lookup');
  if (op.sentKey !== null && op.sentKey !== keyFor(env, op)) return park(env, out, op, 'an earlier owner epoch sent under another key and the provider has no lookup', 'other_epoch_key');
  park(env, out, op, 'the provider may have forgotten the key by the time a resend lands, and it has no lookup', 'retention_no_lookup');
}

/** The single-database designs of SPEC 9.4 (one correct, two wrong). */
function runLocal(env: ExecutorEnv, out: Effects, op: Operation): void {
  let result: LocalResult;
  switch (env.design.refundMode) {
    case 'kv_flag_first': result = refundFlagFirst(env.shop, env.kv, env.clock, env.faults, op.operationId); break;
    case 'kv_flag_after': result = refundFlagAfter(env.shop, env.kv, env.clock, env.faults, op.operationId); break;
    default: result = refundInOneTransaction(env.shop, env.clock, env.faults, op.operationId, op.amountCents);
  }
  if (result.status === 'OK') note(out, result.replayed ? 'local_replayed' : 'local_written', { entry: result.entryId });
  else if (result.status === 'SKIPPED') note(out, 'local_skipped', { reason: result.said });
  else note(out, 'local_refused', { code: result.status, message: result.said });
}

function retry(env: ExecutorEnv, out: Effects): void {
  const op = latestOperation(env.shop)!;
  if (op.owner !== env.worker) {
    note(out, 'arrives_late', { worker: env.worker, operation: op.operationId, owner: op.owner, epoch: op.ownerEpoch });
    return;
  }
  if (isLocal(env)) return runLocal(env, out, op);
  switch (op.status) {
    case 'CONFIRMED':
    case 'REJECTED':
      note(out, 'stored_result', { operation: op.operationId, status: op.status, receipt: op.externalRef ?? '' });
      return;
    case 'PREPARED':
      return dispatch(env, out, op, 'DISPATCH');
    case 'UNKNOWN':
      return retryUnknown(env, out, op);
    case 'SUBMITTED':
      note(out, 'in_flight', { operation: op.operationId });
      return;
  }
}

/**
 * The executor's own next moves for the operation it owns (the same rules as `retry` and
 * `onClock`, read without acting): a PREPARED operation is sent; a SUBMITTED one waits for
 * its attempt's timeout (nothing else can move it); an UNKNOWN one is retried under the
 * design's policy — except while a lookup is still out (it waits for that lookup's answer or
 * timeout), and right after a lookup said NOT_FOUND while a request may still land, when it
 * waits out the send deadline before it looks again. Decided or
 * parked operations need nothing more.
 */
function plan(env: ExecutorEnv): RecoveryStep[] {
  const op = latestOperation(env.shop);
  if (!op || op.owner !== env.worker || op.reconciliation !== null) return [];
  const inFlight = attemptsIn(env.workerStore, 'in_flight').filter((a) => a.operationId === op.operationId);
  const timers = (kind: 'submit' | 'lookup'): RecoveryStep[] => inFlight.filter((a) => a.kind === kind).map((a) => ({ type: 'wait', until: a.sentAt + env.timeout }));
  switch (op.status) {
    case 'CONFIRMED':
    case 'REJECTED':
      return [];
    case 'PREPARED':
      return [{ type: 'retry' }];
    case 'SUBMITTED':
      return timers('submit');
    case 'UNKNOWN': {
      // This design does nothing more for an UNKNOWN operation: it waits for an answer.
      if (env.design.retryPolicy === 'wait_for_answer') return [];
      // A lookup still out is waited for (its answer, or its timeout), not asked again.
      const asking = timers('lookup');
      if (asking.length > 0 && env.design.retryPolicy === 'reconcile_first') return asking;
      const waits = env.design.retryPolicy === 'reconcile_first' && op.sendDeadline !== null && env.clock.now < op.sendDeadline
        && lastLookupAnswer(env.workerStore, op.operationId, op.ownerEpoch) === 'NOT_FOUND';
      return waits ? [{ type: 'wait', until: op.sendDeadline! }, { type: 'retry' }] : [{ type: 'retry' }];
    }
  }
}

export const handwrittenExecutor: RefundExecutor = {
  id: 'handwritten',
  plan,

  submit(env, out, stall) {
    const epoch = latestOperation(env.shop)?.ownerEpoch ?? 1;
    const result = createIntent(env.shop, env.clock, CALLER, ORDER_ID, env.worker, epoch, !isLocal(env));
    if (!('operation' in result)) {
      note(out, 'shop_refuses', { code: result.code, message: result.reason ?? result.message });
      return;
    }
    const op = result.operation;
    if (result.code === 'EXISTING') {
      note(out, 'intent_exists', { approval: op.approvalId, operation: op.operationId, status: op.status, owner: op.owner });
      return;
    }
    note(out, 'intent_persisted', { worker: env.worker, operation: op.operationId, digest: op.paramDigest.slice(0, 8) });
    if (stall === 'before_epoch_check') {
      holdSend(env.workerStore, { operationId: op.operationId, epoch: op.ownerEpoch, phase: 'before_check', request: null });
      out.push({ type: 'stall' });
      note(out, 'stalls_before_check', { worker: env.worker, operation: op.operationId, epoch: op.ownerEpoch });
      return;
    }
    env.faults.reach(ExecutorFaultPoint.afterPrepare);
    if (isLocal(env)) runLocal(env, out, op);
    else dispatch(env, out, op, 'DISPATCH', stall === 'after_epoch_check');
  },

  retry,

  takeOver(env, out) {
    const before = latestOperation(env.shop)!;
    const epoch = takeOver(env.shop, before.operationId, env.worker);
    note(out, 'takes_over', { worker: env.worker, operation: before.operationId, epoch, previous: before.owner, previousEpoch: before.ownerEpoch });
    let op = readOperation(env.shop, before.operationId)!;
    if (op.status === 'SUBMITTED') {
      // The earlier owner's request is out of this owner's sight: applied or not, it cannot tell.
      transition(env.shop, env.clock, op.operationId, 'TIMEOUT', epoch, `${env.worker} takes over: what epoch ${before.ownerEpoch} sent is unknown to it`);
      note(out, 'inherits_unknown', { operation: op.operationId, previousEpoch: before.ownerEpoch });
      op = readOperation(env.shop, op.operationId)!;
    }
    if (op.status !== 'UNKNOWN' && op.status !== 'PREPARED') return;
    if (env.design.takeover === 'start_fresh' && op.status === 'UNKNOWN') {
      note(out, 'starts_fresh', { worker: env.worker, previousEpoch: before.ownerEpoch });
      dispatch(env, out, op, 'RESUBMIT');
      return;
    }
    retry(env, out);
  },

  wake(env, out) {
    const held = takeHeldSend(env.workerStore);
    if (!held) return;
    const op = readOperation(env.shop, held.operationId)!;
    if (held.phase === 'after_check') {
      // The check passed before the stall; nothing on this path asks the shop again.
      const frame = parseRefundFrame('refund_request', JSON.parse(held.request ?? '{}') as Record<string, unknown>);
      if (typeof frame === 'string' || frame.kind !== 'refund_request') throw new Error(`held request unreadable: ${String(frame)}`);
      out.push({ type: 'send', frame });
      note(out, 'wakes_sends_checked', { worker: env.worker, operation: op.operationId, epoch: held.epoch, current: op.ownerEpoch, key: frame.idemKey ?? '' });
      env.faults.reach(ExecutorFaultPoint.afterDispatch);
      return;
    }
    if (env.design.epochCheck) {
      if (op.ownerEpoch !== held.epoch || op.owner !== env.worker) {
        note(out, 'wake_refused', { worker: env.worker, operation: op.operationId, epoch: held.epoch, current: op.ownerEpoch });
        return;
      }
      if (isLocal(env)) runLocal(env, out, op);
      else dispatch(env, out, op, 'DISPATCH');
      return;
    }
    if (isLocal(env)) {
      note(out, 'wakes_local_unchecked', { worker: env.worker });
      runLocal(env, out, op);
      return;
    }
    // WRONG: "I once owned it" — the send goes out without asking the shop, and the shop never hears of it.
    const idemKey = keyFor(env, op, held.epoch);
    const attempt = recordAttempt(env.workerStore, { operationId: op.operationId, kind: 'submit', idemKey, epoch: held.epoch, sentAt: env.clock.now });
    out.push({ type: 'send', frame: {
      kind: 'refund_request', attemptId: attempt.attemptId, operationId: op.operationId, idemKey, reference: op.operationId,
      amountCents: op.amountCents, paramDigest: op.paramDigest, epoch: held.epoch, expiresAt: env.clock.now + env.timeout,
    } });
    note(out, 'wakes_sends_unchecked', { worker: env.worker, operation: op.operationId, key: idemKey });
  },

  onRefundAnswer(env, out, frame: RefundResponseFrame) {
    env.faults.reach(ExecutorFaultPoint.beforeSaveAnswer);
    settleAttempt(env.workerStore, frame.attemptId, 'answered', frame.answer.status);
    const { answer } = frame;
    if (answer.status === 'EXPIRED') {
      note(out, 'answer_expired', { worker: env.worker, operation: frame.operationId, attempt: frame.attemptId });
      // If no other send of this worker is still waiting, no timeout will ever fire for the
      // operation: still SUBMITTED, it would wait for nothing. Whether an earlier request
      // landed is undecided — UNKNOWN, for the lookup to settle (seed 002 §1–§2).
      const waiting = attemptsIn(env.workerStore, 'in_flight').some((a) => a.kind === 'submit' && a.operationId === frame.operationId);
      if (!waiting && transition(env.shop, env.clock, frame.operationId, 'TIMEOUT', frame.epoch, `request ${frame.attemptId} refused as too late; the outcome is undecided`)) {
        note(out, 'expired_unknown', { operation: frame.operationId });
      }
      return;
    }
    const moved = transition(env.shop, env.clock, frame.operationId, answer.status === 'OK' ? 'CONFIRM' : 'REJECT', frame.epoch,
      answer.status === 'OK' ? `provider refund ${answer.refundId}${answer.replayed ? ' (replayed from its idempotency record)' : ''}` : `provider answered ${answer.status}`,
      answer.status === 'OK' ? { externalRef: answer.refundId } : {});
    if (moved) note(out, 'records', { worker: env.worker, operation: frame.operationId, status: moved, receipt: answer.status === 'OK' ? answer.refundId : '' });
    else note(out, 'answer_evidence_only', { worker: env.worker, operation: frame.operationId, epoch: frame.epoch });
  },

  onLookupAnswer(env, out, frame: LookupResponseFrame) {
    settleAttempt(env.workerStore, frame.attemptId, 'answered', frame.answer.status);
    const { answer } = frame;
    if (answer.status === 'FOUND') {
      const moved = transition(env.shop, env.clock, frame.operationId, 'CONFIRM', frame.epoch, `lookup found ${answer.refundId}`, { externalRef: answer.refundId });
      if (moved) note(out, 'lookup_found', { operation: frame.operationId, refund: answer.refundId });
      return;
    }
    if (answer.status === 'UNSUPPORTED') return;
    const op = readOperation(env.shop, frame.operationId);
    if (!op || op.status !== 'UNKNOWN' || op.ownerEpoch !== frame.epoch || op.owner !== env.worker) {
      note(out, 'lookup_evidence_only', { operation: frame.operationId });
      return;
    }
    const key = keyFor(env, op);
    if (dedupedBy(env, op, key)) {
      note(out, 'not_found_same_key', { operation: op.operationId, key });
      return dispatch(env, out, op, 'RESUBMIT');
    }
    const settled = env.caps.deadline && (op.sendDeadline === null || answer.asOf >= op.sendDeadline);
    if (settled && transition(env.shop, env.clock, op.operationId, 'NOT_FOUND_SETTLED', frame.epoch,
      `lookup at t=${answer.asOf}: no refund, and every request was past its deadline`)) {
      note(out, 'not_found_settled', { operation: op.operationId, asOf: answer.asOf });
      return dispatch(env, out, readOperation(env.shop, op.operationId)!, 'DISPATCH');
    }
    if (env.caps.deadline) {
      note(out, 'not_found_wait', { operation: op.operationId, asOf: answer.asOf, deadline: op.sendDeadline ?? answer.asOf });
      return;
    }
    park(env, out, op, 'NOT_FOUND proves nothing: the provider applies requests of any age, and one may still be in flight', 'not_found_no_deadline');
  },

  onClock(env, out) {
    for (const attempt of attemptsIn(env.workerStore, 'in_flight')) {
      if (env.clock.now - attempt.sentAt < env.timeout) continue;
      settleAttempt(env.workerStore, attempt.attemptId, 'timed_out', null);
      if (attempt.kind === 'submit' && transition(env.shop, env.clock, attempt.operationId, 'TIMEOUT', attempt.epoch, `no answer within ${env.timeout} ticks`)) {
        note(out, 'timed_out', { worker: env.worker, operation: attempt.operationId });
      }
    }
  },

  recover(env, out) {
    for (const attempt of attemptsIn(env.workerStore, 'in_flight')) {
      settleAttempt(env.workerStore, attempt.attemptId, 'lost', null);
      if (attempt.kind === 'submit') transition(env.shop, env.clock, attempt.operationId, 'TIMEOUT', attempt.epoch, `${env.worker} restarted without an answer`);
    }
    let op = latestOperation(env.shop);
    // Still SUBMITTED under this worker's epoch with no attempt left to time out: it died
    // between the epoch check and the send's record. No timer will ever fire for it and a
    // retry waits for an answer that cannot come, so the outcome is undecided — UNKNOWN, for
    // the lookup or a person to settle (seed 002 §1–§2), never "surely not sent".
    if (op && op.owner === env.worker && op.status === 'SUBMITTED'
      && transition(env.shop, env.clock, op.operationId, 'TIMEOUT', op.ownerEpoch, `${env.worker} restarted: SUBMITTED, with no attempt waiting for an answer`)) {
      note(out, 'recovers_no_attempt', { worker: env.worker, operation: op.operationId });
      op = latestOperation(env.shop);
    }
    if (op && op.owner === env.worker) {
      note(out, op.status === 'PREPARED' ? 'recovers_prepared' : op.status === 'UNKNOWN' ? 'recovers_unknown' : 'recovers', { worker: env.worker, operation: op.operationId, status: op.status });
    }
  },
};
