/**
 * Search hooks of the refund model (src/sim/explorer): the business actions worth trying
 * in a state, and the state's canonical text. The World adds deliveries, drops,
 * duplicates, crash points, restarts and the clock; the model's precondition filters the
 * candidates (see index.ts).
 */
import { latestApproval, refundStateText } from '../../../core/effects/reads';
import { frameBody, parseRefundFrame } from '../../../core/executor/frames';
import type { ModelContext } from '../../model';
import type { Frame } from '../../network';
import { WORKERS, type RefundAction } from './actions';
import { capabilities, KV, PROVIDER, SHOP } from './wiring';

/**
 * Candidate business actions. The card-only tokens (`crash_*_commit`, which bundle a crash
 * and a restart) are left out: the explorer arms crash points and restarts nodes itself.
 * Business edits that no refund design depends on (`edit_order`, `expire`, …) are left to
 * the scripted cards, so the search spends its budget on sends, answers and owners.
 */
export function refundCandidates(ctx: ModelContext): RefundAction[] {
  const byWorker = (['submit', 'retry', 'takeover', 'wake', 'pause_before_dispatch', 'pause_after_fence_check'] as const)
    .flatMap((type) => WORKERS.map((worker) => ({ type, worker })));
  const simple: RefundAction[] = [{ type: 'approve' }, { type: 'resolve_manually' }, { type: 'lose_request' }, { type: 'lose_response' }];
  // One approval is enough for a single intent; more only multiply states that REF-* judges the same way.
  const approved = latestApproval(ctx.store(SHOP)) !== null;
  return [...simple.filter((a) => a.type !== 'approve' || !approved), ...byWorker];
}

export function refundFingerprint(ctx: ModelContext): string {
  return refundStateText({ shop: ctx.store(SHOP), provider: ctx.store(PROVIDER), kv: ctx.store(KV), workers: WORKERS.map((w) => ctx.store(w)) }, ctx.clock.now, capabilities(ctx).retention);
}

/** A frame without its incidental numbering: times relative to now (a passed deadline is just passed). */
export function refundFrameFingerprint(ctx: ModelContext, frame: Frame): string {
  const parsed = parseRefundFrame(frame.kind, frame.body);
  if (typeof parsed === 'string') return `${frame.from}>${frame.to}:${frame.kind}:${JSON.stringify(frame.body)}`;
  const now = ctx.clock.now;
  const canonical = parsed.kind === 'refund_request' ? { ...parsed, expiresAt: Math.max(parsed.expiresAt - now, 0) }
    : parsed.kind === 'lookup_response' && parsed.answer.status === 'NOT_FOUND' ? { ...parsed, answer: { ...parsed.answer, asOf: parsed.answer.asOf - now } }
      : parsed;
  return `${frame.from}>${frame.to}:${JSON.stringify({ kind: canonical.kind, ...frameBody(canonical) })}`;
}
