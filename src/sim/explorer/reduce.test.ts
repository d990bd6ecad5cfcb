/**
 * Partial-order reduction on the fencing model (L07): the reduced search reaches every
 * state the full one does, finds the same shortest counterexample, and tries fewer
 * transitions; a footprint that lies (says everything is independent) loses states — the
 * comparison can fail; an action no footprint is declared for is never put to sleep. And
 * the World's own crash_at on the refund model, whose worker crash points are placed on the
 * worker KIND: such a point fires in whichever worker reaches it first.
 */
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { external, L07 } from '../../test/fencingConfigs';
import type { Model } from '../model';
import { World, type WorldConfig } from '../world';
import { explore } from './explore';
import { footprintOf, independent } from './footprint';

useSqlJs();

const manual: WorldConfig = { ...L07, switches: { resource: 'fenced', network: 'manual' } };

/** L01's start: two workers, the shop, the provider; the worker crash points placed on the kind 'worker'. */
const refund: WorldConfig = {
  model: 'refund', seed: 1, switches: {},
  initial: { approved: false, expired: false, ledger_count: 0, committed: false, status: 'PENDING', amount_cents: 10000 },
};
const refundBounds = { depth: 3, advances: [3], crashes: 1, drops: 0, duplicates: 0 };

/** The fencing model as the World runs it (the explorer's tests do not import the registry). */
function fencing(): Model {
  return modelOf(L07);
}

function modelOf(config: WorldConfig): Model {
  const world = World.create(config);
  try {
    return world.model;
  } finally {
    world.dispose();
  }
}

describe('explore with partial-order reduction', () => {
  it('reaches the same states with fewer transitions (network delivering at once, and holding frames)', () => {
    // Depth 4 with frames held: a second write sent after the resource crashed (a live frame,
    // not a dead one) is lost if a send's footprint forgets that it reads its target.
    for (const [config, depth] of [[L07, 3], [manual, 4]] as const) {
      const full = explore({ config, bounds: { depth } });
      const reduced = explore({ config, bounds: { depth }, reduce: true });
      expect(reduced.states).toBe(full.states);
      expect(reduced.depthCompleted).toBe(depth);
      expect(reduced.slept).toBeGreaterThan(0);
      expect(reduced.transitions + reduced.slept!).toBe(full.transitions);
    }
  });

  it('finds the same shortest counterexample against the external system', () => {
    const full = explore({ config: external, bounds: { depth: 4 } });
    const reduced = explore({ config: external, bounds: { depth: 4 }, reduce: true });
    const shortest = (r: typeof full) => r.counterexamples.map((c) => `${c.invariant}@${c.steps}`);
    expect(shortest(reduced)).toEqual(shortest(full));
    expect(shortest(full)).toContain('FENCE-1@3');
  });

  it('loses states when a footprint lies (the comparison can fail)', () => {
    const liar: Model = { ...fencing(), footprint: () => ({ reads: [], writes: [] }) };
    const full = explore({ config: manual, bounds: { depth: 4 }, model: liar });
    const reduced = explore({ config: manual, bounds: { depth: 4 }, model: liar, reduce: true });
    expect(reduced.states).toBeLessThan(full.states);
  });

  it('never puts to sleep an action without a declared footprint', () => {
    const silent: Model = { ...fencing(), footprint: undefined };
    const reduced = explore({ config: L07, bounds: { depth: 3 }, model: silent, reduce: true });
    const full = explore({ config: L07, bounds: { depth: 3 }, model: silent });
    // Only crash points (the World's own action) may sleep: no business action, no clock move.
    expect(reduced.states).toBe(full.states);
    expect(independent({ reads: [], writes: ['*'] }, { reads: [], writes: [] })).toBe(false);
  });

  it('arms a crash point placed on a node kind in every node of that kind', () => {
    const world = World.create(refund);
    try {
      const armed = footprintOf(world, { type: 'crash_at', point: 'executor.after_dispatch' });
      expect(armed.writes).toEqual(['node:worker-1', 'node:worker-2', 'budget:crashes']);
      expect(footprintOf(world, { type: 'crash_at', point: 'provider.after_commit' }).writes).toEqual(['node:provider', 'budget:crashes']);
      // Whichever worker sends first takes the crash: arming conflicts with a step of either.
      for (const worker of ['worker-1', 'worker-2']) {
        expect(independent(armed, footprintOf(world, { type: 'submit', worker }))).toBe(false);
      }
      // A kind no node has: the point could fire anywhere.
      const nowhere: Model = { ...world.model, faultPoints: [{ point: 'executor.after_dispatch', node: 'robot', label: 'nowhere' }] };
      const other = World.create(refund, { model: nowhere });
      try {
        expect(footprintOf(other, { type: 'crash_at', point: 'executor.after_dispatch' }).writes).toEqual(['*']);
      } finally {
        other.dispose();
      }
    } finally {
      world.dispose();
    }
  });

  it('loses states when arming a worker-kind crash point is taken to touch only a node named after the kind', () => {
    // Taken to write `node:worker`, a resource no worker's step names, the armed point looks
    // independent of worker-2's submit, which then sleeps after it and never crashes there.
    const model = modelOf(refund);
    const kindOnly: Model = {
      ...model,
      footprint: (ctx, action) => {
        const point = model.faultPoints.find((p) => p.point === action.point);
        if (action.type === 'crash_at' && point?.node === 'worker') return { reads: [], writes: ['node:worker', 'budget:crashes'] };
        return model.footprint!(ctx, action);
      },
    };
    const full = explore({ config: refund, bounds: refundBounds, model });
    expect(explore({ config: refund, bounds: refundBounds, model, reduce: true }).states).toBe(full.states);
    expect(explore({ config: refund, bounds: refundBounds, model: kindOnly, reduce: true }).states).toBeLessThan(full.states);
  });
});
