/**
 * Liveness of the refund labs (src/sim/explorer/recover.ts): what "settled" means, and the
 * moves the system makes by itself to get there. Settled: every intent is decided — the
 * ledger matches its CONFIRMED or REJECTED, or it is handed to a person (seed 002 §1, §9:
 * an undecidable outcome goes to reconciliation) — nothing waits for an answer that
 * nothing will bring, and no stalled worker still holds a send. The moves are the design's
 * own, under its switches: a stalled worker resumes, and the operation's owner follows its
 * executor's plan (its retry, lookup or resend; a wait for its timeout or for the send
 * deadline) — a design that never retries stays stuck, as it is written.
 */
import { heldSend } from '../../../core/effects/attempts';
import { listOperations, latestOperation, type Operation } from '../../../core/effects/shop';
import { msg } from '../../../core/message';
import type { EndCondition, ModelContext } from '../../model';
import { WORKERS, type RefundAction, type WorkerId } from './actions';
import { refundsByOperation } from './view';
import { planOf, SHOP } from './wiring';

const undecided = (op: Operation) => (op.status === 'SUBMITTED' || op.status === 'UNKNOWN') && op.reconciliation === null;
const ownerOf = (op: Operation): WorkerId | null => WORKERS.find((w) => w === op.owner) ?? null;

/** A frame for `operationId` is on the network (a request, a lookup or an answer still to land). */
function inFlightFor(ctx: ModelContext, operationId: string): boolean {
  return ctx.network.inFlight.some((f) => f.body.operationId === operationId);
}

export const refundEndConditions: EndCondition[] = [
  {
    id: 'REF-END-1',
    statement: 'Nothing waits for an answer that nothing will bring: a SUBMITTED or UNKNOWN operation not handed to a person has a frame in flight or a next move of its owner (a retry, a lookup, a timeout).',
    rules: ['M07-1', 'M07-2'],
    check: (ctx) => listOperations(ctx.store(SHOP)).filter(undecided).filter((op) => {
      const owner = ownerOf(op);
      const planned = owner !== null && ctx.status(owner) !== 'crashed' && planOf(ctx, owner).length > 0;
      return !planned && !inFlightFor(ctx, op.operationId);
    }).map((op) => msg('violations.refund.stuck', { operation: op.operationId, status: op.status })),
  },
  {
    id: 'REF-END-2',
    statement: 'Every intent ends decided: CONFIRMED with exactly one refund in the ledger, REJECTED with none, or handed to a person for manual reconciliation.',
    rules: ['M07-2', 'M07-9'],
    check: (ctx) => {
      const refunds = refundsByOperation(ctx);
      return listOperations(ctx.store(SHOP)).flatMap((op) => {
        const count = refunds.get(op.operationId)?.length ?? 0;
        if (op.status === 'CONFIRMED') return count === 1 ? [] : [msg('violations.refund.ledger_disagrees', { operation: op.operationId, status: op.status, count })];
        if (op.status === 'REJECTED') return count === 0 ? [] : [msg('violations.refund.ledger_disagrees', { operation: op.operationId, status: op.status, count })];
        return op.reconciliation !== null ? [] : [msg('violations.refund.undecided', { operation: op.operationId, status: op.status })];
      });
    },
  },
  {
    id: 'REF-END-3',
    statement: 'No stalled worker still holds a send: a late request that can still go out is not settled.',
    rules: ['M07-7'],
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
