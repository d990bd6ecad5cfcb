/**
 * The workflow model (L05, and the LangGraph half of L06's comparison): worker A runs the
 * refund as a real LangGraph.js graph whose checkpoints live in A's own database (or, by
 * design, only in A's process memory), over the shop, the payment provider and a model
 * vendor that bills every call.
 *
 * This is an ASYNCHRONOUS model (src/sim/asyncStep.ts): its synchronous hooks only queue
 * jobs — start a run, resume it, recover after a restart — and `runStep` awaits them
 * inside the step. LangGraph itself is loaded with a dynamic import the first time a job
 * runs, so it is its own chunk in the browser and only L05/L06 pay for it.
 */
import { operationMachine } from '../../../core/effects/operationMachine';
import { ProviderFaultPoint, providerLookup, providerRefund, type LookupAnswer, type ProviderCapabilities, type RefundAnswer } from '../../../core/effects/provider';
import { PROVIDER_SCHEMA, SHOP_SCHEMA } from '../../../core/effects/schema';
import { CALLER, editOrder, expireApprovalNow, grantApproval, latestOperation, listOperations, ORDER_ID, resubmitIntent, setupShop, takeOver } from '../../../core/effects/shop';
import { CrashSignal, noFaults, type FaultPoints } from '../../../core/faults';
import { msg, type Message } from '../../../core/message';
import { modelCalls, VENDOR_SCHEMA } from '../../../core/workflow/modelBill';
import { newIdTable, sequenceNaming } from '../../../core/workflow/checkpointIds';
import { latestApproval, latestRefusal, nextApprovalId } from '../../../core/effects/reads';
import {
  approvalsGranted, checkpointCount, intentCount, ledgerCount, orderBalance, forgetProcessMemory, latestPendingWrites, pendingWriteCount, refundsPerReference,
} from '../../../core/workflow/reads';
import { CHECKPOINT_SCHEMA } from '../../../core/workflow/schema';
import { CLAIM_SCHEMA, recordClaim, STATUS_WRITE_SCHEMA, writesByNonOwners, type EpochCheck } from '../../../core/workflow/ownership';
import { workflowStateText } from '../../../core/workflow/stateText';
import { checkpointRows, noPosition, threadView, type ThreadPosition } from '../../../core/workflow/threadView';
import { approvalRequests, NODES, nodeRuns, repeatedApprovalRequests, runStarted, WORKER_LOG_SCHEMA } from '../../../core/workflow/workerLog';
import type { AsyncModelHooks } from '../../asyncStep';
import type { Model, ModelContext } from '../../model';
import type { Frame } from '../../network';
import { describeWorkflowAction, parseWorkflowAction, WORKFLOW_ACTIONS, type WorkflowAction } from './actions';

type Engine = typeof import('../../../core/workflow/refundWorkflow');
type RecoveryDesign = import('../../../core/workflow/refundWorkflow').RecoveryDesign;
type WorkflowEnv = import('../../../core/workflow/refundWorkflow').WorkflowEnv;

const WORKER = 'A';
/**
 * The second worker (faults 5 and 6): its own process — its own database (node-run log,
 * granted epochs) and memory — that resumes the same thread from A's checkpoint database.
 */
const WORKER_B = 'B';
const MEMORY = 'A_memory';
const MEMORY_B = 'B_memory';
/** Each worker's process memory (the checkpointer of the designs that keep none durably). */
const MEMORY_OF: Readonly<Record<string, string>> = { [WORKER]: MEMORY, [WORKER_B]: MEMORY_B };
const SHOP = 'shop';
const PROVIDER = 'provider';
const VENDOR = 'vendor';

// Keys honoured forever, lookup offered: the provider every design faces (only the worker's design varies).
const CAPS = { idempotency: true, lookup: true, retention: null, approves: true, deadline: false } as ProviderCapabilities;

let engine: Promise<Engine> | null = null;
/** LangGraph's chunk, loaded once, on first use. */
function loadEngine(): Promise<Engine> {
  engine ??= import('../../../core/workflow/refundWorkflow');
  return engine;
}

type Job = 'start' | 'resume' | 'recover' | 'race' | 'takeover' | 'wake';

/** A's run, stalled inside its submit node (fault 6): `wake` releases it, `done` settles when it has finished. */
interface Parked {
  /** The graph node the run is stalled in. */
  node: string;
  release: () => void;
  done: Promise<void>;
}

/**
 * Per-World runtime: jobs queued by this step, answers that arrived during a job (by
 * worker and operation) — both empty between steps — and A's stalled run, the one thing that
 * outlives a step (a promise suspended in LangGraph's submit node until `wake`). Like every
 * async model state it is rebuilt by replay, never undone (src/sim/CONTEXT.md).
 */
interface Runtime {
  jobs: Job[];
  refundAnswers: Map<string, RefundAnswer>;
  lookupAnswers: Map<string, LookupAnswer>;
  parked: Parked | null;
}
const runtimes = new WeakMap<ModelContext, Runtime>();
function runtime(ctx: ModelContext): Runtime {
  let r = runtimes.get(ctx);
  if (!r) {
    r = { jobs: [], refundAnswers: new Map(), lookupAnswers: new Map(), parked: null };
    runtimes.set(ctx, r);
  }
  return r;
}

const answerKey = (worker: string, operationId: unknown) => `${worker}|${String(operationId)}`;


function queue(ctx: ModelContext, job: Job): void {
  // A crashed or stalled A runs nothing (recovery or wake picks it up); B's takeover and A's wake are not A's new work.
  if (ctx.status(WORKER) !== 'up' && job !== 'takeover' && job !== 'wake') return;
  runtime(ctx).jobs.push(job);
}

/** Fault 6: A wakes and its stalled run carries on (inside this step) until it finishes. */
async function wake(ctx: ModelContext): Promise<void> {
  const r = runtime(ctx);
  const parked = r.parked!;
  r.parked = null;
  ctx.setStatus(WORKER, 'up');
  ctx.note(msg('workflow.woke'));
  parked.release();
  await parked.done;
}

/** One incarnation of a worker for a job: its environment, and whether a crash ended it. */
interface Incarnation {
  env: WorkflowEnv;
  crashed: () => CrashSignal | null;
}

/**
 * Worker `worker`'s incarnation for one job: its own database (node-run log, granted epochs),
 * its own process memory, and the thread's durable database (A's). A's crash points are
 * wrapped so a CrashSignal marks the incarnation dead before LangGraph can save anything
 * more; B has no crash points of its own (the palette's crashes are A's), so it runs without.
 */
function incarnation(ctx: ModelContext, worker: string, hooks: Pick<WorkflowEnv, 'stall'> = {}): Incarnation {
  let crash: CrashSignal | null = null;
  const inner = worker === WORKER ? ctx.faults(WORKER) : noFaults;
  const faults: FaultPoints = {
    reach: (point) => {
      try {
        inner.reach(point);
      } catch (error) {
        if (error instanceof CrashSignal) crash ??= error;
        throw error;
      }
    },
  };
  const r = runtime(ctx);
  const env: WorkflowEnv = {
    worker,
    workerStore: ctx.store(worker),
    threadStore: ctx.store(WORKER),
    memoryStore: ctx.store(MEMORY_OF[worker]!),
    shop: ctx.store(SHOP),
    vendor: ctx.store(VENDOR),
    clock: ctx.clock,
    faults,
    alive: () => crash === null && (worker !== WORKER || ctx.status(WORKER) === 'up'),
    design: ctx.switches.recovery as RecoveryDesign,
    epochCheck: (ctx.switches.epoch_check ?? 'held') as EpochCheck,
    unknownOutcome: ctx.switches.unknown_outcome === 'leave' ? 'leave' : 'look_up',
    // LangGraph's ids stored by sequence; the table lives in ctx.memo, so undo restores it with the databases.
    naming: sequenceNaming(ctx.memo('langgraph_ids', newIdTable)),
    consume: (fault) => ctx.consume(fault),
    ...hooks,
    sendRefund: (request) => {
      ctx.send(worker, PROVIDER, 'lg_refund_request', { ...request });
      ctx.settle();
      const key = answerKey(worker, request.operationId);
      const answer = r.refundAnswers.get(key) ?? null;
      r.refundAnswers.delete(key);
      return answer;
    },
    sendLookup: (operationId) => {
      ctx.send(worker, PROVIDER, 'lg_lookup_request', { operationId });
      ctx.settle();
      const key = answerKey(worker, operationId);
      const answer = r.lookupAnswers.get(key) ?? null;
      r.lookupAnswers.delete(key);
      return answer;
    },
    note: (key, params) => ctx.note(msg(key, params)),
  };
  return { env, crashed: () => crash };
}

/** A crashed A's process memory dies with it; a run that threw without a crash is a failure, narrated. */
function settleFailure(ctx: ModelContext, a: Incarnation, error: unknown): void {
  const crash = a.crashed();
  if (crash) {
    // The process died: what it kept only in memory dies with it.
    forgetProcessMemory(ctx.store(MEMORY));
    throw crash;
  }
  if (error instanceof CrashSignal) throw error;
  // A node failure (not a crash): LangGraph saved the error and the siblings' writes; the run waits for a retry.
  ctx.note(msg('workflow.run_failed', { why: failureReason(error) }));
}

/**
 * Runs one job: as one incarnation of worker A, as worker B (`takeover`), or as both (`race`,
 * fault 5: A and B each their own incarnation). A crash of A inside it abandons A's graph. If
 * A's submit node stalls (fault 6), the job returns with the run parked and A paused; `wake`
 * finishes it in a later step.
 */
async function runJob(ctx: ModelContext, job: Job): Promise<void> {
  const lg = await loadEngine();
  if (job === 'wake') return wake(ctx);
  const r = runtime(ctx);
  if (job === 'race') {
    const a = incarnation(ctx, WORKER);
    const b = incarnation(ctx, WORKER_B);
    // Both runs have settled when this returns (allSettled): nothing of either goes on after the step.
    const failures = await lg.resumeTwice(a.env, b.env);
    if (a.crashed()) settleFailure(ctx, a, a.crashed());
    for (const f of failures) {
      if (f.error instanceof CrashSignal) throw f.error;
      ctx.note(msg('workflow.run_failed_on', { worker: f.worker, why: failureReason(f.error) }));
    }
    return;
  }
  const worker = job === 'takeover' ? WORKER_B : WORKER;
  let parkedSignal: (() => void) | null = null;
  const parked = new Promise<'parked'>((resolve) => { parkedSignal = () => resolve('parked'); });
  let release: () => void = () => {};
  let stalledIn = '';
  const run = incarnation(ctx, worker, {
    stall: (node) => {
      if (worker !== WORKER || !ctx.consume('stall_after_check')) return null;
      stalledIn = node;
      parkedSignal?.();
      return new Promise<void>((resolve) => { release = resolve; });
    },
  });
  const finished = (async () => {
    try {
      if (job === 'start') await lg.startRun(run.env);
      else if (job === 'resume') await lg.resumeRun(run.env);
      else if (job === 'takeover') await lg.takeOverRun(run.env);
      else await lg.recover(run.env);
    } catch (error) {
      settleFailure(ctx, run, error);
    }
  })();
  if ((await Promise.race([finished.then(() => 'done' as const), parked])) === 'parked') {
    // By the time the submit node runs, the checkpoint before it is saved (workflow.test.ts checks that nothing of
    // the parked run writes after the step), so the step's databases are final.
    r.parked = { node: stalledIn, release: () => release(), done: finished };
    ctx.setStatus(WORKER, 'paused');
  }
}

/**
 * The store holding worker A's thread: its database under the designs that keep checkpoints
 * durably, else its process memory.
 */
const threadStoreOf = (ctx: ModelContext) => (ctx.switches.recovery === 'all_three' || ctx.switches.recovery === 'current_node' ? WORKER : MEMORY);

/**
 * Where A's thread stands by LangGraph's own account, kept in `ctx.memo` so a checkpoint of
 * the World holds it as of its step. Only a job changes the checkpoint tables, so it is read
 * again after every job (crashed or parked included); a step without one leaves it true.
 */
const position = (ctx: ModelContext) => ctx.memo<ThreadPosition>('langgraph_thread', noPosition);

/**
 * Reads A's thread with a graph of its own that runs nothing: compiled by the same code,
 * over the design's saver, with LangGraph's ids translated as the workers' are. It reads
 * even after A's incarnation died (alive), and reaches no fault point.
 */
async function readPosition(ctx: ModelContext, lg: Engine): Promise<void> {
  const env: WorkflowEnv = { ...incarnation(ctx, WORKER).env, faults: noFaults, alive: () => true };
  Object.assign(position(ctx), await lg.readThread(env));
}

/** Intents not decided yet (LG-END-1), or decided in a way the ledger contradicts. */
function undecided(ctx: ModelContext): Message[] {
  const ledger = refundsPerReference(ctx.store(PROVIDER));
  return listOperations(ctx.store(SHOP)).flatMap((op) => {
    const refunds = ledger[op.operationId] ?? 0;
    if (op.status === 'CONFIRMED' || op.status === 'REJECTED') {
      const expected = op.status === 'CONFIRMED' ? 1 : 0;
      return refunds === expected ? [] : [msg('violations.workflow.ledger_disagrees', { operation: op.operationId, status: op.status, count: refunds })];
    }
    if (op.status === 'UNKNOWN' && op.reconciliation !== null) return [];
    return [msg('violations.workflow.undecided', { operation: op.operationId, status: op.status })];
  });
}

/** An approved refund whose run has not reached an intent or a refusal, or a run stalled inside a node (LG-END-1). */
function unfinishedRun(ctx: ModelContext): Message[] {
  const shop = ctx.store(SHOP);
  const out: Message[] = [];
  if (runtime(ctx).parked) out.push(msg('violations.workflow.run_stalled'));
  if (runStarted(ctx.store(WORKER)) && approvalsGranted(shop, ORDER_ID) > 0 && intentCount(shop) === 0 && latestRefusal(shop) === null) {
    out.push(msg('violations.workflow.approved_run_unfinished'));
  }
  return out;
}

function waitingForApproval(ctx: ModelContext): boolean {
  return approvalRequests(ctx.store(WORKER)) > approvalsGranted(ctx.store(SHOP), ORDER_ID);
}

export const workflowModel: Model<WorkflowAction> & AsyncModelHooks = {
  id: 'workflow',
  switches: [{
    key: 'recovery',
    label: 'What survives a crash of worker A',
    options: [
      { value: 'messages_only', label: 'only the chat messages (no checkpoints, no key)', presented: 'wrong' },
      { value: 'current_node', label: 'LangGraph checkpoints in A\'s database, no idempotency key', presented: 'wrong' },
      { value: 'key_only', label: 'the intent key; checkpoints only in process memory', presented: 'wrong' },
      { value: 'all_three', label: 'durable checkpoints + the intent key + approval as a durable pause', presented: 'right' },
    ],
    default: 'all_three',
  }, {
    key: 'epoch_check',
    label: 'What the submit node compares with the shop\'s owner epoch before it sends',
    options: [
      { value: 'held', label: 'the epoch the shop granted this worker', presented: 'right' },
      { value: 'read', label: 'the epoch it has just read from the shop', presented: 'wrong' },
    ],
    default: 'held',
  }, {
    key: 'unknown_outcome',
    label: 'When the provider\'s answer does not come back, the run',
    options: [
      { value: 'look_up', label: 'goes on to reconcile: a lookup, or a person', presented: 'right' },
      { value: 'leave', label: 'ends with the outcome UNKNOWN', presented: 'wrong' },
    ],
    default: 'look_up',
  }],
  faultPoints: [
    { point: 'workflow.after_model_answer', node: WORKER, label: 'after the model answered, before the node returned' },
    { point: 'workflow.before_submit', node: WORKER, label: 'in the submit node, before the refund is sent' },
    { point: 'workflow.after_provider_answer', node: WORKER, label: 'after the provider answered, before the result is saved' },
    { point: 'checkpoint.before_writes_commit', node: WORKER, label: 'before a task\'s writes commit (LangGraph saver)' },
    { point: 'checkpoint.before_put_commit', node: WORKER, label: 'before a checkpoint commits (LangGraph saver)' },
    { point: ProviderFaultPoint.beforeCommit, node: PROVIDER, label: 'provider, before its refund commits' },
  ],
  modelFaults: ['shop_unavailable', 'lose_response', 'stall_after_check'],
  nodes: () => [
    { id: WORKER, kind: 'worker', label: msg('view.workflow.node.A'), schema: CHECKPOINT_SCHEMA + WORKER_LOG_SCHEMA + CLAIM_SCHEMA },
    // B's own database: its node-run log and the epochs granted to it (its chat / approval tables stay empty: the thread's are A's).
    { id: WORKER_B, kind: 'worker', label: msg('view.workflow.node.B'), schema: WORKER_LOG_SCHEMA + CLAIM_SCHEMA },
    // A's in-process checkpointer: forgetProcessMemory empties it in the step A crashes.
    { id: MEMORY, kind: 'service', label: msg('view.workflow.node.memory'), schema: CHECKPOINT_SCHEMA, memoryOf: WORKER },
    { id: MEMORY_B, kind: 'service', label: msg('view.workflow.node.memory_b'), schema: CHECKPOINT_SCHEMA, memoryOf: WORKER_B },
    { id: SHOP, kind: 'service', label: msg('view.workflow.node.shop'), schema: SHOP_SCHEMA + STATUS_WRITE_SCHEMA },
    { id: PROVIDER, kind: 'provider', label: msg('view.workflow.node.provider'), schema: PROVIDER_SCHEMA },
    { id: VENDOR, kind: 'service', label: msg('view.workflow.node.vendor'), schema: VENDOR_SCHEMA },
  ],
  edges: [
    { from: WORKER, to: SHOP, label: msg('view.workflow.edge.intent_status') },
    { from: WORKER, to: PROVIDER, label: msg('view.workflow.edge.refund_lookup') },
    { from: WORKER, to: VENDOR, label: msg('view.workflow.edge.model_calls') },
    { from: WORKER, to: MEMORY, label: msg('view.workflow.edge.memory') },
    { from: WORKER_B, to: WORKER, label: msg('view.workflow.edge.takeover') },
    { from: WORKER_B, to: SHOP, label: msg('view.workflow.edge.intent_status') },
    { from: WORKER_B, to: MEMORY_B, label: msg('view.workflow.edge.memory') },
    { from: WORKER_B, to: PROVIDER, label: msg('view.workflow.edge.refund_lookup') },
  ],

  validateInitial(initial) {
    if (typeof initial !== 'object' || initial === null) return 'the starting state must be an object';
    const amount = (initial as { amount_cents?: unknown }).amount_cents;
    return amount === undefined || (Number.isInteger(amount) && (amount as number) > 0) ? null : 'amount_cents must be a positive integer';
  },

  setup(ctx, initial) {
    const amount = Number(initial.amount_cents ?? 10000);
    setupShop(ctx.store(SHOP), { orderId: ORDER_ID, tenant: 'shop-1', balanceCents: amount }, { approval_ttl: 1000 });
  },

  parseAction: parseWorkflowAction,

  precondition(ctx, action) {
    const started = runStarted(ctx.store(WORKER));
    switch (action.type) {
      case 'ask':
        if (ctx.status(WORKER) !== 'up') return msg('refusals.workflow.worker_down');
        return started ? msg('refusals.workflow.already_asked') : null;
      case 'approve':
        return waitingForApproval(ctx) ? null : msg('refusals.workflow.no_one_waiting');
      case 'duplicate_approval':
        return approvalsGranted(ctx.store(SHOP), ORDER_ID) > 0 ? null : msg('refusals.workflow.no_approval_given');
      case 'retry':
        return ctx.status(WORKER) === 'up' ? null : msg('refusals.workflow.worker_down');
      case 'grant':
      case 'approve_to_two':
        return waitingForApproval(ctx) ? null : msg('refusals.workflow.no_one_waiting');
      case 'expire':
        // Only an open approval can run out; narrating an expiry of nothing would not be the shop's state.
        return latestApproval(ctx.store(SHOP))?.status === 'granted' ? null : msg('refusals.workflow.no_open_approval');
      case 'edit_order':
        return null;
      case 'resubmit_changed':
        return latestOperation(ctx.store(SHOP)) ? null : msg('refusals.workflow.no_intent');
      case 'stall_after_check':
        return ctx.status(WORKER) === 'up' ? null : msg('refusals.workflow.worker_not_running');
      case 'takeover': {
        if (!runtime(ctx).parked) return msg('refusals.workflow.nobody_stalled');
        if (ctx.switches.recovery !== 'all_three' && ctx.switches.recovery !== 'current_node') {
          return msg('refusals.workflow.memory_only');
        }
        return latestOperation(ctx.store(SHOP))?.owner === WORKER_B ? msg('refusals.workflow.b_owns') : null;
      }
      case 'wake':
        return runtime(ctx).parked ? null : msg('refusals.workflow.worker_not_stalled');
      default:
        return null;
    }
  },

  apply(ctx, action) {
    switch (action.type) {
      case 'ask':
        queue(ctx, 'start');
        return;
      case 'approve':
      case 'grant':
      case 'approve_to_two': {
        const id = nextApprovalId(ctx.store(SHOP));
        grantApproval(ctx.store(SHOP), ctx.clock, id, ORDER_ID, orderBalance(ctx.store(SHOP), ORDER_ID), 1000);
        ctx.note(msg('workflow.approval_event', { approval: id }));
        if (action.type !== 'grant') queue(ctx, action.type === 'approve' ? 'resume' : 'race');
        return;
      }
      case 'expire':
        expireApprovalNow(ctx.store(SHOP), ctx.clock, latestApproval(ctx.store(SHOP))!.approvalId);
        ctx.note(msg('workflow.approval_expired'));
        return;
      case 'edit_order':
        editOrder(ctx.store(SHOP), ORDER_ID);
        ctx.note(msg('workflow.order_edited'));
        return;
      case 'resubmit_changed': {
        const op = latestOperation(ctx.store(SHOP))!;
        const result = resubmitIntent(ctx.store(SHOP), ctx.clock, op.operationId, CALLER, op.amountCents + 1);
        ctx.note(msg('workflow.resubmitted', { code: result.code }));
        return;
      }
      case 'duplicate_approval':
        ctx.note(msg('workflow.duplicate_approval'));
        queue(ctx, 'resume');
        return;
      case 'retry':
        queue(ctx, 'resume');
        return;
      case 'shop_unavailable':
      case 'lose_response':
        ctx.arm(action.type);
        return;
      case 'stall_after_check':
        ctx.arm(action.type);
        ctx.note(msg('workflow.stall_armed'));
        return;
      case 'takeover': {
        const op = latestOperation(ctx.store(SHOP))!;
        const epoch = takeOver(ctx.store(SHOP), op.operationId, WORKER_B);
        // The shop granted B the new epoch: B keeps it as its token.
        recordClaim(ctx.store(WORKER_B), op.operationId, epoch);
        ctx.note(msg('workflow.taken_over', { operation: op.operationId, epoch }));
        queue(ctx, 'takeover');
        return;
      }
      case 'wake':
        queue(ctx, 'wake');
        return;
    }
  },

  receive(ctx, frame: Frame) {
    const body = frame.body as Record<string, unknown>;
    if (frame.to === PROVIDER && frame.kind === 'lg_refund_request') {
      const request = {
        idemKey: (body.idemKey as string | null) ?? null, reference: String(body.operationId), amountCents: Number(body.amountCents),
        paramDigest: String(body.paramDigest), expiresAt: ctx.clock.now + 1000,
      };
      const answer = providerRefund(ctx.store(PROVIDER), ctx.clock, ctx.faults(PROVIDER), CAPS, request);
      ctx.note(msg('workflow.provider_answers', { status: answer.status, replayed: answer.status === 'OK' && answer.replayed }));
      if (ctx.consume('lose_response')) {
        ctx.note(msg('workflow.answer_lost'));
        return;
      }
      ctx.send(PROVIDER, frame.from, 'lg_refund_response', { operationId: body.operationId, answer });
    } else if (frame.to === PROVIDER && frame.kind === 'lg_lookup_request') {
      const answer = providerLookup(ctx.store(PROVIDER), ctx.clock, CAPS, String(body.operationId));
      ctx.send(PROVIDER, frame.from, 'lg_lookup_response', { operationId: body.operationId, answer });
    } else if (frame.kind === 'lg_refund_response') {
      runtime(ctx).refundAnswers.set(answerKey(frame.to, body.operationId), body.answer as RefundAnswer);
    } else if (frame.kind === 'lg_lookup_response') {
      runtime(ctx).lookupAnswers.set(answerKey(frame.to, body.operationId), body.answer as LookupAnswer);
    }
  },

  afterAdvance() {},

  afterRestart(ctx, node) {
    if (node === WORKER) queue(ctx, 'recover');
  },

  takeJob(ctx) {
    const job = runtime(ctx).jobs.shift();
    // Whatever the job did — finished, failed, crashed or parked — the thread is read after it.
    return job ? () => runJob(ctx, job).finally(async () => readPosition(ctx, await loadEngine())) : null;
  },

  describeAction: describeWorkflowAction,

  observe(ctx) {
    const worker = ctx.store(WORKER);
    const op = latestOperation(ctx.store(SHOP));
    const calls = modelCalls(ctx.store(VENDOR));
    const byWorker = { [WORKER]: nodeRuns(worker), [WORKER_B]: nodeRuns(ctx.store(WORKER_B)) };
    const runs = (node: string) => (byWorker[WORKER][node] ?? 0) + (byWorker[WORKER_B][node] ?? 0);
    return {
      design: ctx.switches.recovery,
      epoch_check: ctx.switches.epoch_check ?? 'held',
      ledger_count: ledgerCount(ctx.store(PROVIDER)),
      refunds_per_intent: refundsPerReference(ctx.store(PROVIDER)),
      status: op?.status ?? 'NONE',
      model_calls: calls.length,
      model_cost_cents: calls.reduce((sum, c) => sum + c.costCents, 0),
      model_answers: calls.map((c) => c.answer),
      node_runs: Object.fromEntries(NODES.map((n) => [n, runs(n)])),
      node_runs_by_worker: byWorker,
      approval_requests: approvalRequests(worker),
      repeated_approval_requests: repeatedApprovalRequests(worker),
      waiting_for_approval: waitingForApproval(ctx),
      run_stalled: runtime(ctx).parked !== null,
      owner: op ? `${op.owner}@${op.ownerEpoch}` : null,
      durable_checkpoints: checkpointCount(worker),
      durable_pending_writes: pendingWriteCount(worker),
      memory_checkpoints: checkpointCount(ctx.store(MEMORY)),
      saved_sibling_writes: latestPendingWrites(ctx.switches.recovery === 'all_three' || ctx.switches.recovery === 'current_node' ? worker : ctx.store(MEMORY)),
      worker: ctx.status(WORKER),
      operations: intentCount(ctx.store(SHOP)),
      last_refusal: latestRefusal(ctx.store(SHOP)),
    };
  },

  invariants: [
    {
      id: 'LG-LEDGER-1',
      statement: 'At most one refund per intent: the provider\'s ledger holds at most one row per operation.',
      rule: 'SPEC 9.5, 9.9',
      // Seed 002 §5 (a re-run node repeats its effect unless business dedupe stops it) and §9 (the ledger decides).
      rules: ['M07-5', 'M07-9'],
      check: (ctx) => Object.entries(refundsPerReference(ctx.store(PROVIDER)))
        .filter(([, n]) => n > 1).map(([ref, n]) => msg('violations.workflow.refunded_times', { operation: ref, count: n })),
    },
    {
      id: 'LG-APPROVAL-1',
      statement: 'An approval once given is never asked for again (the pause survives a crash).',
      rule: 'SPEC 9.5, 9.6',
      // Seed 002 §5: an external key alone can still lose the execution state and the approval.
      rules: ['M07-5'],
      check: (ctx) => {
        const n = repeatedApprovalRequests(ctx.store(WORKER));
        return n > 0 ? [msg('violations.workflow.asked_again', { count: n })] : [];
      },
    },
    {
      id: 'LG-FENCE-1',
      statement: 'Only the intent\'s owner moves it: every status change a worker makes in the shop is made by the worker the intent names, under the epoch the shop granted it.',
      rule: 'SPEC 9.7, MWP-WRK-019',
      // Seed 002 §7 (the resource refuses a write from a lower generation) and MWP-WRK-019 (a late result is evidence, not authority).
      rules: ['M07-7', 'MWP-WRK-019'],
      check: (ctx) => writesByNonOwners(ctx.store(SHOP)).map((w) => msg('violations.workflow.non_owner_write', {
        worker: w.writer, event: w.event, operation: w.operationId, owner: w.owner, epoch: w.epoch,
      })),
    },
  ],

  endConditions: [
    {
      id: 'LG-END-1',
      statement: 'Every approved refund ends decided: its intent CONFIRMED with exactly one refund in the ledger, REJECTED with none, or UNKNOWN and handed to manual reconciliation — or the shop refused to make the intent; and no run is left stalled inside a node.',
      // Seed 002 §1 (never retrying may never finish: a lookup or a person breaks the tie), §2 (the outcome is the
      // operation's status) and §9 (the ledger decides; what cannot be decided goes to reconciliation).
      rules: ['M07-1', 'M07-2', 'M07-9'],
      check: (ctx) => [...undecided(ctx), ...unfinishedRun(ctx)],
    },
  ],

  /**
   * What the system does by itself, no new fault: a stalled worker wakes (its pause ends);
   * the worker retries its run — LangGraph resumes the thread from its latest checkpoint
   * (after a node failure, or an approval the event of which never reached it) — while an
   * approved refund is not decided. Restarts of a crashed A are the explorer's (A's
   * `afterRestart` then runs the design's own recovery). Nothing here knows the answer: a
   * design that lost its run asks again, and nobody approves twice.
   */
  recoveryMoves(ctx) {
    if (runtime(ctx).parked) return [{ type: 'wake' }];
    if (ctx.status(WORKER) !== 'up') return [];
    // A run waiting at the breakpoint waits for a person: retrying it would resume past an approval nobody gave.
    const owed = approvalsGranted(ctx.store(SHOP), ORDER_ID) > 0 && !waitingForApproval(ctx);
    return owed && (undecided(ctx).length > 0 || unfinishedRun(ctx).length > 0) ? [{ type: 'retry' }] : [];
  },
  // A restart, a resume, a wake, a retry: each a LangGraph run; four moves finish any run the right design leaves.
  recoveryBound: 4,

  machines(ctx) {
    const op = latestOperation(ctx.store(SHOP));
    return [{ id: 'operation', title: op ? msg('view.refund.machine.operation', { id: op.operationId }) : msg('view.refund.machine.no_operation'), machine: operationMachine, state: op?.status ?? '—' }];
  },

  describeNodes(ctx) {
    const worker = ctx.store(WORKER);
    const runs = nodeRuns(worker);
    const runsB = nodeRuns(ctx.store(WORKER_B));
    const op = latestOperation(ctx.store(SHOP));
    const calls = modelCalls(ctx.store(VENDOR));
    return {
      [WORKER]: [
        msg('view.workflow.design', { design: ctx.switches.recovery ?? '' }),
        msg('view.workflow.checkpoints', { checkpoints: checkpointCount(worker), writes: pendingWriteCount(worker) }),
        msg('view.workflow.node_runs', { runs: Object.entries(runs).map(([n, k]) => `${n}×${k}`).join(', ') || '—' }),
        waitingForApproval(ctx) ? msg('view.workflow.paused') : '',
        runtime(ctx).parked ? msg('view.workflow.stalled') : '',
      ].filter(Boolean),
      [WORKER_B]: [
        op?.owner === WORKER_B ? msg('view.workflow.took_over', { id: op.operationId, epoch: op.ownerEpoch }) : msg('view.workflow.idle'),
        ...(Object.keys(runsB).length > 0 ? [msg('view.workflow.node_runs', { runs: Object.entries(runsB).map(([n, k]) => `${n}×${k}`).join(', ') })] : []),
      ],
      [MEMORY]: [msg('view.workflow.memory', { count: checkpointCount(ctx.store(MEMORY)) })],
      [MEMORY_B]: [msg('view.workflow.memory', { count: checkpointCount(ctx.store(MEMORY_B)) })],
      [SHOP]: [op ? msg('view.workflow.op', { id: op.operationId, status: op.status }) : msg('view.workflow.no_intent'), msg('view.workflow.approvals', { count: approvalsGranted(ctx.store(SHOP), ORDER_ID) })],
      [PROVIDER]: [msg('view.workflow.ledger', { count: ledgerCount(ctx.store(PROVIDER)) })],
      [VENDOR]: [msg('view.workflow.billed', { count: calls.length, cents: calls.reduce((s, c) => s + c.costCents, 0) })],
    };
  },

  engineThread(ctx) {
    const store = threadStoreOf(ctx);
    return threadView({
      store, position: position(ctx), checkpoints: checkpointRows(ctx.store(store)),
      started: runStarted(ctx.store(WORKER)), running: runtime(ctx).parked ? [runtime(ctx).parked!.node] : [],
    });
  },

  engineCheckpoints(store) {
    return store.tables().includes('lg_checkpoint') ? { table: 'lg_checkpoint', rows: checkpointRows(store) } : null;
  },

  enabled(ctx) {
    return WORKFLOW_ACTIONS.map((type) => ({ type })).filter((a) => this.precondition(ctx, a) === null);
  },

  // Search hooks (src/sim/explorer). The databases hold the logical state (LangGraph's ids are stored by
  // sequence; its timestamps are dropped); a run parked in its submit node lives outside them, so it is part
  // of the state too — and while it is there the World is not `quiet` (undo cannot bring a promise back).
  fingerprint(ctx) {
    const text = workflowStateText({
      worker: ctx.store(WORKER), memory: ctx.store(MEMORY), workerB: ctx.store(WORKER_B), memoryB: ctx.store(MEMORY_B),
      shop: ctx.store(SHOP), provider: ctx.store(PROVIDER), vendor: ctx.store(VENDOR),
    }, ctx.clock.now);
    return `${text}|parked:${runtime(ctx).parked !== null}`;
  },

  quiet(ctx) {
    const r = runtime(ctx);
    return r.parked === null && r.jobs.length === 0 && r.refundAnswers.size === 0 && r.lookupAnswers.size === 0;
  },
};

/** Why a run failed, in words of the catalog where the engine's error is one the lab raises; else its own text. */
function failureReason(error: unknown): Message | string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'AbandonedRunError') return msg('reasons.workflow.abandoned');
  if (name === 'ShopUnavailableError') return msg('reasons.workflow.shop_unavailable');
  if (name === 'NotOwnerError') return msg('reasons.workflow.not_owner');
  return error instanceof Error ? error.message : String(error);
}
