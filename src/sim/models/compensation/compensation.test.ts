import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../../test/sqljs';
import { World } from '../../world';

useSqlJs();

const INITIAL = { flight_price_cents: 40000, cancel_fee_cents: 5000, cancel_window: 10 };

function run(actions: unknown[], switches: Record<string, string> = {}) {
  const world = World.replay({ model: 'compensation', seed: 8, initial: INITIAL, switches }, actions);
  const result = { observed: world.observe(), broken: [...new Set(world.trace.flatMap((e) => e.invariants.filter((i) => !i.ok).map((i) => i.id)))] };
  world.dispose();
  return result;
}

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

  it('pretending the booking never happened breaks COMP-1', () => {
    expect(run(['book_flight', 'book_hotel', 'cancel_flight'], { compensation: 'pretend_rollback' }).broken).toEqual(['COMP-1']);
  });

  it('a step the trip machine does not allow is refused and changes nothing', () => {
    const world = World.create({ model: 'compensation', seed: 8, initial: INITIAL, switches: {} });
    expect(world.step('cancel_flight')).toEqual({ ok: false, error: 'Not now: the trip is PLANNED.' });
    world.dispose();
  });
});
