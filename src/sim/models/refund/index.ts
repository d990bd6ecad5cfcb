/**
 * The refund model (labs L01–L04, L06, L14): the shop's business database, two workers
 * running the executor (src/core/executor), the payment provider with its own ledger, and
 * a key-value store for the wrong examples of SPEC 9.4. The provider's ledger is the ground
 * truth the labs show next to what the worker believes. This file only wires: it parses
 * actions and frames, calls core functions and performs what they return.
 */
import { KV_SCHEMA, PROVIDER_SCHEMA, SHOP_SCHEMA, WORKER_SCHEMA } from '../../../core/effects/schema';
import { LocalFaultPoint } from '../../../core/effects/localRefund';
import { operationMachine } from '../../../core/effects/operationMachine';
import { purgeDedupe, ProviderFaultPoint } from '../../../core/effects/provider';
import { operatorReconciles } from '../../../core/effects/reconcile';
import { latestApproval, nextApprovalId } from '../../../core/effects/reads';
import { editOrder, expireApprovalNow, expireApprovals, grantApproval, latestOperation, resubmitIntent, setupShop } from '../../../core/effects/shop';
import { ExecutorFaultPoint } from '../../../core/executor/handwritten';
import { frameBody, parseRefundFrame } from '../../../core/executor/frames';
import { serveLookup, serveRefundRequest } from '../../../core/executor/providerNode';
import { msg } from '../../../core/message';
import type { Model, ModelContext } from '../../model';
import { describeRefundAction, parseRefundAction, WORKERS, type RefundAction, type WorkerId } from './actions';
import { CALLER, knobs, ORDER_ID, refundInitialSchema, TENANT, validateRefundInitial } from './initial';
import { refundInvariants } from './invariants';
import { refundEndConditions, refundRecoveryMoves } from './recovery';
import { refundCandidates, refundFingerprint, refundFrameFingerprint } from './search';
import { footprintRefund } from './footprint';
import { describeRefundNodes, observeRefund, setting } from './view';
import { capabilities, isLocalMode, KV, NetFault, PROVIDER, runExecutor, SHOP } from './wiring';

const yesNo = (key: string, label: string) => ({ key, label, options: [{ value: 'on', label: 'yes' }, { value: 'off', label: 'no' }], default: 'on' });

export const refundModel: Model<RefundAction> = {
  id: 'refund',
  switches: [
    yesNo('idempotency', 'Provider honours idempotency keys'),
    yesNo('lookup', 'Provider supports lookup by operation'),
    yesNo('deadline', 'Provider refuses requests past their deadline'),
    // How long the provider keeps its records is part of its contract, not a design choice:
    // the executor presented right reads it and parks what a resend could no longer make
    // safe (search finds no double refund with it); only an executor that trusts the key
    // forever refunds twice (L03's card retention-too-short, with the resend-at-once policy).
    { key: 'retention', label: 'Provider keeps dedupe records', options: [{ value: 'forever', label: 'forever' }, { value: '5', label: '5 ticks' }], default: 'forever' },
    { key: 'latency', label: 'Provider latency', options: [{ value: '0', label: 'none' }, { value: '5', label: '5 ticks' }], default: '0' },
    { key: 'provider_decision', label: 'Provider', options: [{ value: 'approve', label: 'approves refunds' }, { value: 'decline', label: 'declines refunds' }], default: 'approve' },
    { key: 'retry_policy', label: 'Retry policy', options: [
      { value: 'reconcile_first', label: 'look it up before any resend', presented: 'right' },
      { value: 'blind_resend', label: 'resend at once', presented: 'wrong' },
      { value: 'new_key_each_attempt', label: 'resend with a fresh key per attempt', presented: 'wrong' },
      { value: 'wait_for_answer', label: 'wait for the provider to answer', presented: 'wrong' }], default: 'reconcile_first' },
    { key: 'key_scheme', label: 'Idempotency key', options: [
      { value: 'operation_id', label: 'operation_id (the intent)' }, { value: 'tool_key', label: 'tool key with the owner epoch (MWP-WRK-031)' }], default: 'operation_id' },
    { key: 'fence', label: 'Before sending, the worker', options: [
      { value: 'on', label: "checks its epoch in the shop's record", presented: 'right' },
      { value: 'off', label: 'sends because it owned the operation once', presented: 'wrong' }], default: 'on' },
    { key: 'takeover', label: 'A new owner', options: [
      { value: 'reconcile_old_epoch', label: "reconciles the old epoch's send first", presented: 'right' },
      { value: 'start_fresh', label: 'sends again under its own key', presented: 'wrong' }], default: 'reconcile_old_epoch' },
    { key: 'refund_mode', label: 'Refund design', options: [
      { value: 'provider', label: 'remote payment provider' }, { value: 'local_transaction', label: 'one local transaction (SPEC 9.4)', presented: 'right' },
      { value: 'kv_flag_first', label: 'flag in KV, then refund', presented: 'wrong' }, { value: 'kv_flag_after', label: 'refund, then flag in KV', presented: 'wrong' }], default: 'provider' },
  ],
  faultPoints: [
    { point: ExecutorFaultPoint.afterPrepare, node: 'worker', label: 'worker crashes after persisting the intent, before sending' },
    { point: ExecutorFaultPoint.afterEpochCheck, node: 'worker', label: 'worker crashes after its epoch check, before sending' },
    { point: ExecutorFaultPoint.afterDispatch, node: 'worker', label: 'worker crashes right after sending' },
    { point: ExecutorFaultPoint.beforeSaveAnswer, node: 'worker', label: "worker crashes with the provider's answer in hand, before saving it" },
    { point: ProviderFaultPoint.beforeCommit, node: PROVIDER, label: 'provider crashes inside its refund transaction' },
    { point: ProviderFaultPoint.afterCommit, node: PROVIDER, label: 'provider crashes after committing, before answering' },
    { point: LocalFaultPoint.beforeCommit, node: 'worker', label: 'worker crashes inside the local refund transaction' },
    { point: LocalFaultPoint.afterCommit, node: 'worker', label: 'worker crashes after the local refund commits' },
    { point: LocalFaultPoint.betweenSystems, node: 'worker', label: 'worker crashes between the KV flag and the database' },
  ],
  modelFaults: [NetFault.loseRequest, NetFault.loseResponse],
  nodes: () => [
    { id: 'worker-1', kind: 'worker', label: 'worker-1', schema: WORKER_SCHEMA },
    { id: 'worker-2', kind: 'worker', label: 'worker-2', schema: WORKER_SCHEMA },
    { id: SHOP, kind: 'authority', label: msg('view.refund.node.shop'), schema: SHOP_SCHEMA },
    { id: PROVIDER, kind: 'provider', label: msg('view.refund.node.provider'), schema: PROVIDER_SCHEMA },
    { id: KV, kind: 'service', label: msg('view.refund.node.kv'), schema: KV_SCHEMA },
  ],
  edges: [
    ...WORKERS.map((w) => ({ from: w, to: SHOP, label: msg('view.refund.edge.intent_status') })),
    ...WORKERS.map((w) => ({ from: w, to: PROVIDER, label: msg('view.refund.edge.refund_lookup') })),
    { from: 'worker-1', to: KV, label: msg('view.refund.edge.processed_flag') },
  ],
  validateInitial: validateRefundInitial,

  setup(ctx, raw) {
    const initial = refundInitialSchema.parse(raw);
    const { balance, ttl, timeout } = knobs(initial);
    const shop = ctx.store(SHOP);
    setupShop(shop, { orderId: ORDER_ID, tenant: TENANT, balanceCents: balance }, { amount_cents: initial.amount_cents, approval_ttl: ttl, timeout_ticks: timeout });
    if (initial.approved || initial.expired) grantApproval(shop, ctx.clock, 'ap-1', ORDER_ID, initial.amount_cents, ttl);
    if (initial.expired) expireApprovalNow(shop, ctx.clock, 'ap-1');
    ctx.note(msg('refund.setup', { order: ORDER_ID, balance, amount: initial.amount_cents, ttl, timeout }));
  },

  parseAction: parseRefundAction,
  describeAction: describeRefundAction,

  precondition(ctx, action) {
    if (!('worker' in action)) {
      if (action.type === 'duplicate_approval' || action.type === 'expire') {
        return latestApproval(ctx.store(SHOP)) ? null : msg('refusals.refund.no_approval');
      }
      if (action.type === 'resubmit_changed') return latestOperation(ctx.store(SHOP)) ? null : msg('refusals.refund.no_operation');
      if (action.type === 'resolve_manually') return latestOperation(ctx.store(SHOP))?.reconciliation ? null : msg('refusals.refund.nothing_to_reconcile');
      return null;
    }
    if (action.type === 'wake') return ctx.status(action.worker) === 'paused' ? null : msg('refusals.node_not_stalled', { node: action.worker });
    if (ctx.status(action.worker) !== 'up') return msg(`refusals.node_is_${ctx.status(action.worker)}`, { node: action.worker });
    const op = latestOperation(ctx.store(SHOP));
    if (action.type === 'retry') {
      if (!op) return msg('refusals.refund.nothing_to_retry');
      if (op.status === 'SUBMITTED' && !isLocalMode(ctx) && ctx.switches.retry_policy === 'reconcile_first') return msg('refusals.refund.still_in_flight', { operation: op.operationId });
    }
    if (action.type === 'takeover') {
      if (!op) return msg('refusals.refund.nothing_to_take_over');
      if (op.owner === action.worker) return msg('refusals.refund.already_owns', { node: action.worker, operation: op.operationId });
    }
    return null;
  },

  apply(ctx, action) {
    const shop = ctx.store(SHOP);
    const amount = setting(ctx, 'amount_cents');
    switch (action.type) {
      case 'approve': {
        const id = nextApprovalId(shop);
        grantApproval(shop, ctx.clock, id, ORDER_ID, amount, setting(ctx, 'approval_ttl'));
        return ctx.note(msg('refund.approved', { approval: id, amount, order: ORDER_ID, until: ctx.clock.now + setting(ctx, 'approval_ttl') }));
      }
      case 'duplicate_approval': {
        const last = latestApproval(shop)!.approvalId;
        const created = grantApproval(shop, ctx.clock, last, ORDER_ID, amount, setting(ctx, 'approval_ttl'));
        return ctx.note(msg(created ? 'refund.approval_recorded' : 'refund.approval_duplicate', { approval: last }));
      }
      case 'expire': {
        const last = latestApproval(shop)!.approvalId;
        return ctx.note(msg(expireApprovalNow(shop, ctx.clock, last) ? 'refund.approval_expired' : 'refund.approval_not_open', { approval: last }));
      }
      case 'edit_order':
        editOrder(shop, ORDER_ID);
        return ctx.note(msg('refund.order_edited', { order: ORDER_ID }));
      case 'lose_request':
      case 'lose_response':
        ctx.arm(action.type === 'lose_request' ? NetFault.loseRequest : NetFault.loseResponse);
        return ctx.note(msg(action.type === 'lose_request' ? 'refund.will_lose_request' : 'refund.will_lose_response'));
      case 'resubmit_changed': {
        const op = latestOperation(shop)!;
        const result = resubmitIntent(shop, ctx.clock, op.operationId, CALLER, op.amountCents + 1);
        return ctx.note(result.code === 'PARAMETER_CONFLICT' ? msg('refund.parameter_conflict', { message: result.reason ?? result.message }) : msg('refund.resubmit_result', { code: result.code }));
      }
      case 'resolve_manually':
        return ctx.note(operatorReconciles(shop, ctx.store(PROVIDER), ctx.clock, capabilities(ctx)));
      case 'submit':
        return runExecutor(ctx, action.worker, (x, env, out) => x.submit(env, out));
      case 'retry':
        return runExecutor(ctx, action.worker, (x, env, out) => x.retry(env, out));
      case 'crash_before_commit':
      case 'crash_after_commit':
        return crashDuringSubmit(ctx, action.worker, action.type === 'crash_before_commit');
      case 'takeover':
        return runExecutor(ctx, action.worker, (x, env, out) => x.takeOver(env, out));
      case 'pause_before_dispatch':
        return runExecutor(ctx, action.worker, (x, env, out) => x.submit(env, out, 'before_epoch_check'));
      case 'pause_after_fence_check':
        return runExecutor(ctx, action.worker, (x, env, out) => x.submit(env, out, 'after_epoch_check'));
      case 'wake':
        ctx.setStatus(action.worker, 'up');
        return runExecutor(ctx, action.worker, (x, env, out) => x.wake(env, out));
    }
  },

  receive(ctx, frame) {
    const parsed = parseRefundFrame(frame.kind, frame.body);
    if (typeof parsed === 'string') throw new Error(`refund: malformed frame #${frame.id}: ${parsed}`);
    if (frame.to === PROVIDER) {
      if (parsed.kind !== 'refund_request' && parsed.kind !== 'lookup_request') return;
      const provider = ctx.store(PROVIDER);
      const served = parsed.kind === 'refund_request'
        ? serveRefundRequest(provider, ctx.clock, ctx.faults(PROVIDER), capabilities(ctx), parsed)
        : serveLookup(provider, ctx.clock, capabilities(ctx), parsed);
      ctx.note(served.note);
      // A lost answer is sent and lost on the way: the sequence shows it leave the provider.
      const reply = ctx.send(PROVIDER, frame.from, served.reply.kind, frameBody(served.reply), Number(ctx.switches.latency));
      if (ctx.consume(NetFault.loseResponse)) ctx.lose(reply, msg('refund.answer_lost', { worker: frame.from }));
      return;
    }
    const worker = frame.to as WorkerId;
    if (parsed.kind === 'refund_response') runExecutor(ctx, worker, (x, env, out) => x.onRefundAnswer(env, out, parsed));
    else if (parsed.kind === 'lookup_response') runExecutor(ctx, worker, (x, env, out) => x.onLookupAnswer(env, out, parsed));
  },

  afterAdvance(ctx) {
    const purged = purgeDedupe(ctx.store(PROVIDER), ctx.clock, capabilities(ctx));
    if (purged > 0) ctx.note(msg('refund.provider_forgets', { count: purged }));
    if (expireApprovals(ctx.store(SHOP), ctx.clock) > 0) ctx.note(msg('refund.approval_ran_out'));
    for (const worker of WORKERS) if (ctx.status(worker) === 'up') runExecutor(ctx, worker, (x, env, out) => x.onClock(env, out));
  },

  afterRestart(ctx, node) {
    const worker = WORKERS.find((w) => w === node);
    if (worker) runExecutor(ctx, worker, (x, env, out) => x.recover(env, out));
  },

  enabled(ctx) {
    return refundCandidates(ctx).filter((action) => refundModel.precondition(ctx, action) === null);
  },
  fingerprint: refundFingerprint,
  frameFingerprint: refundFrameFingerprint,
  footprint: footprintRefund,
  endConditions: refundEndConditions,
  recoveryMoves: refundRecoveryMoves,
  // Usually a handful of moves (a lookup, a wait for the send deadline, a second lookup, the
  // send). The longest path the search met is a provider slower than the worker's timeout
  // (latency 5 > 3): every answer lands after its attempt timed out, so a crash in the
  // resend costs a round of lookups, waits and a second send — about 18 moves.
  recoveryBound: 24,
  observe: observeRefund,
  invariants: refundInvariants,
  machines: (ctx) => {
    const op = latestOperation(ctx.store(SHOP));
    return [{ id: 'operation', title: op ? msg('view.refund.machine.operation', { id: op.operationId }) : msg('view.refund.machine.no_operation'), machine: operationMachine, state: op?.status ?? '—' }];
  },
  describeNodes: describeRefundNodes,
};

/**
 * The SPEC 9.1 card tokens: worker-1 submits and crashes, then restarts. "Before commit":
 * it dies with the intent persisted and nothing sent. "After commit": the refund commits
 * first (at the provider, or in the local transaction) and the worker dies before it saves
 * the answer. With the network holding frames, the provider has not answered yet: the crash
 * stays armed and happens when the answer arrives (restart it then).
 */
function crashDuringSubmit(ctx: ModelContext, worker: WorkerId, before: boolean): void {
  const mode = ctx.switches.refund_mode;
  const point = mode === 'kv_flag_first' || mode === 'kv_flag_after' ? LocalFaultPoint.betweenSystems
    : mode === 'local_transaction' ? (before ? LocalFaultPoint.beforeCommit : LocalFaultPoint.afterCommit)
      : before ? ExecutorFaultPoint.afterPrepare : ExecutorFaultPoint.beforeSaveAnswer;
  ctx.arm(point);
  ctx.guard(() => runExecutor(ctx, worker, (x, env, out) => x.submit(env, out)));
  ctx.settle();
  if (ctx.status(worker) === 'crashed') ctx.restart(worker);
}
