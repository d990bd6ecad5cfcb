/**
 * What each compensation action touches, for the explorer's partial-order reduction
 * (src/sim/explorer/footprint.ts), read off index.ts and src/core/compensation.
 *
 * Three nodes and no network: the agent (the trip, its steps, grants and compensation
 * records), the airline (bookings, charges, cancellations) and the hotel (attempts,
 * reservations). Every business action writes the agent's database at the clock's time
 * (each step row has its `at`), and grants and compensation records take stamps from the
 * clock's counter (a grant is live at a record's stamp): each is declared writing the
 * clock, which also covers reading its time. So no two business actions commute here, nor
 * any with a clock move: the reduction has nothing to save in L08.
 *
 * - `book_flight`: the airline's booking (its cancel-by deadline from now), the agent's
 *   trip and consent.
 * - `book_hotel`: a hotel attempt, the agent's trip.
 * - `cancel_flight`: the agent's grant and record and, unless the design only pretends to
 *   roll back, the airline's cancellation (its deadline against now).
 * - `withdraw_consent`, `negative_refund`, `resolve_manually`: the agent only.
 * - a clock move: `afterAdvance` does nothing; nothing is ever in flight.
 * - a restart: no model code runs (no `afterRestart`; no fault point either).
 *
 * Anything else touches everything.
 */
import type { Footprint, ModelAction, ModelContext } from '../../model';

const AGENT = 'node:agent';
const AIRLINE = 'node:airline';
const HOTEL = 'node:hotel';

export function footprintCompensation(ctx: ModelContext, action: ModelAction): Footprint | null {
  const on = (...nodes: string[]): Footprint => ({ reads: [], writes: [AGENT, ...nodes, 'clock'] });
  switch (action.type) {
    case 'book_flight':
      return on(AIRLINE);
    case 'book_hotel':
      return on(HOTEL);
    case 'cancel_flight':
      return ctx.switches.compensation === 'pretend_rollback' ? on() : on(AIRLINE);
    case 'withdraw_consent':
    case 'negative_refund':
    case 'resolve_manually':
      return on();
    case 'advance':
      return ctx.network.inFlight.length === 0 ? { reads: [], writes: ['clock'] } : null;
    case 'restart':
      return typeof action.node === 'string' && ['agent', 'airline', 'hotel'].includes(action.node)
        ? { reads: [], writes: [`node:${action.node}`] } : null;
    default:
      return null;
  }
}
