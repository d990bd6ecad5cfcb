/**
 * Partial-order reduction on the fencing model (L07): the reduced search reaches every
 * state the full one does, finds the same shortest counterexample, and tries fewer
 * transitions; a footprint that lies (says everything is independent) loses states — the
 * comparison can fail; an action no footprint is declared for is never put to sleep.
 */
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { external, L07 } from '../../test/fencingConfigs';
import type { Model } from '../model';
import { World, type WorldConfig } from '../world';
import { explore } from './explore';
import { EVERYTHING, footprintOf, independent } from './footprint';

useSqlJs();

const manual: WorldConfig = { ...L07, switches: { resource: 'fenced', network: 'manual' } };

/** The fencing model as the World runs it (the explorer's tests do not import the registry). */
function fencing(): Model {
  const world = World.create(L07);
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

  it('takes a crash point placed on no node of the World (a kind) to touch everything', () => {
    const model = fencing();
    const placed = model.faultPoints[0]!;
    const onKind: Model = { ...model, faultPoints: [{ ...placed, node: 'resource-kind' }] };
    for (const [m, expected] of [[model, { reads: [], writes: [`node:${placed.node}`, 'budget:crashes'] }], [onKind, EVERYTHING]] as const) {
      const world = World.create(L07, { model: m });
      try {
        expect(footprintOf(world, { type: 'crash_at', point: placed.point })).toEqual(expected);
      } finally {
        world.dispose();
      }
    }
  });
});
