/**
 * The trip agent, the airline and the hotel, each on its own database. The airline's
 * cancellation is a separate business action with a fee, a deadline and a way to fail.
 * There is deliberately no "negative refund" operation anywhere (SPEC 9.8).
 */
import type { Store } from '../db/store';
import { nextState } from '../machines';
import type { Clock } from '../time';
import { grantDeskPolicy } from './records';
import { tripMachine, type TripEvent } from './tripMachine';

export const AGENT_SCHEMA = `
-- The trip and its state in the trip machine.
CREATE TABLE trip (
  trip_id     TEXT PRIMARY KEY,
  state       TEXT NOT NULL,
  flight_ref  TEXT,
  hotel_ref   TEXT,
  manual_note TEXT
);
-- Every step the agent took and what came back: the record compensation needs.
CREATE TABLE steps (
  seq     INTEGER PRIMARY KEY AUTOINCREMENT,
  action  TEXT NOT NULL,
  outcome TEXT NOT NULL,
  at      INTEGER NOT NULL
);
`;

export const AIRLINE_SCHEMA = `
-- Flight bookings. A cancellation is recorded separately, with its own fee and result.
CREATE TABLE bookings (
  booking_id     TEXT PRIMARY KEY,
  price_cents    INTEGER NOT NULL,
  booked_at      INTEGER NOT NULL,
  cancel_by      INTEGER NOT NULL,
  status         TEXT NOT NULL CHECK (status IN ('booked', 'cancelled'))
);
CREATE TABLE cancellations (
  cancellation_id TEXT PRIMARY KEY,
  booking_id      TEXT NOT NULL,
  fee_cents       INTEGER NOT NULL,
  result          TEXT NOT NULL,
  at              INTEGER NOT NULL
);
-- Money moving between the customer and the airline: the fare, and what a cancellation
-- returns (the fare less its fee). Amounts are never negative: no "negative refund" exists.
CREATE TABLE charges (
  seq          INTEGER PRIMARY KEY AUTOINCREMENT,
  booking_id   TEXT NOT NULL,
  kind         TEXT NOT NULL CHECK (kind IN ('fare', 'fare_refund')),
  amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
  at           INTEGER NOT NULL
);
`;

export const HOTEL_SCHEMA = `
CREATE TABLE reservations (
  reservation_id TEXT PRIMARY KEY,
  status         TEXT NOT NULL
);
CREATE TABLE attempts (
  seq    INTEGER PRIMARY KEY AUTOINCREMENT,
  result TEXT NOT NULL,
  at     INTEGER NOT NULL
);
`;

export const TRIP_ID = 'trip-1';

export function tripState(agent: Store): string {
  return String(agent.get('SELECT state FROM trip WHERE trip_id = ?', [TRIP_ID])?.state ?? 'PLANNED');
}

/** Moves the trip if the machine allows it, recording the step. Returns false if illegal. */
export function moveTrip(agent: Store, clock: Clock, event: TripEvent, action: string, outcome: string, patch: Record<string, string> = {}): boolean {
  return agent.tx(`trip_${event.toLowerCase()}`, () => {
    const next = nextState(tripMachine, tripState(agent), event);
    agent.run('INSERT INTO steps (action, outcome, at) VALUES (?, ?, ?)', [action, outcome, clock.now]);
    if (next === null) return false;
    agent.run('UPDATE trip SET state = ? WHERE trip_id = ?', [next, TRIP_ID]);
    for (const [column, value] of Object.entries(patch)) agent.run(`UPDATE trip SET ${column} = ? WHERE trip_id = ?`, [value, TRIP_ID]);
    return true;
  });
}

export function bookFlight(airline: Store, clock: Clock, priceCents: number, cancelWindow: number): string {
  return airline.tx('book_flight', () => {
    const id = `FL-${Number(airline.get('SELECT count(*) AS n FROM bookings')!.n) + 1}`;
    airline.run("INSERT INTO bookings (booking_id, price_cents, booked_at, cancel_by, status) VALUES (?, ?, ?, ?, 'booked')", [id, priceCents, clock.now, clock.now + cancelWindow]);
    airline.run("INSERT INTO charges (booking_id, kind, amount_cents, at) VALUES (?, 'fare', ?, ?)", [id, priceCents, clock.now]);
    return id;
  });
}

export type HotelResult = { ok: true; reservationId: string } | { ok: false; reason: string };

export function bookHotel(hotel: Store, clock: Clock, available: boolean): HotelResult {
  return hotel.tx('book_hotel', (): HotelResult => {
    if (!available) {
      hotel.run("INSERT INTO attempts (result, at) VALUES ('NO_ROOMS', ?)", [clock.now]);
      return { ok: false, reason: 'NO_ROOMS' };
    }
    const id = `HT-${Number(hotel.get('SELECT count(*) AS n FROM reservations')!.n) + 1}`;
    hotel.run("INSERT INTO reservations (reservation_id, status) VALUES (?, 'reserved')", [id]);
    hotel.run("INSERT INTO attempts (result, at) VALUES ('RESERVED', ?)", [clock.now]);
    return { ok: true, reservationId: id };
  });
}

export type CancelResult =
  | { ok: true; cancellationId: string; feeCents: number; refundedCents: number }
  | { ok: false; cancellationId: string; reason: 'DEADLINE_PASSED' | 'AIRLINE_ERROR' | 'NOT_BOOKED' };

/** Cancelling is a new action: it may cost a fee, has a deadline, and can fail. */
export function cancelFlight(airline: Store, clock: Clock, bookingId: string, feeCents: number, airlineWorks: boolean): CancelResult {
  return airline.tx('cancel_flight', (): CancelResult => {
    const cancellationId = `CX-${Number(airline.get('SELECT count(*) AS n FROM cancellations')!.n) + 1}`;
    const booking = airline.get('SELECT price_cents, cancel_by, status FROM bookings WHERE booking_id = ?', [bookingId]);
    const fail = (reason: 'DEADLINE_PASSED' | 'AIRLINE_ERROR' | 'NOT_BOOKED'): CancelResult => {
      airline.run('INSERT INTO cancellations (cancellation_id, booking_id, fee_cents, result, at) VALUES (?, ?, 0, ?, ?)', [cancellationId, bookingId, reason, clock.now]);
      return { ok: false, cancellationId, reason };
    };
    if (!booking || booking.status !== 'booked') return fail('NOT_BOOKED');
    if (clock.now >= Number(booking.cancel_by)) return fail('DEADLINE_PASSED');
    if (!airlineWorks) return fail('AIRLINE_ERROR');
    const refunded = Number(booking.price_cents) - feeCents;
    airline.run("UPDATE bookings SET status = 'cancelled' WHERE booking_id = ?", [bookingId]);
    airline.run("INSERT INTO cancellations (cancellation_id, booking_id, fee_cents, result, at) VALUES (?, ?, ?, 'CANCELLED', ?)", [cancellationId, bookingId, feeCents, clock.now]);
    airline.run("INSERT INTO charges (booking_id, kind, amount_cents, at) VALUES (?, 'fare_refund', ?, ?)", [bookingId, refunded, clock.now]);
    return { ok: true, cancellationId, feeCents, refundedCents: refunded };
  });
}

// ── Reads for the lab's presenter and invariants (no SQL under src/sim) ────────────────

export function setupTrip(agent: Store, clock: Clock, settings: Record<string, number>): void {
  grantDeskPolicy(agent, clock);
  agent.tx('setup_trip', () => {
    agent.run("INSERT INTO trip (trip_id, state) VALUES (?, 'PLANNED')", [TRIP_ID]);
    for (const [key, value] of Object.entries(settings)) agent.run('INSERT INTO settings (key, value) VALUES (?, ?)', [key, value]);
  });
}

export function tripSetting(agent: Store, key: string): number {
  return Number(agent.get('SELECT value FROM settings WHERE key = ?', [key])!.value);
}

export interface TripRow { state: string; flightRef: string | null; hotelRef: string | null }

export function readTrip(agent: Store): TripRow {
  const r = agent.get('SELECT state, flight_ref, hotel_ref FROM trip WHERE trip_id = ?', [TRIP_ID])!;
  return { state: String(r.state), flightRef: r.flight_ref === null ? null : String(r.flight_ref), hotelRef: r.hotel_ref === null ? null : String(r.hotel_ref) };
}

export function flightBooking(airline: Store, bookingId: string): { status: string; cancelBy: number } | null {
  const r = airline.get('SELECT status, cancel_by FROM bookings WHERE booking_id = ?', [bookingId]);
  return r ? { status: String(r.status), cancelBy: Number(r.cancel_by) } : null;
}

export function airlineView(airline: Store) {
  const sum = (kind: string) => Number(airline.get('SELECT COALESCE(SUM(amount_cents), 0) AS s FROM charges WHERE kind = ?', [kind])!.s);
  return {
    bookings: airline.all('SELECT booking_id, status FROM bookings ORDER BY booking_id').map((r) => ({ id: String(r.booking_id), status: String(r.status) })),
    cancellations: airline.all('SELECT cancellation_id, fee_cents, result FROM cancellations ORDER BY cancellation_id')
      .map((r) => ({ id: String(r.cancellation_id), fee_cents: Number(r.fee_cents), result: String(r.result) })),
    paidCents: sum('fare') - sum('fare_refund'),
    feesCents: Number(airline.get('SELECT COALESCE(SUM(fee_cents), 0) AS s FROM cancellations')!.s),
    failedCancellations: Number(airline.get("SELECT count(*) AS n FROM cancellations WHERE result <> 'CANCELLED'")!.n),
  };
}

export function hotelAttempts(hotel: Store): number {
  return Number(hotel.get('SELECT count(*) AS n FROM attempts')!.n);
}

export function lastStep(agent: Store): { action: string; outcome: string } | null {
  const r = agent.get('SELECT action, outcome FROM steps ORDER BY seq DESC LIMIT 1');
  return r ? { action: String(r.action), outcome: String(r.outcome) } : null;
}

/** There is no negative-refund tool: the attempt is recorded as refused. */
export function refuseNegativeRefund(agent: Store, clock: Clock): void {
  agent.tx('refuse_negative_refund', () => agent.run("INSERT INTO steps (action, outcome, at) VALUES ('negative_refund', 'NO_SUCH_TOOL', ?)", [clock.now]));
}

/** The logical state of the three databases (no row ids or stamps), for the explorer. */
export function compensationStateText(agent: Store, airline: Store, hotel: Store, now: number): string {
  return JSON.stringify({
    trip: agent.all('SELECT state, flight_ref, hotel_ref FROM trip'),
    comp: agent.all('SELECT action, booking_id, may_act, grant_id, done_by, acted, result FROM compensations ORDER BY seq'),
    grants: agent.all('SELECT grant_id, withdrawn_stamp IS NULL AS live FROM grants ORDER BY grant_id'),
    bookings: airline.all('SELECT booking_id, status, cancel_by FROM bookings ORDER BY booking_id').map((r) => [r.booking_id, r.status, Math.max(Number(r.cancel_by) - now, 0)]),
    cancellations: airline.all('SELECT booking_id, fee_cents, result FROM cancellations ORDER BY cancellation_id'),
    reservations: hotel.all('SELECT reservation_id, status FROM reservations ORDER BY reservation_id'),
    hotelAttempts: hotelAttempts(hotel),
  });
}
