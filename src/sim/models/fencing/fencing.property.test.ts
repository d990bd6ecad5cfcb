/**
 * Random schedules over the fencing World. With a fenced resource no schedule may get a
 * stale write accepted; with the external system, fast-check must find one that does.
 * fast-check prints the seed and the shrunk schedule on failure; rerun with that seed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../../test/sqljs';
import { World } from '../../world';
import { FENCING_BASE, fencingActionEntries } from './testSchedules';

useSqlJs();

const BASE = FENCING_BASE;
const actionArb = fc.oneof(...fencingActionEntries);

const schedule = fc.record({
  network: fc.constantFrom('auto', 'auto', 'manual'),
  actions: fc.array(actionArb, { minLength: 12, maxLength: 30 }),
});

/** Runs a schedule, skipping actions the World rejects; returns FENCE-1 violations seen. */
function staleWrites(resourceMode: string, network: string, actions: unknown[]): number {
  const world = World.create({ ...BASE, switches: { resource: resourceMode, network } });
  try {
    for (const action of actions) world.step(action);
    return world.trace.flatMap((e) => e.invariants).filter((i) => i.id === 'FENCE-1' && !i.ok).length;
  } finally {
    world.dispose();
  }
}

describe('fencing regressions (pinned counterexamples)', () => {
  it('a write sent just before its own release, arriving after it, harms no other holder', () => {
    const actions = ['A_release', 'A_write', 'tick', 'A_renew', { advance: 1 }, 'tick', 'deliver_next', 'A_acquire', 'tick', 'deliver_next'];
    const world = World.create({ ...BASE, switches: { network: 'manual' } });
    for (const action of actions) world.step(action);
    expect(world.trace.flatMap((e) => e.invariants).filter((i) => !i.ok)).toEqual([]);
    world.dispose();
  });
});

describe('fencing under random schedules', () => {
  it('a fenced resource never accepts a stale write (FENCE-1), and fences only grow (FENCE-2)', () => {
    fc.assert(fc.property(schedule, ({ network, actions }) => {
      const world = World.create({ ...BASE, switches: { network } });
      try {
        for (const action of actions) {
          world.step(action);
          for (const inv of world.invariants) expect(inv.violations, inv.id).toEqual([]);
        }
      } finally {
        world.dispose();
      }
    }), { numRuns: 150 });
  });

  it('the external system lets a stale write through: a counterexample is found', () => {
    const found = fc.check(fc.property(schedule, ({ network, actions }) => staleWrites('external', network, actions) === 0), { numRuns: 500 });
    expect(found.failed).toBe(true);
  });
});
