/**
 * The compensation model (lab L08, SPEC 9.8, seed 002 §8): an agent books a flight and then
 * a hotel; the hotel fails; cancelling the flight is a new business action with a fee, a
 * deadline and a way to fail into manual handling, recorded with its authority (a grant the
 * traveller's consent created and may withdraw, or the desk's standing one) and its result. "Pretend rollback" is the wrong design:
 * it marks the trip undone without the airline agreeing. Wiring only: the SQL lives in
 * src/core/compensation.
 */
import { z } from 'zod';
import { zodProblem } from '../../zodProblem';
import {
  AGENT_SCHEMA, AIRLINE_SCHEMA, airlineView, bookFlight, bookHotel, cancelFlight, compensationStateText, flightBooking, HOTEL_SCHEMA, hotelAttempts,
  lastStep, moveTrip, readTrip, refuseNegativeRefund, setupTrip, tripSetting, tripState,
} from '../../../core/compensation/booking';
import {
  Actor, COMPENSATION_SCHEMA, compensationRecords, firstGrant, grantTravellerConsent, liveGrant, recordCompensation, Step, unauthorisedSteps,
  withdrawTravellerConsent,
} from '../../../core/compensation/records';
import { tripMachine } from '../../../core/compensation/tripMachine';
import { msg, statusWord, type Message } from '../../../core/message';
import type { Model, ModelAction, ModelContext } from '../../model';
import { footprintCompensation } from './footprint';

const AGENT = 'agent';
const AIRLINE = 'airline';
const HOTEL = 'hotel';
/** The desk's compensation record: a code like the others (NO_AUTHORITY), worded when shown. */
const CLOSED_BY_HAND = 'CLOSED_BY_HAND';

const VERBS = ['book_flight', 'book_hotel', 'withdraw_consent', 'cancel_flight', 'negative_refund', 'resolve_manually'] as const;
type CompensationAction = { type: (typeof VERBS)[number] } & ModelAction;

const initialSchema = z.object({
  flight_price_cents: z.number().int().min(1),
  cancel_fee_cents: z.number().int().min(0),
  cancel_window: z.number().int().min(1),
}).strict();

const setting = (ctx: ModelContext, key: string) => tripSetting(ctx.store(AGENT), key);

/** What each action needs the trip to be in (the trip machine's own states). */
const NEEDS: Record<CompensationAction['type'], string[]> = {
  book_flight: ['PLANNED'], book_hotel: ['FLIGHT_BOOKED'], cancel_flight: ['HOTEL_FAILED'], resolve_manually: ['MANUAL'], negative_refund: [],
  // The traveller may take back the consent while the agent holds it (checked below).
  withdraw_consent: [],
};

/** A settled trip: nothing booked yet, or one of the trip machine's three endings. */
const ENDINGS = ['CONFIRMED', 'COMPENSATED', 'CLOSED_BY_HAND'];

/** The agent's next move in each state when nothing new happens (its plan, then compensation, then the desk). */
const NEXT_MOVE: Partial<Record<string, CompensationAction['type']>> = {
  FLIGHT_BOOKED: 'book_hotel', HOTEL_FAILED: 'cancel_flight', MANUAL: 'resolve_manually',
};

export const compensationModel: Model<CompensationAction> = {
  id: 'compensation',
  switches: [
    { key: 'hotel', label: 'Hotel', options: [{ value: 'full', label: 'has no rooms' }, { value: 'available', label: 'has rooms' }], default: 'full' },
    { key: 'airline_cancel', label: 'Airline cancellation', options: [{ value: 'works', label: 'works' }, { value: 'fails', label: 'fails' }], default: 'works' },
    { key: 'compensation', label: 'When the hotel fails, the agent', options: [
      { value: 'new_action', label: 'cancels the flight with the airline and records it', presented: 'right' },
      { value: 'pretend_rollback', label: 'marks the flight as never booked', presented: 'wrong' },
      { value: 'wait_for_room', label: 'keeps asking the hotel for a room', presented: 'wrong' }], default: 'new_action' },
    { key: 'cancel_authority', label: 'Before cancelling, the agent', options: [
      { value: 'checked', label: "looks up the traveller's consent as it stands now", presented: 'right' },
      { value: 'consent_at_booking', label: 'relies on the consent given at booking', presented: 'wrong' }], default: 'checked' },
    { key: 'cancel_failure', label: 'When a cancellation fails, the agent', options: [
      { value: 'to_desk', label: 'hands the case to the operations desk', presented: 'right' },
      { value: 'retry', label: 'tries the cancellation again later', presented: 'wrong' }], default: 'to_desk' },
  ],
  faultPoints: [],
  nodes: () => [
    { id: AGENT, kind: 'worker', label: msg('view.compensation.node.agent'), schema: `${AGENT_SCHEMA}\n${COMPENSATION_SCHEMA}` },
    { id: AIRLINE, kind: 'provider', label: msg('view.compensation.node.airline'), schema: AIRLINE_SCHEMA },
    { id: HOTEL, kind: 'provider', label: msg('view.compensation.node.hotel'), schema: HOTEL_SCHEMA },
  ],
  edges: [{ from: AGENT, to: AIRLINE, label: msg('view.compensation.edge.book_cancel') }, { from: AGENT, to: HOTEL, label: msg('view.compensation.edge.reserve') }],
  validateInitial: (raw) => zodProblem(initialSchema, raw),
  setup(ctx, raw) {
    const initial = initialSchema.parse(raw);
    setupTrip(ctx.store(AGENT), ctx.clock, initial);
    ctx.note(msg('compensation.setup', { fare: initial.flight_price_cents, fee: initial.cancel_fee_cents, window: initial.cancel_window }));
  },
  parseAction(raw) {
    const verb = typeof raw === 'string' ? raw : typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
    const found = VERBS.find((v) => v === verb);
    return found ? { type: found } : `unknown action ${JSON.stringify(raw)} (expected ${VERBS.join(', ')})`;
  },
  // Labels: namespace `actions` (src/lab/messages/<locale>/actions.json).
  describeAction: (a) => msg(`actions.compensation.${a.type}`),
  precondition(ctx, action) {
    const state = tripState(ctx.store(AGENT));
    if (action.type === 'withdraw_consent') {
      const flight = readTrip(ctx.store(AGENT)).flightRef;
      return flight && liveGrant(ctx.store(AGENT), Actor.agent, Step.cancel, flight) ? null : msg('refusals.compensation.no_consent');
    }
    // Waiting for a room: the agent asks the hotel again instead of compensating.
    const allowed = action.type === 'book_hotel' && ctx.switches.compensation === 'wait_for_room' ? [...NEEDS.book_hotel, 'HOTEL_FAILED'] : NEEDS[action.type];
    return allowed.length === 0 || allowed.includes(state) ? null : msg('refusals.compensation.not_now', { state });
  },
  apply(ctx, action) {
    const agent = ctx.store(AGENT);
    switch (action.type) {
      case 'book_flight': {
        const id = bookFlight(ctx.store(AIRLINE), ctx.clock, setting(ctx, 'flight_price_cents'), setting(ctx, 'cancel_window'));
        moveTrip(agent, ctx.clock, 'FLIGHT_BOOKED', 'book_flight', id, { flight_ref: id });
        grantTravellerConsent(agent, ctx.clock, id);
        return ctx.note(msg('compensation.flight_booked', { flight: id, until: ctx.clock.now + setting(ctx, 'cancel_window') }));
      }
      case 'book_hotel': {
        const result = bookHotel(ctx.store(HOTEL), ctx.clock, ctx.switches.hotel === 'available');
        if (result.ok) {
          moveTrip(agent, ctx.clock, 'HOTEL_BOOKED', 'book_hotel', result.reservationId, { hotel_ref: result.reservationId });
          return ctx.note(msg('compensation.hotel_booked', { reservation: result.reservationId }));
        }
        moveTrip(agent, ctx.clock, 'HOTEL_FAILED', 'book_hotel', result.reason);
        return ctx.note(msg('compensation.hotel_failed', { reason: result.reason }));
      }
      case 'withdraw_consent':
        withdrawTravellerConsent(agent, ctx.clock);
        return ctx.note(msg('compensation.consent_withdrawn', { agent: Actor.agent }));
      case 'cancel_flight':
        return compensate(ctx);
      case 'negative_refund':
        refuseNegativeRefund(agent, ctx.clock);
        return ctx.note(msg('compensation.no_negative_refund'));
      case 'resolve_manually': {
        const flight = readTrip(agent).flightRef ?? '—';
        const grant = liveGrant(agent, Actor.desk, Step.closeByHand, flight);
        recordCompensation(agent, ctx.clock, { action: Step.closeByHand, bookingId: flight, grant, doneBy: Actor.desk, acted: true, result: CLOSED_BY_HAND });
        moveTrip(agent, ctx.clock, 'RESOLVED', 'resolve_manually', 'closed by a person');
        return ctx.note(msg('compensation.closed_by_hand', { desk: Actor.desk }));
      }
    }
  },
  receive: () => undefined,
  afterAdvance: () => undefined,
  observe(ctx) {
    const agent = ctx.store(AGENT);
    const trip = readTrip(agent);
    const flight = trip.flightRef ? flightBooking(ctx.store(AIRLINE), trip.flightRef) : null;
    const airline = airlineView(ctx.store(AIRLINE));
    return {
      now: ctx.clock.now,
      trip_state: trip.state,
      flight: flight ? { status: flight.status, cancel_by: flight.cancelBy } : null,
      hotel: trip.hotelRef ? 'reserved' : hotelAttempts(ctx.store(HOTEL)) > 0 ? 'failed' : 'not tried',
      cancellations: airline.cancellations,
      compensations: compensationRecords(agent).map((r) => ({
        action: r.action, may_act: r.mayAct, grant: r.grantId, authority: r.authority, done_by: r.doneBy, acted: r.acted, result: r.result,
      })),
      paid_cents: airline.paidCents,
      fees_cents: airline.feesCents,
      last_step: lastStep(agent),
    };
  },
  invariants: [
    {
      id: 'COMP-1', statement: "The trip's state is what the airline and the hotel actually hold.", rule: 'SPEC 9.8', rules: ['M07-8'],
      check(ctx) {
        const trip = readTrip(ctx.store(AGENT));
        const flight = trip.flightRef ? flightBooking(ctx.store(AIRLINE), trip.flightRef)?.status ?? null : null;
        if (trip.state === 'COMPENSATED' && flight !== 'cancelled') return [msg('violations.compensation.compensated_still_booked', { flight: trip.flightRef, status: flight })];
        if (trip.state === 'CONFIRMED' && (flight !== 'booked' || !trip.hotelRef)) return [msg('violations.compensation.confirmed_without_bookings')];
        return [];
      },
    },
    {
      id: 'COMP-2', statement: 'A compensation that failed, or that the agent had no authority to take, is handed to a person, never dropped.',
      rule: 'SPEC 9.8', rules: ['M07-8'],
      check(ctx) {
        const state = tripState(ctx.store(AGENT));
        const failed = airlineView(ctx.store(AIRLINE)).failedCancellations + compensationRecords(ctx.store(AGENT)).filter((r) => !r.acted).length;
        return failed > 0 && !['MANUAL', 'CLOSED_BY_HAND', 'COMPENSATED'].includes(state) ? [msg('violations.compensation.failure_dropped', { state })] : [];
      },
    },
    {
      id: 'COMP-3', statement: 'Every compensation step that acted was taken on a grant that allowed that actor that step and was live at the time; every step records its result.',
      rule: 'SPEC 9.8 (seed 002 §8)', rules: ['M07-8'],
      check: (ctx) => unauthorisedSteps(ctx.store(AGENT), tripState(ctx.store(AGENT))),
    },
  ],
  endConditions: [
    {
      id: 'COMP-END-1',
      statement: 'Every booking reaches an ending the airline agrees with: confirmed or closed by a person with the fare paid for a booked flight, or compensated with only the fee of a cancellation the airline made.',
      rules: ['M07-8'],
      check(ctx) {
        const trip = readTrip(ctx.store(AGENT));
        if (!trip.flightRef) return [];
        if (!ENDINGS.includes(trip.state)) return [msg('violations.compensation.not_ended', { state: trip.state })];
        const airline = airlineView(ctx.store(AIRLINE));
        const flight = flightBooking(ctx.store(AIRLINE), trip.flightRef)?.status ?? null;
        const expected = trip.state === 'COMPENSATED' ? { status: 'cancelled', paid: airline.feesCents } : { status: 'booked', paid: setting(ctx, 'flight_price_cents') };
        const cancelled = trip.state !== 'COMPENSATED' || airline.cancellations.some((c) => c.result === 'CANCELLED');
        return flight === expected.status && airline.paidCents === expected.paid && cancelled
          ? [] : [msg('violations.compensation.money_mismatch', { state: trip.state, status: flight, paid: airline.paidCents })];
      },
    },
  ],
  // The agent's own next step in each trip state (its plan, its compensation, the desk's
  // documented manual close): the design under its switches, so a retrying agent retries.
  recoveryMoves(ctx) {
    const state = tripState(ctx.store(AGENT));
    const next = state === 'HOTEL_FAILED' && ctx.switches.compensation === 'wait_for_room' ? 'book_hotel' : NEXT_MOVE[state];
    return next ? [{ type: next }] : [];
  },
  recoveryBound: 8,
  machines: (ctx) => [{ id: 'trip', title: msg('view.compensation.machine.trip'), machine: tripMachine, state: tripState(ctx.store(AGENT)) }],
  describeNodes(ctx) {
    const trip = readTrip(ctx.store(AGENT));
    const airline = airlineView(ctx.store(AIRLINE));
    const last = compensationRecords(ctx.store(AGENT)).at(-1);
    return {
      agent: [
        msg('view.compensation.trip', { state: trip.state }),
        msg('view.compensation.refs', { flight: trip.flightRef ?? '–', hotel: trip.hotelRef ?? '–' }),
        ...(last ? [msg('view.compensation.record', { action: last.action, by: last.doneBy, result: recordResult(last.result, airline.cancellations) })] : []),
      ],
      airline: [
        ...airline.bookings.map((b) => msg('view.compensation.booking', { id: b.id, status: statusWord(b.status) })),
        ...airline.cancellations.map((c) => msg('view.compensation.cancellation', { id: c.id, result: c.result, fee: c.fee_cents })),
      ],
      hotel: [ctx.switches.hotel === 'available' ? msg('view.compensation.rooms') : msg('view.compensation.no_rooms')],
    };
  },
  enabled(ctx) {
    return VERBS.filter((type) => type !== 'negative_refund').map((type) => ({ type })).filter((a) => compensationModel.precondition(ctx, a) === null);
  },
  fingerprint: (ctx) => compensationStateText(ctx.store(AGENT), ctx.store(AIRLINE), ctx.store(HOTEL), ctx.clock.now),
  footprint: footprintCompensation,
};

/** What a compensation record's result code says, worded per language (amounts by the one money formatter). */
function recordResult(result: string, cancellations: readonly { id: string; fee_cents: number }[]): Message | string {
  if (result === CLOSED_BY_HAND) return msg('view.compensation.result.closed_by_hand');
  const cancelled = /^(\S+) CANCELLED$/.exec(result);
  const fee = cancelled ? cancellations.find((c) => c.id === cancelled[1])?.fee_cents : undefined;
  return cancelled && fee !== undefined ? msg('view.compensation.result.cancelled', { cancellation: cancelled[1]!, fee }) : result;
}

/**
 * Cancelling the flight: a new action with its own authority, fee, deadline and result, or
 * (wrongly) a pretend rewind. The agent cancels on a grant: the one live now (`checked`), or
 * the consent given at booking whatever became of it (`consent_at_booking`). Without a live
 * grant the step is refused and recorded, and the case goes to the desk.
 */
function compensate(ctx: ModelContext): void {
  const agent = ctx.store(AGENT);
  const flightRef = readTrip(agent).flightRef!;
  if (ctx.switches.compensation === 'pretend_rollback') {
    moveTrip(agent, ctx.clock, 'CANCEL_STARTED', 'cancel_flight', 'started');
    moveTrip(agent, ctx.clock, 'CANCELLED', 'cancel_flight', 'assumed undone');
    ctx.note(msg('compensation.pretend'));
    return;
  }
  const grant = ctx.switches.cancel_authority === 'consent_at_booking'
    ? firstGrant(agent, Actor.agent, Step.cancel, flightRef) : liveGrant(agent, Actor.agent, Step.cancel, flightRef);
  if (!grant) {
    recordCompensation(agent, ctx.clock, { action: Step.cancel, bookingId: flightRef, grant: null, doneBy: Actor.agent, acted: false, result: 'NO_AUTHORITY' });
    moveTrip(agent, ctx.clock, 'ESCALATED', 'cancel_flight', 'NO_AUTHORITY', { manual_note: 'NO_AUTHORITY' });
    ctx.note(msg('compensation.no_authority', { agent: Actor.agent }));
    return;
  }
  moveTrip(agent, ctx.clock, 'CANCEL_STARTED', 'cancel_flight', 'started');
  const result = cancelFlight(ctx.store(AIRLINE), ctx.clock, flightRef, setting(ctx, 'cancel_fee_cents'), ctx.switches.airline_cancel === 'works');
  recordCompensation(agent, ctx.clock, {
    action: Step.cancel, bookingId: flightRef, grant, doneBy: Actor.agent, acted: true,
    // Codes, not prose: the record is data read in every language; the fee is the airline's row.
    result: result.ok ? `${result.cancellationId} CANCELLED` : `${result.cancellationId} ${result.reason}`,
  });
  if (result.ok) {
    moveTrip(agent, ctx.clock, 'CANCELLED', 'cancel_flight', result.cancellationId);
    ctx.note(msg('compensation.cancelled', { cancellation: result.cancellationId, fee: result.feeCents, refunded: result.refundedCents, agent: Actor.agent }));
    return;
  }
  if (ctx.switches.cancel_failure === 'retry') {
    moveTrip(agent, ctx.clock, 'RETRY_LATER', 'cancel_flight', result.reason);
    ctx.note(msg('compensation.cancel_retry', { cancellation: result.cancellationId, reason: result.reason }));
    return;
  }
  moveTrip(agent, ctx.clock, 'CANCEL_FAILED', 'cancel_flight', result.reason, { manual_note: result.reason });
  ctx.note(msg('compensation.cancel_failed', { cancellation: result.cancellationId, reason: result.reason }));
}
