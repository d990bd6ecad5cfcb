/**
 * A trip booking and its compensation (SPEC 9.8). Compensation is a NEW forward action
 * with its own outcome, not a rewind: from HOTEL_FAILED the only ways on are a successful
 * cancellation (COMPENSATED, usually with a fee) or a person (MANUAL) — after a failed
 * cancellation, or at once when the agent holds no live grant to cancel (ESCALATED).
 * RETRY_LATER is the edge a design that keeps retrying a failed cancellation takes; the
 * hotel edges out of HOTEL_FAILED are those of a design that keeps asking for a room.
 */
import { setup } from 'xstate';

export type TripEvent = 'FLIGHT_BOOKED' | 'HOTEL_BOOKED' | 'HOTEL_FAILED' | 'CANCEL_STARTED' | 'CANCELLED' | 'CANCEL_FAILED' | 'RETRY_LATER' | 'ESCALATED' | 'RESOLVED';

export const tripMachine = setup({
  types: { events: {} as { type: TripEvent } },
}).createMachine({
  id: 'trip',
  initial: 'PLANNED',
  states: {
    PLANNED: { on: { FLIGHT_BOOKED: 'FLIGHT_BOOKED' } },
    FLIGHT_BOOKED: { on: { HOTEL_BOOKED: 'CONFIRMED', HOTEL_FAILED: 'HOTEL_FAILED' } },
    HOTEL_FAILED: { on: { CANCEL_STARTED: 'COMPENSATING', ESCALATED: 'MANUAL', HOTEL_FAILED: 'HOTEL_FAILED', HOTEL_BOOKED: 'CONFIRMED' } },
    COMPENSATING: { on: { CANCELLED: 'COMPENSATED', CANCEL_FAILED: 'MANUAL', RETRY_LATER: 'HOTEL_FAILED' } },
    MANUAL: { on: { RESOLVED: 'CLOSED_BY_HAND' } },
    CONFIRMED: {},
    COMPENSATED: {},
    CLOSED_BY_HAND: {},
  },
});
