/**
 * The explorer on the fencing model (L07): a broken design is found with a shortest
 * counterexample that replays; the fenced design is not; states dedupe by fingerprint;
 * bounds stop a search visibly; a swarm is reproduced by its seed alone.
 */
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { external, L07 } from '../../test/fencingConfigs';
import { World, type WorldConfig } from '../world';
import { explore } from './explore';
import { worldFingerprint } from './fingerprint';
import { swarm } from './swarm';

useSqlJs();


const fingerprintAfter = (config: WorldConfig, actions: unknown[]) => {
  const world = World.replay(config, actions);
  try {
    return worldFingerprint(world);
  } finally {
    world.dispose();
  }
};

describe('explore (exhaustive, breadth-first)', () => {
  it('finds a shortest FENCE-1 counterexample against the external system, and it replays', () => {
    const result = explore({ config: external, bounds: { depth: 4 }, stopAtFirst: true });
    const found = result.counterexamples.find((c) => c.invariant === 'FENCE-1');
    expect(found?.steps).toBe(3); // stall with a write in hand, let the lease run out, wake
    const world = World.replay(external, found!.actions);
    try {
      expect(world.invariants.find((i) => i.id === 'FENCE-1')?.ok).toBe(false);
    } finally {
      world.dispose();
    }
  });

  it('finds nothing against the fenced resource within the same bounds', () => {
    const result = explore({ config: L07, bounds: { depth: 4 } });
    expect(result.counterexamples).toEqual([]);
    expect(result.depthCompleted).toBe(4);
    expect(result.states).toBeGreaterThan(100);
    expect(result.stoppedBy).toBeNull();
  });

  it('reports the bound that stopped it, never silently', () => {
    const result = explore({ config: L07, bounds: { depth: 6, maxStates: 50 } });
    expect(result.stoppedBy).toBe('maxStates');
    expect(result.depthCompleted).toBeLessThan(6);
    expect(result.boundsText).toContain('≤ 50 states');
    expect(result.boundsText).toContain('depth ≤ 6');
  });

  it('stops when asked, keeping what it covered', () => {
    const full = explore({ config: L07, bounds: { depth: 4 } });
    let asked = 0;
    const result = explore({ config: L07, bounds: { depth: 4 }, stop: () => ++asked > 40 });
    expect(result.stoppedBy).toBe('cancelled');
    expect(result.states).toBeGreaterThan(1);
    expect(result.states).toBeLessThan(full.states);
    expect(result.depthCompleted).toBeLessThan(4);
  });

  it('starts from a given step log', () => {
    const result = explore({ config: external, prefix: ['A_pause', { advance: 11 }], bounds: { depth: 1 } });
    const found = result.counterexamples.find((c) => c.invariant === 'FENCE-1')!;
    expect(found.steps).toBe(1);
    expect(found.actions).toHaveLength(3);
  });
});

describe('world fingerprint', () => {
  it('is the same for interleavings that reach the same logical state', () => {
    expect(fingerprintAfter(L07, ['A_pause', 'tick'])).toBe(fingerprintAfter(L07, ['tick', 'A_pause']));
    // Absolute time does not matter once every deadline is behind us.
    expect(fingerprintAfter(L07, [{ advance: 11 }])).toBe(fingerprintAfter(L07, [{ advance: 12 }]));
  });

  it('differs when the logical state differs', () => {
    expect(fingerprintAfter(L07, ['A_pause'])).not.toBe(fingerprintAfter(L07, []));
    expect(fingerprintAfter(L07, ['tick'])).not.toBe(fingerprintAfter(L07, [])); // the lease is nearer its end
    expect(fingerprintAfter({ ...L07, switches: { network: 'manual' } }, ['B_acquire']))
      .not.toBe(fingerprintAfter({ ...L07, switches: { network: 'manual' } }, []));
  });
});

describe('swarm (seeded random walks)', () => {
  it('the seed alone reproduces a swarm, counterexamples included', () => {
    const run = () => swarm({ config: external, seed: 12345, runs: 30, bounds: { depth: 10 } });
    const first = run();
    const second = run();
    expect(second).toEqual(first);
    expect(first.seed).toBe(12345);
  });

  it('finds the stale write against the external system and shrinks it', () => {
    const result = swarm({ config: external, seed: 1, runs: 60, bounds: { depth: 12 } });
    const found = result.counterexamples.find((c) => c.invariant === 'FENCE-1');
    expect(found).toBeDefined();
    expect(found!.steps).toBeLessThanOrEqual(5);
  });

  it('finds nothing against the fenced resource', () => {
    const result = swarm({ config: L07, seed: 1, runs: 30, bounds: { depth: 12 } });
    expect(result.counterexamples).toEqual([]);
  });
});
