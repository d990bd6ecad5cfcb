/**
 * The compensation model (lab L08, SPEC 9.8): an agent books a flight and then a hotel; the
 * hotel fails; cancelling the flight is a new business action with a fee, a deadline and a
 * way to fail into manual handling. "Pretend rollback" is the wrong design: it marks the
 * trip undone without the airline agreeing.
 */
import { z } from 'zod';
import { zodProblem } from '../../zodProblem';
import { AGENT_SCHEMA, AIRLINE_SCHEMA, bookFlight, bookHotel, cancelFlight, HOTEL_SCHEMA, moveTrip, TRIP_ID, tripState } from '../../../core/compensation/booking';
import { tripMachine } from '../../../core/compensation/tripMachine';
import type { Model, ModelAction, ModelContext } from '../../model';

const AGENT = 'agent';
const AIRLINE = 'airline';
const HOTEL = 'hotel';

const VERBS = ['book_flight', 'book_hotel', 'cancel_flight', 'negative_refund', 'resolve_manually'] as const;
type CompensationAction = { type: (typeof VERBS)[number] } & ModelAction;

const initialSchema = z.object({
  flight_price_cents: z.number().int().min(1),
  cancel_fee_cents: z.number().int().min(0),
  cancel_window: z.number().int().min(1),
}).strict();

const setting = (ctx: ModelContext, key: string) => Number(ctx.store(AGENT).get('SELECT value FROM settings WHERE key = ?', [key])!.value);

export const compensationModel: Model<CompensationAction> = {
  id: 'compensation',
  switches: [
    { key: 'hotel', label: 'Hotel', options: [{ value: 'full', label: 'has no rooms' }, { value: 'available', label: 'has rooms' }], default: 'full' },
    { key: 'airline_cancel', label: 'Airline cancellation', options: [{ value: 'works', label: 'works' }, { value: 'fails', label: 'fails' }], default: 'works' },
    { key: 'compensation', label: 'Compensation design', options: [{ value: 'new_action', label: 'a new action (correct)' }, { value: 'pretend_rollback', label: 'pretend it never happened (wrong)' }], default: 'new_action' },
  ],
  faultPoints: [],
  nodes: () => [
    { id: AGENT, kind: 'worker', label: 'Trip agent', schema: `${AGENT_SCHEMA}\nCREATE TABLE settings (key TEXT PRIMARY KEY, value INTEGER NOT NULL);` },
    { id: AIRLINE, kind: 'provider', label: 'Airline', schema: AIRLINE_SCHEMA },
    { id: HOTEL, kind: 'provider', label: 'Hotel', schema: HOTEL_SCHEMA },
  ],
  edges: [{ from: AGENT, to: AIRLINE, label: 'book / cancel' }, { from: AGENT, to: HOTEL, label: 'reserve' }],
  validateInitial: (raw) => zodProblem(initialSchema, raw),
  setup(ctx, raw) {
    const initial = initialSchema.parse(raw);
    const agent = ctx.store(AGENT);
    agent.tx('setup_trip', () => {
      agent.run("INSERT INTO trip (trip_id, state) VALUES (?, 'PLANNED')", [TRIP_ID]);
      for (const [key, value] of Object.entries(initial)) agent.run('INSERT INTO settings (key, value) VALUES (?, ?)', [key, value]);
    });
    ctx.note(`A flight costs ${initial.flight_price_cents}¢; cancelling it costs ${initial.cancel_fee_cents}¢ and is possible for ${initial.cancel_window} ticks after booking.`);
  },
  parseAction(raw) {
    const verb = typeof raw === 'string' ? raw : typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
    return (VERBS as readonly unknown[]).includes(verb) ? { type: verb as CompensationAction['type'] } : `unknown action ${JSON.stringify(raw)} (expected ${VERBS.join(', ')})`;
  },
  describeAction: (a) => ({
    book_flight: 'The agent books the flight', book_hotel: 'The agent books the hotel', cancel_flight: 'The agent cancels the flight (compensation)',
    negative_refund: 'Try to "undo" the fare with a negative refund', resolve_manually: 'A person closes the case',
  })[a.type],
  precondition(ctx, action) {
    const state = tripState(ctx.store(AGENT));
    const needs: Record<string, string[]> = {
      book_flight: ['PLANNED'], book_hotel: ['FLIGHT_BOOKED'], cancel_flight: ['HOTEL_FAILED'], resolve_manually: ['MANUAL'], negative_refund: [],
    };
    const allowed = needs[action.type]!;
    return allowed.length === 0 || allowed.includes(state) ? null : `Not now: the trip is ${state}.`;
  },
  apply(ctx, action) {
    const agent = ctx.store(AGENT);
    switch (action.type) {
      case 'book_flight': {
        const id = bookFlight(ctx.store(AIRLINE), ctx.clock, setting(ctx, 'flight_price_cents'), setting(ctx, 'cancel_window'));
        moveTrip(agent, ctx.clock, 'FLIGHT_BOOKED', 'book_flight', id, { flight_ref: id });
        return ctx.note(`Flight ${id} booked and paid; it can be cancelled until t=${ctx.clock.now + setting(ctx, 'cancel_window')}.`);
      }
      case 'book_hotel': {
        const result = bookHotel(ctx.store(HOTEL), ctx.clock, ctx.switches.hotel === 'available');
        if (result.ok) {
          moveTrip(agent, ctx.clock, 'HOTEL_BOOKED', 'book_hotel', result.reservationId, { hotel_ref: result.reservationId });
          return ctx.note(`Hotel ${result.reservationId} reserved: the trip is confirmed.`);
        }
        moveTrip(agent, ctx.clock, 'HOTEL_FAILED', 'book_hotel', result.reason);
        return ctx.note(`The hotel says ${result.reason}. The flight is still booked and paid for — the world did not roll back.`);
      }
      case 'cancel_flight':
        return compensate(ctx);
      case 'negative_refund':
        agent.tx('refuse_negative_refund', () => agent.run("INSERT INTO steps (action, outcome, at) VALUES ('negative_refund', 'NO_SUCH_TOOL', ?)", [ctx.clock.now]));
        return ctx.note('Refused: there is no negative-refund tool. Getting money back is a separate, authorised business process, not an undo.');
      case 'resolve_manually':
        moveTrip(agent, ctx.clock, 'RESOLVED', 'resolve_manually', 'closed by a person');
        return ctx.note('A person takes the case and closes it with the airline by hand.');
    }
  },
  receive: () => undefined,
  afterAdvance: () => undefined,
  observe(ctx) {
    const agent = ctx.store(AGENT);
    const trip = agent.get('SELECT * FROM trip WHERE trip_id = ?', [TRIP_ID])!;
    const airline = ctx.store(AIRLINE);
    const flight = trip.flight_ref ? airline.get('SELECT status, cancel_by FROM bookings WHERE booking_id = ?', [String(trip.flight_ref)]) : undefined;
    const sum = (kind: string) => Number(airline.get('SELECT COALESCE(SUM(amount_cents), 0) AS s FROM charges WHERE kind = ?', [kind])!.s);
    return {
      now: ctx.clock.now,
      trip_state: String(trip.state),
      flight: flight ? { status: String(flight.status), cancel_by: Number(flight.cancel_by) } : null,
      hotel: trip.hotel_ref ? 'reserved' : Number(ctx.store(HOTEL).get('SELECT count(*) AS n FROM attempts')!.n) > 0 ? 'failed' : 'not tried',
      cancellations: airline.all('SELECT cancellation_id, fee_cents, result FROM cancellations ORDER BY cancellation_id').map((r) => ({ id: r.cancellation_id, fee_cents: r.fee_cents, result: r.result })),
      paid_cents: sum('fare') - sum('fare_refund'),
      fees_cents: Number(airline.get('SELECT COALESCE(SUM(fee_cents), 0) AS s FROM cancellations')!.s),
      last_step: agent.get('SELECT action, outcome FROM steps ORDER BY seq DESC LIMIT 1') ?? null,
    };
  },
  invariants: [
    {
      id: 'COMP-1', statement: "The trip's state is what the airline and the hotel actually hold.", rule: 'SPEC 9.8',
      check(ctx) {
        const trip = ctx.store(AGENT).get('SELECT * FROM trip WHERE trip_id = ?', [TRIP_ID])!;
        const state = String(trip.state);
        const flight = trip.flight_ref ? String(ctx.store(AIRLINE).get('SELECT status FROM bookings WHERE booking_id = ?', [String(trip.flight_ref)])?.status) : null;
        if (state === 'COMPENSATED' && flight !== 'cancelled') return [`the trip says COMPENSATED, but flight ${trip.flight_ref} is still ${flight}`];
        if (state === 'CONFIRMED' && (flight !== 'booked' || !trip.hotel_ref)) return ['the trip says CONFIRMED without both bookings'];
        return [];
      },
    },
    {
      id: 'COMP-2', statement: 'A compensation that failed is handed to a person, never dropped.', rule: 'SPEC 9.8',
      check(ctx) {
        const failed = ctx.store(AIRLINE).get("SELECT count(*) AS n FROM cancellations WHERE result <> 'CANCELLED'")!.n;
        const state = tripState(ctx.store(AGENT));
        return Number(failed) > 0 && !['MANUAL', 'CLOSED_BY_HAND', 'COMPENSATED'].includes(state) ? [`a cancellation failed and the trip is ${state}`] : [];
      },
    },
  ],
  machines: (ctx) => [{ id: 'trip', title: 'Trip', machine: tripMachine, state: tripState(ctx.store(AGENT)) }],
  describeNodes(ctx) {
    const trip = ctx.store(AGENT).get('SELECT * FROM trip WHERE trip_id = ?', [TRIP_ID])!;
    const airline = ctx.store(AIRLINE);
    return {
      agent: [`trip ${trip.state}`, `flight ${trip.flight_ref ?? '–'} · hotel ${trip.hotel_ref ?? '–'}`],
      airline: airline.all('SELECT booking_id, status FROM bookings').map((r) => `${r.booking_id} ${r.status}`).concat(
        airline.all('SELECT cancellation_id, result, fee_cents FROM cancellations').map((r) => `${r.cancellation_id} ${r.result} · fee ${r.fee_cents}¢`)),
      hotel: [ctx.switches.hotel === 'available' ? 'rooms available' : 'no rooms'],
    };
  },
};

/** Cancelling the flight: a new action with its own record, or (wrongly) a pretend rewind. */
function compensate(ctx: ModelContext): void {
  const agent = ctx.store(AGENT);
  const flightRef = String(agent.get('SELECT flight_ref FROM trip WHERE trip_id = ?', [TRIP_ID])!.flight_ref);
  moveTrip(agent, ctx.clock, 'CANCEL_STARTED', 'cancel_flight', 'started');
  if (ctx.switches.compensation === 'pretend_rollback') {
    moveTrip(agent, ctx.clock, 'CANCELLED', 'cancel_flight', 'assumed undone');
    ctx.note('The agent marks the flight as undone without asking the airline — as if compensation were time travel.');
    return;
  }
  const result = cancelFlight(ctx.store(AIRLINE), ctx.clock, flightRef, setting(ctx, 'cancel_fee_cents'), ctx.switches.airline_cancel === 'works');
  if (result.ok) {
    moveTrip(agent, ctx.clock, 'CANCELLED', 'cancel_flight', result.cancellationId);
    ctx.note(`Cancellation ${result.cancellationId} succeeds: the fee is ${result.feeCents}¢, ${result.refundedCents}¢ of the fare comes back.`);
    return;
  }
  moveTrip(agent, ctx.clock, 'CANCEL_FAILED', 'cancel_flight', result.reason, { manual_note: result.reason });
  ctx.note(`Cancellation ${result.cancellationId} fails: ${result.reason}. The case goes to a person (MANUAL).`);
}
