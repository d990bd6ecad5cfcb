/**
 * L08's end conditions and recovery moves, on Worlds: from every state the bounded search
 * reaches, the agent's own moves (book the hotel, cancel, the desk closes the case) settle
 * the trip in the lab's design; a design that keeps retrying a failed cancellation, or that
 * pretends the booking never happened, leaves states nothing settles.
 */
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../../test/sqljs';
import { boundsWith } from '../../explorer/bounds';
import { MODEL_BOUNDS } from '../../explorer/defaults';
import { World } from '../../world';
import { recover, statesWithin } from '../recoveryWalk';
import { compensationModel } from './index';

useSqlJs();
const INITIAL = { flight_price_cents: 40000, cancel_fee_cents: 5000, cancel_window: 10 };
const bounds = boundsWith(MODEL_BOUNDS.compensation);

/** The first state (its step log) from which recovery does not settle, with what stays unmet. */
function firstUnrecoverable(switches: Record<string, string>): { path: unknown[]; unmet: string[] } | null {
  const world = World.create({ model: 'compensation', seed: 8, initial: INITIAL, switches });
  let found: { path: unknown[]; unmet: string[] } | null = null;
  try {
    statesWithin(world, bounds, (w, path) => {
      if (found) return;
      const fork = w.fork();
      try {
        const walk = recover(fork, compensationModel.recoveryBound ?? 12);
        if (!walk.settled) found = { path, unmet: walk.unmet };
      } finally {
        fork.dispose();
      }
    });
  } finally {
    world.dispose();
  }
  return found;
}

describe('every booking ends (seed 002 §8)', () => {
  it('the starting state is settled, a booked flight is not', () => {
    const world = World.replay({ model: 'compensation', seed: 8, initial: INITIAL, switches: {} }, ['book_flight']);
    expect(world.endConditions().filter((c) => !c.ok).map((c) => c.id)).toEqual(['COMP-END-1']);
    expect(recover(world, 8)).toMatchObject({ settled: true, moves: [{ type: 'book_hotel' }, { type: 'cancel_flight' }] });
    expect(world.observe()).toMatchObject({ trip_state: 'COMPENSATED', paid_cents: 5000 });
    world.dispose();
  });
  it('a withdrawn consent: the cancel is refused and recorded, the desk closes the case', () => {
    const world = World.replay({ model: 'compensation', seed: 8, initial: INITIAL, switches: {} }, ['book_flight', 'withdraw_consent']);
    expect(recover(world, 8)).toMatchObject({ settled: true, moves: [{ type: 'book_hotel' }, { type: 'cancel_flight' }, { type: 'resolve_manually' }] });
    expect(world.observe()).toMatchObject({
      trip_state: 'CLOSED_BY_HAND', paid_cents: 40000, cancellations: [],
      compensations: [{ action: 'cancel_flight', acted: false, grant: null, result: 'NO_AUTHORITY' }, { action: 'close_by_hand', done_by: 'ops-desk', grant: 'G-2' }],
    });
    expect(world.invariants.filter((i) => !i.ok)).toEqual([]);
    world.dispose();
  });
  for (const switches of [{}, { hotel: 'available' }, { airline_cancel: 'fails' }] as Record<string, string>[]) {
    it(`the lab's design settles from every state within its bounds: ${JSON.stringify(switches)}`, () => {
      expect(firstUnrecoverable(switches)).toBeNull();
    });
  }
  it('a design that retries a failed cancellation never settles once the deadline passed', () => {
    expect(firstUnrecoverable({ cancel_failure: 'retry' })).toMatchObject({ unmet: ['COMP-END-1'] });
  });
  it('pretending the flight was never booked leaves the money and the ending apart', () => {
    expect(firstUnrecoverable({ compensation: 'pretend_rollback' })).toMatchObject({ unmet: ['COMP-END-2'] });
  });
});
