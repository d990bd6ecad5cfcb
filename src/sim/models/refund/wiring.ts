/**
 * Wiring between the World and the refund executor in src/core/executor: builds the
 * executor's environment from the World (stores, clock, the worker's crash points, the
 * design switches, the provider's contract) and performs the effects it returns — frames
 * onto the network, notes into the trace, a stall. No protocol decisions are made here.
 */
import type { ProviderCapabilities } from '../../../core/effects/provider';
import { handwrittenExecutor } from '../../../core/executor/handwritten';
import { frameBody } from '../../../core/executor/frames';
import type { Effects, ExecutorDesign, ExecutorEnv, RecoveryStep, RefundExecutor } from '../../../core/executor/types';
import { shopSetting } from '../../../core/effects/reads';
import { msg } from '../../../core/message';
import type { ModelContext } from '../../model';
import type { WorkerId } from './actions';
import { MISSION } from './initial';

export const SHOP = 'shop';
export const PROVIDER = 'provider';
export const KV = 'kv';

export const NetFault = { loseRequest: 'net.lose_request', loseResponse: 'net.lose_response' } as const;

export function capabilities(ctx: ModelContext): ProviderCapabilities {
  const s = ctx.switches;
  return {
    idempotency: s.idempotency === 'on', lookup: s.lookup === 'on', retention: s.retention === 'forever' ? null : Number(s.retention),
    approves: s.provider_decision === 'approve', deadline: s.deadline !== 'off',
  };
}

export function design(ctx: ModelContext): ExecutorDesign {
  const s = ctx.switches;
  return {
    retryPolicy: s.retry_policy === 'blind_resend' || s.retry_policy === 'new_key_each_attempt' || s.retry_policy === 'wait_for_answer' ? s.retry_policy : 'reconcile_first',
    keyScheme: s.key_scheme === 'tool_key' ? 'tool_key' : 'operation_id',
    epochCheck: s.fence !== 'off',
    takeover: s.takeover === 'start_fresh' ? 'start_fresh' : 'reconcile_old_epoch',
    refundMode: s.refund_mode === 'local_transaction' || s.refund_mode === 'kv_flag_first' || s.refund_mode === 'kv_flag_after' ? s.refund_mode : 'provider',
  };
}

export const isLocalMode = (ctx: ModelContext) => design(ctx).refundMode !== 'provider';

/** The executor this World runs (one today; a second plugs in here, chosen by a switch). */
export function executorOf(_ctx: ModelContext): RefundExecutor {
  return handwrittenExecutor;
}

function envFor(ctx: ModelContext, worker: WorkerId): ExecutorEnv {
  return {
    worker, workerStore: ctx.store(worker), shop: ctx.store(SHOP), kv: ctx.store(KV), clock: ctx.clock, faults: ctx.faults(worker),
    design: design(ctx), caps: capabilities(ctx), timeout: shopSetting(ctx.store(SHOP), 'timeout_ticks'), mission: MISSION,
  };
}

/** Performs an executor's effects in order (also when a crash point cut the call short). */
function perform(ctx: ModelContext, worker: WorkerId, out: Effects): void {
  for (const effect of out) {
    if (effect.type === 'note') ctx.note(effect.message);
    else if (effect.type === 'stall') ctx.setStatus(worker, 'paused');
    else {
      const frame = ctx.send(worker, PROVIDER, effect.frame.kind, frameBody(effect.frame));
      if (effect.frame.kind === 'refund_request' && ctx.consume(NetFault.loseRequest)) {
        ctx.lose(frame, msg('refund.request_lost', { worker, operation: effect.frame.operationId, key: effect.frame.idemKey ?? '' }));
      }
    }
  }
}

/** Runs one executor call for `worker` and performs what it decided. */
export function runExecutor(ctx: ModelContext, worker: WorkerId, call: (executor: RefundExecutor, env: ExecutorEnv, out: Effects) => void): void {
  const out: Effects = [];
  try {
    call(executorOf(ctx), envFor(ctx, worker), out);
  } finally {
    perform(ctx, worker, out);
  }
}

/** What `worker`'s executor would do next by itself (its retry and its timers), read without acting. */
export function planOf(ctx: ModelContext, worker: WorkerId): RecoveryStep[] {
  return executorOf(ctx).plan(envFor(ctx, worker));
}
