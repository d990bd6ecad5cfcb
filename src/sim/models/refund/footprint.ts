/**
 * What each refund action touches, for the explorer's partial-order reduction
 * (src/sim/explorer/footprint.ts), read off the model's own code (index.ts, wiring.ts,
 * src/core/executor, src/core/effects). L06's hand-written executor is this model under
 * another name (models/matrix), so it has the same footprints.
 *
 * - A worker's executor step (submit, retry, takeover, a stall, wake, an answer arriving)
 *   writes its worker (attempts, the held send, its status, a crash) and the shop (the
 *   intent, every status change, the balance, a refusal; `timeout_ticks` is read on every
 *   call), and reads the clock (deadlines, timeouts, the times in the history). Its
 *   precondition reads the same: the worker's status and the shop's operation.
 * - A step that may send, in the remote-provider design: with a network that delivers at
 *   once the request is served in the same step, so it writes the provider too (ledger,
 *   dedupe records, its crash points, a lost answer), and an answer without latency comes
 *   back to the same worker. With frames held, sending READS the provider: the frame carries
 *   its incarnation. The single-database designs never send; they write the shop, and the
 *   key-value store in the two wrong orders.
 * - `armed:worker`, a resource of this model's own: the one-shot faults armed for whichever
 *   worker reaches them first — the crash points placed on the worker kind (executor.*,
 *   local.*, kv.*) and the lost request. A step that may take one writes it, so the steps of
 *   two workers that could each take it are never independent (the model cannot see what is
 *   armed, so "may" is every step that reaches a crash point or sends). Arming a crash point
 *   writes every worker node (the World's crash_at for a point on a node kind) and each such
 *   step writes its own worker: they conflict too. `lose_request` writes only this resource.
 * - A step with nothing to do — a submit or a stall whose intent exists (EXISTING), a retry
 *   by a worker that no longer owns the operation, or of a decided, in-flight, waiting or
 *   parked one — writes nothing: it reads its worker's status and the shop. A stall before
 *   the epoch check writes the intent and the held send, and reaches no crash point.
 * - The lost answer (`lose_response`) is armed in the provider: only its answer takes it.
 * - The operator's reconciliation reads the provider's statement and writes the shop; an
 *   approval, its copy or its end and a changed resubmission write the shop against the
 *   clock; an order edit writes the shop alone.
 * - A delivered request (frames held) is served by the provider and answered: it reads its
 *   sender (the answer carries the sender's incarnation — served before the sender crashes
 *   the answer is dead, after it alive). A delivered answer runs its worker's executor: a
 *   refund's answer sends nothing, a lookup's may send again.
 * - A restarted worker settles its open attempts and its operation (recover): no send, no
 *   crash point. Another node's restart changes only its status.
 * - A clock move (afterAdvance) writes the clock, the shop (approvals run out, operations
 *   time out), every worker (each one that is up times out its attempts; whether it is up
 *   is its own status), and the provider only when it forgets dedupe records. No send, no
 *   crash point.
 *
 * Left undeclared (null: touches everything): a clock move while a frame is in flight and
 * the network delivers at once (every answer whose latency has passed arrives in the step
 * and may be sent on), a delivery while the network delivers at once, the card-only
 * `crash_before_commit` / `crash_after_commit` (arms a point for any worker, settles and
 * restarts in one step), a frame kind this model does not send, and a single-database
 * design whose operation is in flight (no state those designs reach: nothing is guessed for
 * it). The World declares its own crash_at, drop and duplicate; cuts and heals are everything.
 */
import type { Footprint, ModelAction, ModelContext } from '../../model';
import type { Frame } from '../../network';
import { latestOperation, ORDER_ID, submitFindsIntent } from '../../../core/effects/shop';
import { WORKERS, type RefundAction, type WorkerId } from './actions';
import { capabilities, design, PROVIDER, SHOP } from './wiring';

/** The faults armed for whichever worker reaches them first (see above). */
const ARMED_FOR_ANY_WORKER = 'armed:worker';

const node = (id: string) => `node:${id}`;

/** What a worker's executor call may do from here, most to least. */
type WorkerStep = 'runs' | 'holds' | 'nothing';

export function footprintRefund(ctx: ModelContext, action: ModelAction): Footprint | null {
  const auto = ctx.switches.network !== 'manual';
  const worker = (WORKERS as readonly unknown[]).includes(action.worker) ? (action.worker as WorkerId) : null;
  switch (action.type) {
    case 'approve':
    case 'duplicate_approval':
    case 'expire':
    case 'resubmit_changed':
      // An approval's grant and end times, a refusal's time: the shop, read against the clock.
      return { reads: ['clock'], writes: [node(SHOP)] };
    case 'edit_order':
      return { reads: [], writes: [node(SHOP)] };
    case 'resolve_manually':
      // The operator reads the provider's statement and settles the shop's record (a deadline against the clock).
      return { reads: ['clock', node(PROVIDER)], writes: [node(SHOP)] };
    case 'lose_request':
      return { reads: [], writes: [ARMED_FOR_ANY_WORKER] };
    case 'lose_response':
      return { reads: [], writes: [node(PROVIDER)] };
    case 'submit':
    case 'retry':
    case 'takeover':
    case 'pause_before_dispatch':
    case 'pause_after_fence_check':
    case 'wake':
      return worker ? workerFootprint(ctx, worker, action as RefundAction, auto) : null;
    case 'deliver':
      return auto ? null : deliverFootprint(ctx, action);
    case 'advance':
      return advanceFootprint(ctx, auto);
    case 'restart': {
      if (typeof action.node !== 'string') return null;
      const restarted = (WORKERS as readonly string[]).includes(action.node);
      // A worker's recovery settles its attempts and its operation; other nodes have none.
      return restarted ? { reads: ['clock'], writes: [node(action.node), node(SHOP)] } : { reads: [], writes: [node(action.node)] };
    }
    default:
      return null;
  }
}

/** A business action of one worker (its precondition reads its status and the shop). */
function workerFootprint(ctx: ModelContext, worker: WorkerId, action: RefundAction, auto: boolean): Footprint | null {
  const step = stepOf(ctx, worker, action);
  if (step === 'nothing') return { reads: ['clock', node(worker), node(SHOP)], writes: [] };
  // The intent (or a refusal) in the shop, the held send and the stall in the worker.
  if (step === 'holds') return { reads: ['clock'], writes: [node(worker), node(SHOP)] };
  const runs = executorFootprint(ctx, worker, auto);
  if (!runs || action.type !== 'wake' || !auto) return runs;
  // Waking takes the answers that waited for it: each is handed over in this step.
  const waiting = ctx.network.inFlight.filter((f) => f.to === worker).map((f) => `frame:${f.id}`);
  if (waiting.length === 0) return runs;
  return { reads: runs.reads, writes: [...new Set([...runs.writes, ...waiting, node(PROVIDER)])] };
}

/**
 * An executor call for `worker` that may do anything its design does: the worker, the shop,
 * a one-shot fault armed for any worker, the key-value store in the two wrong orders, and a
 * send to the provider in the remote design.
 */
function executorFootprint(ctx: ModelContext, worker: WorkerId, auto: boolean): Footprint | null {
  const mode = design(ctx).refundMode;
  const writes = [node(worker), node(SHOP), ARMED_FOR_ANY_WORKER];
  if (mode === 'kv_flag_first' || mode === 'kv_flag_after') writes.push(node('kv'));
  if (mode !== 'provider') {
    // The single-database designs never send: their operation goes PREPARED → CONFIRMED in
    // one transaction. One in flight is no state they reach; nothing is claimed for it.
    const status = latestOperation(ctx.store(SHOP))?.status;
    return status === 'SUBMITTED' || status === 'UNKNOWN' ? null : { reads: ['clock'], writes };
  }
  return auto ? { reads: ['clock'], writes: [...writes, node(PROVIDER)] } : { reads: ['clock', node(PROVIDER)], writes };
}

/** What `action` of `worker` does from here, read off the executor's branches (handwritten.ts). */
function stepOf(ctx: ModelContext, worker: WorkerId, action: RefundAction): WorkerStep {
  const shop = ctx.store(SHOP);
  switch (action.type) {
    case 'submit':
    case 'pause_after_fence_check':
      return submitFindsIntent(shop, ORDER_ID) ? 'nothing' : 'runs';
    case 'pause_before_dispatch':
      // A new intent, then the stall before any crash point or send.
      return submitFindsIntent(shop, ORDER_ID) ? 'nothing' : 'holds';
    case 'retry': {
      const op = latestOperation(shop);
      if (!op || op.owner !== worker) return 'nothing';
      if (design(ctx).refundMode !== 'provider') return 'runs';
      if (op.status === 'CONFIRMED' || op.status === 'REJECTED' || op.status === 'SUBMITTED') return 'nothing';
      if (op.status === 'UNKNOWN') {
        const policy = design(ctx).retryPolicy;
        // Waiting for an answer, or parked for a person, under the policies that look first.
        if (policy === 'wait_for_answer' || (policy === 'reconcile_first' && op.reconciliation !== null)) return 'nothing';
      }
      return 'runs';
    }
    default:
      return 'runs';
  }
}

/**
 * A clock move (afterAdvance): the provider forgets dedupe records past their retention
 * (none when it keeps them forever), approvals run out in the shop, and each worker that is
 * up times out its unanswered attempts (its own database and the shop; no send, no crash
 * point). With a network that delivers at once it also hands over every answer whose
 * latency has passed, which may send again: then it is not declared.
 */
function advanceFootprint(ctx: ModelContext, auto: boolean): Footprint | null {
  if (auto && ctx.network.inFlight.length > 0) return null;
  const writes = ['clock', node(SHOP), ...WORKERS.map(node)];
  if (capabilities(ctx).retention !== null) writes.push(node(PROVIDER));
  return { reads: [], writes };
}

/** Delivering one held frame (the network holds frames: nothing else arrives in the step). */
function deliverFootprint(ctx: ModelContext, action: ModelAction): Footprint | null {
  if (typeof action.frame !== 'number') return null;
  const frame: Frame | undefined = ctx.network.find(action.frame);
  if (!frame) return null;
  const id = `frame:${frame.id}`;
  if (frame.to === PROVIDER && (frame.kind === 'refund_request' || frame.kind === 'lookup_request')) {
    // The provider serves it (ledger, dedupe records, its crash points, a lost answer) and
    // answers the sender: the answer carries the sender's incarnation. Deadlines and latency read the clock.
    return { reads: ['clock', node(frame.from)], writes: [node(PROVIDER), id] };
  }
  const worker = WORKERS.find((w) => w === frame.to);
  if (!worker) return null;
  if (frame.kind === 'refund_response') {
    // The answer is saved (a crash point armed for any worker comes first); nothing is sent.
    return { reads: ['clock'], writes: [node(worker), node(SHOP), ARMED_FOR_ANY_WORKER, id] };
  }
  if (frame.kind === 'lookup_response') {
    // A lookup's answer may settle the operation or send it again.
    const runs = executorFootprint(ctx, worker, false);
    return runs ? { reads: runs.reads, writes: [...runs.writes, id] } : null;
  }
  return null;
}
