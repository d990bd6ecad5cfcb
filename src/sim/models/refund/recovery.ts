/**
 * Liveness of the refund labs (src/sim/explorer/recover.ts): what "settled" means, and the
 * moves the system makes by itself to get there. Settled: every intent is decided
 * (CONFIRMED, REJECTED) or handed to a person (seed 002 §1, §2, §9: an undecidable outcome
 * goes to reconciliation), and no stalled worker still holds a send. The ledger matching a
 * decided status is safety (REF-1, REF-4), checked at every step, recovery included. The moves are the design's
 * own, under its switches: a stalled worker resumes, and the operation's owner follows its
 * executor's plan (its retry, lookup or resend; a wait for its timeout or for the send
 * deadline) — a design that never retries stays stuck, as it is written.
 */
import { heldSend } from '../../../core/effects/attempts';
import { listOperations, latestOperation, type Operation } from '../../../core/effects/shop';
import { msg } from '../../../core/message';
import type { EndCondition, ModelContext } from '../../model';
import { WORKERS, type RefundAction, type WorkerId } from './actions';
import { planOf, SHOP } from './wiring';

/** Not decided and not handed to a person. */
const open = (op: Operation) => (op.status === 'PREPARED' || op.status === 'SUBMITTED' || op.status === 'UNKNOWN') && op.reconciliation === null;
const ownerOf = (op: Operation): WorkerId | null => WORKERS.find((w) => w === op.owner) ?? null;

/** A frame for `operationId` is on the network (a request, a lookup or an answer still to land). */
function inFlightFor(ctx: ModelContext, operationId: string): boolean {
  return ctx.network.inFlight.some((f) => f.body.operationId === operationId);
}

export const refundEndConditions: EndCondition[] = [
  {
    id: 'REF-END-1',
    statement: 'Every intent ends decided — CONFIRMED or REJECTED — or handed to a person for manual reconciliation: none is left PREPARED, SUBMITTED or UNKNOWN.',
    // Never retrying may never finish (§1); what cannot be decided goes to a person (§2, §9).
    // Whether the ledger matches a decided status is REF-1's and REF-4's (safety) business.
    rules: ['M07-1', 'M07-2', 'M07-9'],
    check: (ctx) => listOperations(ctx.store(SHOP)).filter(open).map((op) => {
      const owner = ownerOf(op);
      const planned = owner !== null && ctx.status(owner) !== 'crashed' && planOf(ctx, owner).length > 0;
      // Say which: nothing at all will move it, or it is merely not there yet.
      return planned || inFlightFor(ctx, op.operationId) || op.status === 'PREPARED'
        ? msg('violations.refund.undecided', { operation: op.operationId, status: op.status })
        : msg('violations.refund.stuck', { operation: op.operationId, status: op.status });
    }),
  },
  {
    id: 'REF-END-2',
    statement: 'No stalled worker still holds a send: a late request that can still go out is not settled.',
    // No rule cited: the environment always resumes a stalled worker, so no design breaks it;
    // it keeps "settled" from being declared while a late send is still to come.
    rules: [],
    check: (ctx) => WORKERS.flatMap((w) => {
      const held = heldSend(ctx.store(w));
      return held ? [msg('violations.refund.holds_send', { worker: w, operation: held.operationId, epoch: held.epoch })] : [];
    }),
  },
];

/** The clock move to `until` (at least one tick: a timer already due fires on the next move). */
const advanceTo = (ctx: ModelContext, until: number) => ({ type: 'advance', by: Math.max(1, until - ctx.clock.now) }) as unknown as RefundAction;

/**
 * A stalled worker resumes (its held send goes out, or its check refuses it); then the
 * operation's owner does what its executor plans. The advance is a World action: the World
 * takes it from the same list (the cast is the only place a clock move poses as a model action).
 */
export function refundRecoveryMoves(ctx: ModelContext): RefundAction[] {
  const moves: RefundAction[] = WORKERS.filter((w) => ctx.status(w) === 'paused').map((worker) => ({ type: 'wake', worker }));
  const op = latestOperation(ctx.store(SHOP));
  const owner = op ? ownerOf(op) : null;
  if (!owner || ctx.status(owner) !== 'up') return moves;
  for (const step of planOf(ctx, owner)) moves.push(step.type === 'retry' ? { type: 'retry', worker: owner } : advanceTo(ctx, step.until));
  return moves;
}
