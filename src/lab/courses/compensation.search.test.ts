/**
 * Search over L08 from its starting state within its default bounds (no hand-written
 * prefix): a design that cancels on a withdrawn consent breaks COMP-3, one that retries a
 * failed cancellation breaks COMP-2, and the lab's own design breaks nothing. With
 * recovery on: from every reached state the agent's own moves (book the hotel, cancel, the
 * desk closes the case) settle the trip in the lab's design; an agent that keeps asking a
 * full hotel for a room never does (COMP-END-1).
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { World } from '../../sim/world';
import { configFor } from '../config';
import { loadLabsFromDir } from '../nodeFiles';
import { searchLab } from '../search';

useSqlJs();
const l08 = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok && l.lab.id === 'L08' ? [l.lab] : []))[0]!;
const found = async (switches: Record<string, string>) => (await searchLab(l08, { switches, stopAtFirst: true })).counterexamples.map((c) => c.invariant);

/** The model's own recovery moves from a World, first accepted each time, until settled: the moves taken. */
function recoverByHand(world: World, bound: number): unknown[] {
  const moves: unknown[] = [];
  while (world.endConditions().some((c) => !c.ok) && moves.length < bound) {
    const move = world.modelRecoveryMoves().find((m) => world.step(m).ok);
    if (!move) break;
    moves.push(move);
  }
  return moves;
}

describe('search judges who may cancel (seed 002 §8)', () => {
  it('an agent that acts on the consent it was given at booking cancels after the traveller withdrew it: COMP-3', async () => {
    expect(await found({ cancel_authority: 'consent_at_booking' })).toContain('COMP-3');
  });
  it('an agent that retries a failed cancellation instead of handing it to a person: COMP-2', async () => {
    expect(await found({ cancel_failure: 'retry', airline_cancel: 'fails' })).toContain('COMP-2');
  });
  it("the lab's design, which checks the consent before cancelling, breaks nothing", async () => {
    const result = await searchLab(l08);
    expect(result.counterexamples.map((c) => `${c.invariant}: ${JSON.stringify(c.actions)}`)).toEqual([]);
    expect(result.stoppedBy).toBeNull();
  });
});

describe('every booking ends (recovery)', () => {
  it('a booked flight is unsettled; the agent books the hotel, then cancels', async () => {
    const world = World.replay(configFor(l08), ['book_flight']);
    expect(world.endConditions().filter((c) => !c.ok).map((c) => c.id)).toEqual(['COMP-END-1']);
    expect(recoverByHand(world, 8)).toEqual([{ type: 'book_hotel' }, { type: 'cancel_flight' }]);
    expect(world.observe()).toMatchObject({ trip_state: 'COMPENSATED', paid_cents: 5000 });
    world.dispose();
  });
  it('a withdrawn consent: the cancel is refused and recorded, the desk closes the case', async () => {
    const world = World.replay(configFor(l08), ['book_flight', 'withdraw_consent']);
    expect(recoverByHand(world, 8)).toEqual([{ type: 'book_hotel' }, { type: 'cancel_flight' }, { type: 'resolve_manually' }]);
    expect(world.observe()).toMatchObject({
      trip_state: 'CLOSED_BY_HAND', paid_cents: 40000, cancellations: [],
      compensations: [{ action: 'cancel_flight', acted: false, grant: null, result: 'NO_AUTHORITY' }, { action: 'close_by_hand', done_by: 'ops-desk', grant: 'G-2' }],
    });
    expect(world.endConditions().every((c) => c.ok)).toBe(true);
    world.dispose();
  });
  for (const switches of [{}, { hotel: 'available' }, { airline_cancel: 'fails' }] as Record<string, string>[]) {
    it(`the lab's design settles from every reached state: ${JSON.stringify(switches)}`, async () => {
      const result = await searchLab(l08, { switches, recover: true });
      expect((result.unrecoverable ?? []).map((c) => `${c.invariant} (${c.why}): ${JSON.stringify(c.actions)}`)).toEqual([]);
      expect(result.recovered).toBe(result.states);
    });
  }
  it('an agent that keeps asking a full hotel for a room never settles: COMP-END-1', async () => {
    const result = await searchLab(l08, { switches: { compensation: 'wait_for_room' }, recover: true, stopAtFirst: true });
    expect(result.counterexamples).toEqual([]);
    expect(result.unrecoverable?.map((c) => [c.invariant, c.why])).toContainEqual(['COMP-END-1', 'bound']);
  });
});
