import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../../test/sqljs';
import { World } from '../../world';
import { recordCompensation } from '../../../core/compensation/records';
import { msg } from '../../../core/message';

useSqlJs();

const INITIAL = { flight_price_cents: 40000, cancel_fee_cents: 5000, cancel_window: 10 };

function run(actions: unknown[], switches: Record<string, string> = {}) {
  const world = World.replay({ model: 'compensation', seed: 8, initial: INITIAL, switches }, actions);
  const result = { observed: world.observe(), broken: [...new Set(world.trace.flatMap((e) => e.invariants.filter((i) => !i.ok).map((i) => i.id)))] };
  world.dispose();
  return result;
}

describe('compensation records its authority (seed 002 §8, issue 12 item 10)', () => {
  it('a cancellation names who may cancel and on what grant, who did, and the result', () => {
    const r = run(['book_flight', 'book_hotel', 'cancel_flight']);
    expect(r.observed.compensations).toEqual([{
      action: 'cancel_flight', may_act: ['trip-agent', 'ops-desk'], authority: 'traveller consent given when FL-1 was booked; the operations desk always',
      done_by: 'trip-agent', result: 'CX-1 CANCELLED, fee 5000¢',
    }]);
    expect(r.broken).toEqual([]);
  });
  it('a failed cancellation and the person who closes the case are both recorded', () => {
    const r = run(['book_flight', 'book_hotel', 'cancel_flight', 'resolve_manually'], { airline_cancel: 'fails' });
    expect(r.observed.compensations).toMatchObject([
      { action: 'cancel_flight', done_by: 'trip-agent', result: 'CX-1 AIRLINE_ERROR' },
      { action: 'close_by_hand', may_act: ['ops-desk'], done_by: 'ops-desk' },
    ]);
  });
  it('COMP-3 catches a step taken by someone the record does not allow (broken variant)', () => {
    const world = World.replay({ model: 'compensation', seed: 8, initial: INITIAL, switches: {} }, ['book_flight', 'book_hotel', 'cancel_flight']);
    recordCompensation(world.store('agent'), world.clock, { action: 'close_by_hand', bookingId: 'FL-1', mayAct: ['ops-desk'], authority: 'manual handling', doneBy: 'trip-agent', result: 'closed' });
    world.step('tick');
    const comp3 = world.trace.at(-1)!.invariants.find((i) => i.id === 'COMP-3')!;
    // English: 'compensation step 2 (close_by_hand) was taken by trip-agent, who may not (ops-desk may)' (src/lab/messages/violations.test.ts).
    expect(comp3.violations).toEqual([msg('violations.compensation.not_allowed', { step: 2, action: 'close_by_hand', by: 'trip-agent', may: 'ops-desk' })]);
    world.dispose();
  });
});

describe('compensation (SPEC 9.8)', () => {
  it('cancelling is a new action with a fee; nothing rewinds', () => {
    const r = run(['book_flight', 'book_hotel', 'cancel_flight']);
    expect(r.observed).toMatchObject({ trip_state: 'COMPENSATED', fees_cents: 5000, paid_cents: 5000, flight: { status: 'cancelled' } });
    expect(r.broken).toEqual([]);
  });

  it('past the deadline, or when the airline fails, a person takes over', () => {
    expect(run(['book_flight', 'book_hotel', { advance: 10 }, 'cancel_flight']).observed).toMatchObject({ trip_state: 'MANUAL', paid_cents: 40000 });
    expect(run(['book_flight', 'book_hotel', 'cancel_flight'], { airline_cancel: 'fails' }).observed).toMatchObject({ trip_state: 'MANUAL' });
  });

  it('there is no negative refund', () => {
    expect(run(['book_flight', 'negative_refund']).observed).toMatchObject({ last_step: { outcome: 'NO_SUCH_TOOL' }, paid_cents: 40000 });
  });

  it('pretending the booking never happened breaks COMP-1, and leaves no record of who decided it (COMP-3)', () => {
    expect(run(['book_flight', 'book_hotel', 'cancel_flight'], { compensation: 'pretend_rollback' }).broken).toEqual(['COMP-1', 'COMP-3']);
  });

  it('a step the trip machine does not allow is refused and changes nothing', () => {
    const world = World.create({ model: 'compensation', seed: 8, initial: INITIAL, switches: {} });
    expect(world.step('cancel_flight')).toEqual({ ok: false, error: msg('refusals.compensation.not_now', { state: 'PLANNED' }) }); // 'Not now: the trip is PLANNED.'
    world.dispose();
  });
});
