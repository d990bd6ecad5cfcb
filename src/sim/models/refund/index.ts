/**
 * The refund model (labs L01–L04, L06, L14): the shop's business database, two workers
 * running the executor, the payment provider with its own ledger, and a key-value store
 * for the wrong examples of SPEC 9.4. The provider's ledger is the ground truth the labs
 * show next to what the worker believes.
 */
import { KV_SCHEMA, PROVIDER_SCHEMA, SHOP_SCHEMA, WORKER_SCHEMA } from '../../../core/effects/schema';
import { LocalFaultPoint } from '../../../core/effects/localRefund';
import { operationMachine } from '../../../core/effects/operationMachine';
import { providerLookup, providerRefund, purgeDedupe, ProviderFaultPoint, type RefundAnswer, type LookupAnswer } from '../../../core/effects/provider';
import {
  createIntent, editOrder, expireApprovalNow, expireApprovals, grantApproval, latestOperation, readOperation, resubmitIntent,
  takeOver, clearReconciliation, transition,
} from '../../../core/effects/shop';
import type { Model, ModelContext } from '../../model';
import type { Frame } from '../../network';
import { describeRefundAction, parseRefundAction, WORKERS, type RefundAction, type WorkerId } from './actions';
import {
  capabilities, dispatch, ExecutorFaultPoint, expireAttempts, isLocalMode, KV, NetFault, onLookupAnswer, onRefundAnswer,
  PROVIDER, recoverWorker, retry, runLocal, SHOP, wakeAndSend,
} from './executor';
import { CALLER, knobs, ORDER_ID, refundInitialSchema, TENANT, validateRefundInitial } from './initial';
import { refundInvariants } from './invariants';
import { describeRefundNodes, observeRefund, setting } from './view';

const onOff = (label: string) => ({ key: label, label, options: [{ value: 'on', label: 'yes' }, { value: 'off', label: 'no' }], default: 'on' });

export const refundModel: Model<RefundAction> = {
  id: 'refund',
  switches: [
    { ...onOff('idempotency'), label: 'Provider honours idempotency keys' },
    { ...onOff('lookup'), label: 'Provider supports lookup by operation' },
    { key: 'retention', label: 'Provider keeps dedupe records', options: [{ value: 'forever', label: 'forever' }, { value: '5', label: '5 ticks' }], default: 'forever' },
    { key: 'latency', label: 'Provider latency', options: [{ value: '0', label: 'none' }, { value: '5', label: '5 ticks' }], default: '0' },
    { key: 'provider_decision', label: 'Provider', options: [{ value: 'approve', label: 'approves refunds' }, { value: 'decline', label: 'declines refunds' }], default: 'approve' },
    { key: 'retry_policy', label: 'Retry policy', options: [
      { value: 'reconcile_first', label: 'reconcile first (correct)' }, { value: 'blind_resend', label: 'blind resend (wrong)' },
      { value: 'new_key_each_attempt', label: 'new key per attempt (wrong)' }], default: 'reconcile_first' },
    { key: 'key_scheme', label: 'Idempotency key', options: [{ value: 'operation_id', label: 'operation_id (intent)' }, { value: 'tool_key', label: 'tool key with epoch (MWP-WRK-031)' }], default: 'operation_id' },
    { key: 'fence', label: 'Fence on the send', options: [{ value: 'on', label: 'a stale epoch may not send (correct)' }, { value: 'off', label: "no fence: 'I once owned it' (wrong)" }], default: 'on' },
    { key: 'takeover', label: 'A new owner', options: [{ value: 'reconcile_old_epoch', label: 'reconciles the old epoch first' }, { value: 'start_fresh', label: 'starts fresh (wrong)' }], default: 'reconcile_old_epoch' },
    { key: 'refund_mode', label: 'Refund design', options: [
      { value: 'provider', label: 'remote payment provider' }, { value: 'local_transaction', label: 'one local transaction (SPEC 9.4)' },
      { value: 'kv_flag_first', label: 'flag in KV, then refund (wrong)' }, { value: 'kv_flag_after', label: 'refund, then flag in KV (wrong)' }], default: 'provider' },
  ],
  faultPoints: [
    { point: ExecutorFaultPoint.afterPrepare, node: 'worker', label: 'worker crashes after persisting the intent, before sending' },
    { point: ExecutorFaultPoint.afterDispatch, node: 'worker', label: 'worker crashes right after sending' },
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
    { id: SHOP, kind: 'authority', label: 'Shop database (orders, approvals, intents)', schema: SHOP_SCHEMA },
    { id: PROVIDER, kind: 'provider', label: 'Payment provider (its own ledger)', schema: PROVIDER_SCHEMA },
    { id: KV, kind: 'service', label: 'Key-value store (wrong examples)', schema: KV_SCHEMA },
  ],
  edges: [
    ...WORKERS.map((w) => ({ from: w, to: SHOP, label: 'intent & status' })),
    ...WORKERS.map((w) => ({ from: w, to: PROVIDER, label: 'refund / lookup' })),
    { from: 'worker-1', to: KV, label: 'processed flag' },
  ],
  validateInitial: validateRefundInitial,

  setup(ctx, raw) {
    const initial = refundInitialSchema.parse(raw);
    const { balance, ttl, timeout } = knobs(initial);
    const shop = ctx.store(SHOP);
    shop.tx('setup_order', () => {
      shop.run('INSERT INTO orders (order_id, tenant, balance_cents, version) VALUES (?, ?, ?, 1)', [ORDER_ID, TENANT, balance]);
      for (const [key, value] of Object.entries({ amount_cents: initial.amount_cents, approval_ttl: ttl, timeout_ticks: timeout })) {
        shop.run('INSERT INTO settings (key, value) VALUES (?, ?)', [key, value]);
      }
    });
    if (initial.approved || initial.expired) grantApproval(shop, ctx.clock, 'ap-1', ORDER_ID, initial.amount_cents, ttl);
    if (initial.expired) expireApprovalNow(shop, ctx.clock, 'ap-1');
    ctx.note(`Order ${ORDER_ID} can refund up to ${balance}¢; the refund asked for is ${initial.amount_cents}¢. Approvals last ${ttl} ticks; a worker waits ${timeout} ticks for an answer.`);
  },

  parseAction: parseRefundAction,
  describeAction: describeRefundAction,

  precondition(ctx, action) {
    if (!('worker' in action)) {
      if (action.type === 'duplicate_approval' || action.type === 'expire') {
        return ctx.store(SHOP).get('SELECT 1 FROM approvals') ? null : 'There is no approval yet.';
      }
      if (action.type === 'resubmit_changed') return latestOperation(ctx.store(SHOP)) ? null : 'There is no operation yet.';
      if (action.type === 'resolve_manually') return latestOperation(ctx.store(SHOP))?.reconciliation ? null : 'Nothing is waiting for manual reconciliation.';
      return null;
    }
    if (action.type === 'wake') return ctx.status(action.worker) === 'paused' ? null : `${action.worker} is not stalled.`;
    if (ctx.status(action.worker) !== 'up') return `${action.worker} is ${ctx.status(action.worker)}.`;
    const op = latestOperation(ctx.store(SHOP));
    if (action.type === 'retry') {
      if (!op) return 'There is no operation to retry yet; submit first.';
      if (op.status === 'SUBMITTED' && !isLocalMode(ctx) && ctx.switches.retry_policy === 'reconcile_first') return `${op.operationId} is still in flight; wait for an answer or the timeout.`;
    }
    if (action.type === 'takeover') {
      if (!op) return 'There is no operation to take over.';
      if (op.owner === action.worker) return `${action.worker} already owns ${op.operationId}.`;
    }
    return null;
  },

  apply(ctx, action) {
    const shop = ctx.store(SHOP);
    const amount = setting(ctx, 'amount_cents');
    switch (action.type) {
      case 'approve': {
        const id = `ap-${Number(shop.get('SELECT count(*) AS n FROM approvals')!.n) + 1}`;
        grantApproval(shop, ctx.clock, id, ORDER_ID, amount, setting(ctx, 'approval_ttl'));
        return ctx.note(`Approval ${id}: refund ${amount}¢ on ${ORDER_ID}, valid until t=${ctx.clock.now + setting(ctx, 'approval_ttl')}.`);
      }
      case 'duplicate_approval': {
        const last = String(shop.get('SELECT approval_id FROM approvals ORDER BY rowid DESC LIMIT 1')!.approval_id);
        const created = grantApproval(shop, ctx.clock, last, ORDER_ID, amount, setting(ctx, 'approval_ttl'));
        return ctx.note(created ? `Approval ${last} recorded.` : `Approval ${last} arrives a second time: same ID, nothing new is created.`);
      }
      case 'expire': {
        const last = String(shop.get('SELECT approval_id FROM approvals ORDER BY rowid DESC LIMIT 1')!.approval_id);
        return ctx.note(expireApprovalNow(shop, ctx.clock, last) ? `Approval ${last} has expired.` : `Approval ${last} was no longer open.`);
      }
      case 'edit_order':
        editOrder(shop, ORDER_ID);
        return ctx.note(`${ORDER_ID} was edited: approvals for the old version no longer fit it.`);
      case 'lose_request':
      case 'lose_response':
        ctx.arm(action.type === 'lose_request' ? NetFault.loseRequest : NetFault.loseResponse);
        return ctx.note(action.type === 'lose_request' ? 'The next refund request will vanish on the way.' : "The provider's next answer will vanish on the way back.");
      case 'resubmit_changed': {
        const op = latestOperation(shop)!;
        const result = resubmitIntent(shop, ctx.clock, op.operationId, CALLER, op.amountCents + 1);
        return ctx.note(result.code === 'PARAMETER_CONFLICT' ? `PARAMETER_CONFLICT: ${result.message}. The old result is not returned.` : `${result.code}.`);
      }
      case 'resolve_manually':
        return resolveManually(ctx);
      case 'submit':
        return submit(ctx, action.worker);
      case 'retry':
        return retry(ctx, action.worker);
      case 'crash_before_commit':
      case 'crash_after_commit':
        return crashDuringSubmit(ctx, action.worker, action.type === 'crash_before_commit');
      case 'takeover':
        return takeOverOperation(ctx, action.worker);
      case 'pause_before_dispatch':
        return pauseBeforeDispatch(ctx, action.worker);
      case 'wake':
        ctx.setStatus(action.worker, 'up');
        return wakeAndSend(ctx, action.worker);
    }
  },

  receive(ctx, frame) {
    if (frame.to === PROVIDER) return providerReceives(ctx, frame);
    const body = frame.body as never;
    if (frame.kind === 'refund_response') onRefundAnswer(ctx, frame.to as WorkerId, body);
    else onLookupAnswer(ctx, frame.to as WorkerId, body);
  },

  afterAdvance(ctx) {
    const purged = purgeDedupe(ctx.store(PROVIDER), ctx.clock, capabilities(ctx));
    if (purged > 0) ctx.note(`The provider forgets ${purged} idempotency record(s) older than its retention window.`);
    if (expireApprovals(ctx.store(SHOP), ctx.clock) > 0) ctx.note('An approval ran out of time.');
    for (const worker of WORKERS) if (ctx.status(worker) === 'up') expireAttempts(ctx, worker, setting(ctx, 'timeout_ticks'));
  },

  afterRestart(ctx, node) {
    if ((WORKERS as readonly string[]).includes(node)) recoverWorker(ctx, node as WorkerId);
  },

  observe: observeRefund,
  invariants: refundInvariants,
  machines: (ctx) => {
    const op = latestOperation(ctx.store(SHOP));
    return [{ id: 'operation', title: op ? `Operation ${op.operationId}` : 'Operation (none yet)', machine: operationMachine, state: op?.status ?? '—' }];
  },
  describeNodes: describeRefundNodes,
};

function submit(ctx: ModelContext, worker: WorkerId): void {
  const shop = ctx.store(SHOP);
  const epoch = latestOperation(shop)?.ownerEpoch ?? 1;
  const result = createIntent(shop, ctx.clock, CALLER, ORDER_ID, worker, epoch, !isLocalMode(ctx));
  if (!('operation' in result)) {
    ctx.note(`The shop refuses: ${result.code} — ${result.message}.`);
    return;
  }
  const op = result.operation;
  if (result.code === 'EXISTING') {
    ctx.note(`Approval ${op.approvalId} already has intent ${op.operationId} (${op.status}): no second intent is made.`);
    return;
  }
  ctx.note(`${worker} persists intent ${op.operationId} (PREPARED, digest ${op.paramDigest.slice(0, 8)}…) before dispatch.`);
  ctx.faults(worker).reach(ExecutorFaultPoint.afterPrepare);
  if (isLocalMode(ctx)) runLocal(ctx, worker, op);
  else dispatch(ctx, worker, op, 'DISPATCH');
}

/** Persists the intent, then stalls holding the prepared send (SPEC 9.9 fault 6: the late worker). */
function pauseBeforeDispatch(ctx: ModelContext, worker: WorkerId): void {
  const shop = ctx.store(SHOP);
  const result = createIntent(shop, ctx.clock, CALLER, ORDER_ID, worker, latestOperation(shop)?.ownerEpoch ?? 1, !isLocalMode(ctx));
  if (!('operation' in result)) {
    ctx.note(`The shop refuses: ${result.code} — ${result.message}.`);
    return;
  }
  const op = result.operation;
  ctx.store(worker).tx('hold_dispatch', () => ctx.store(worker).run('INSERT OR REPLACE INTO held_dispatch (operation_id, epoch) VALUES (?, ?)', [op.operationId, op.ownerEpoch]));
  ctx.setStatus(worker, 'paused');
  ctx.note(`${worker} persists ${op.operationId} and stalls with the send in hand (epoch ${op.ownerEpoch}).`);
}

/** The SPEC 9.1 card tokens: submit with a crash on the worker, the network settles, the worker restarts. */
function crashDuringSubmit(ctx: ModelContext, worker: WorkerId, before: boolean): void {
  const mode = ctx.switches.refund_mode;
  const point = mode === 'kv_flag_first' || mode === 'kv_flag_after' ? LocalFaultPoint.betweenSystems
    : mode === 'local_transaction' ? (before ? LocalFaultPoint.beforeCommit : LocalFaultPoint.afterCommit)
      : before ? ExecutorFaultPoint.afterPrepare : ExecutorFaultPoint.afterDispatch;
  ctx.arm(point);
  ctx.guard(() => submit(ctx, worker));
  ctx.settle();
  ctx.restart(worker);
}

function takeOverOperation(ctx: ModelContext, worker: WorkerId): void {
  const shop = ctx.store(SHOP);
  const op = latestOperation(shop)!;
  const epoch = takeOver(shop, op.operationId, worker);
  ctx.note(`${worker} takes ${op.operationId} over at epoch ${epoch}; ${op.owner}'s epoch ${op.ownerEpoch} is fenced off.`);
  const current = readOperation(shop, op.operationId)!;
  if (current.status !== 'UNKNOWN' && current.status !== 'PREPARED') return;
  if (ctx.switches.takeover === 'start_fresh' && current.status === 'UNKNOWN') {
    ctx.note(`${worker} starts fresh: it sends the refund under its own key without asking what epoch ${op.ownerEpoch} did.`);
    dispatch(ctx, worker, current, 'RESUBMIT');
    return;
  }
  retry(ctx, worker);
}

/** An operator checks the provider's ledger by hand and settles a parked operation. */
function resolveManually(ctx: ModelContext): void {
  const shop = ctx.store(SHOP);
  const op = latestOperation(shop)!;
  const found = ctx.store(PROVIDER).get('SELECT refund_id FROM ledger WHERE reference = ? ORDER BY at LIMIT 1', [op.operationId]);
  clearReconciliation(shop, op.operationId);
  if (found) {
    transition(shop, ctx.clock, op.operationId, 'CONFIRM', op.ownerEpoch, `operator found ${found.refund_id} in the provider's statement`, { externalRef: String(found.refund_id) });
    ctx.note(`The operator finds ${found.refund_id} in the provider's statement: ${op.operationId} is CONFIRMED.`);
  } else {
    transition(shop, ctx.clock, op.operationId, 'NOT_FOUND', op.ownerEpoch, "operator: not in the provider's statement");
    ctx.note(`The operator finds nothing for ${op.operationId}: it goes back to PREPARED, safe to send.`);
  }
}

function providerReceives(ctx: ModelContext, frame: Frame): void {
  const provider = ctx.store(PROVIDER);
  const caps = capabilities(ctx);
  const b = frame.body;
  const base = { attemptId: b.attemptId, operationId: b.operationId, epoch: b.epoch };
  const reference = String(b.reference);
  let answer: RefundAnswer | LookupAnswer;
  if (frame.kind === 'refund_request') {
    answer = providerRefund(provider, ctx.clock, ctx.faults(PROVIDER), caps, {
      idemKey: b.idemKey === null ? null : String(b.idemKey), reference, amountCents: Number(b.amountCents), paramDigest: String(b.paramDigest),
    });
    ctx.note(answer.status === 'OK' ? `The provider ${answer.replayed ? `replays ${answer.refundId} from its idempotency record` : `refunds ${b.amountCents}¢ as ${answer.refundId}`}.`
      : `The provider answers ${answer.status}.`);
  } else {
    answer = providerLookup(provider, caps, reference);
    ctx.note(`The provider's lookup of ${reference}: ${answer.status}.`);
  }
  if (ctx.consume(NetFault.loseResponse)) {
    ctx.note(`The provider's answer to ${frame.from} is lost on the way back.`);
    return;
  }
  const kind = frame.kind === 'refund_request' ? 'refund_response' : 'lookup_response';
  ctx.send(PROVIDER, frame.from, kind, { ...base, answer: answer as unknown as never }, Number(ctx.switches.latency));
}

