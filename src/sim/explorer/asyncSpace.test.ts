/**
 * The explorer over an asynchronous model (the LangGraph workflow, L05): the search finds a
 * shortest counterexample that replays through `runStep`; the right design has none; the
 * states it reaches by undo are the states a fresh replay reaches (same fingerprint), also
 * around a run parked mid-node — where a bare undo is shown to be wrong.
 */
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { replaySteps, runStep } from '../asyncStep';
import type { ModelAction } from '../model';
import type { WorldConfig } from '../world';
import { asyncSearchSpace } from './asyncSpace';
import { exploreAsync } from './explore';
import { worldFingerprint } from './fingerprint';
import { swarmAsync } from './swarm';

useSqlJs();

const config = (recovery: string, more: Record<string, string> = {}): WorldConfig => ({ model: 'workflow', seed: 5, initial: { amount_cents: 10000 }, switches: { recovery, ...more } });
// Two workers both sending needs an epoch check that cannot refuse (the right one stops the second).
const READ_ONLY_CHECK = { epoch_check: 'read' };
const BOUNDS = { advances: [], crashes: 1, drops: 0, duplicates: 0, partitions: 0 };

async function freshFingerprint(cfg: WorldConfig, actions: readonly unknown[]): Promise<string> {
  const world = await replaySteps(cfg, actions);
  try {
    return worldFingerprint(world);
  } finally {
    world.dispose();
  }
}

const act = (...types: string[]): ModelAction[] => types.map((type) => ({ type }));
// Fault 6: A's submit stalls with its request built; the run is PARKED (a promise outside the World).
const PARKED = act('stall_after_check', 'ask', 'approve');

describe('exploreAsync (the LangGraph workflow)', () => {
  it('finds a shortest LG-LEDGER-1 counterexample against checkpoints without a key, and it replays', async () => {
    const result = await exploreAsync({ config: config('current_node', READ_ONLY_CHECK), bounds: { ...BOUNDS, depth: 2 }, stopAtFirst: true });
    const found = result.counterexamples.find((c) => c.invariant === 'LG-LEDGER-1');
    expect(found?.steps).toBe(2); // ask, the approval event reaches two workers: both submit, no key
    const world = await replaySteps(config('current_node', READ_ONLY_CHECK), found!.actions);
    try {
      expect(world.invariants.find((i) => i.id === 'LG-LEDGER-1')?.ok).toBe(false);
    } finally {
      world.dispose();
    }
  }, 120_000);

  it('finds nothing against the right design, and says how far it went', async () => {
    const result = await exploreAsync({ config: config('all_three'), bounds: { ...BOUNDS, depth: 2 } });
    expect(result.counterexamples).toEqual([]);
    expect(result.depthCompleted).toBe(2);
    expect(result.stoppedBy).toBeNull();
    expect(result.states).toBeGreaterThan(20);
  }, 120_000);

  it('a swarm over the workflow is reproduced by its seed alone', async () => {
    const run = () => swarmAsync({ config: config('current_node'), bounds: { ...BOUNDS, depth: 4 }, seed: 11, runs: 4 });
    const [a, b] = [await run(), await run()];
    expect(b.transitions).toBe(a.transitions);
    expect(b.counterexamples.map((c) => c.actions)).toEqual(a.counterexamples.map((c) => c.actions));
  }, 120_000);
});

describe('the asynchronous search space', () => {
  it('the same actions replayed twice give the same fingerprint (LangGraph\'s wall-clock ids are not in it)', async () => {
    const path = act('ask', 'approve');
    expect(await freshFingerprint(config('all_three'), path)).toBe(await freshFingerprint(config('all_three'), path));
  }, 120_000);

  it('every state it opens — by undo or by replay — has the fingerprint of a fresh replay, parked runs included', async () => {
    const cfg = config('all_three');
    const space = await asyncSearchSpace(cfg, [], 6);
    // Siblings (undo one step), a jump across the tree, into a parked run and out of it again.
    const paths: ModelAction[][] = [
      act('ask'), act('ask', 'approve'), act('ask', 'shop_unavailable'), act('ask', 'shop_unavailable', 'approve'),
      PARKED, [...PARKED, ...act('takeover')], [...PARKED, ...act('wake')], PARKED, act('ask', 'approve'), [],
    ];
    try {
      for (const path of paths) {
        const world = await space.open(path);
        expect(worldFingerprint(world), JSON.stringify(path)).toBe(await freshFingerprint(cfg, path));
      }
      // Undoing out of a parked state cannot bring the promise back: the space rebuilt by replay instead.
      expect(space.replays()).toBeGreaterThan(0);
    } finally {
      space.dispose();
    }
  }, 180_000);

  it('a fork of a quiet state is the state a replay reaches; of a parked one it is not (the explorer never forks)', async () => {
    const cfg = config('all_three');
    for (const [path, same] of [[act('ask', 'approve'), true], [PARKED, false]] as const) {
      const world = await replaySteps(cfg, path);
      const fork = world.fork();
      try {
        expect(worldFingerprint(fork) === await freshFingerprint(cfg, path), JSON.stringify(path)).toBe(same);
      } finally {
        fork.dispose();
        world.dispose();
      }
    }
  }, 120_000);

  it('a bare undo past a parked run is NOT the state a replay reaches (why the space checks `quiet`)', async () => {
    const cfg = config('all_three');
    const world = await replaySteps(cfg, PARKED, { history: { recent: 8, every: 16 } });
    try {
      await runStep(world, 'wake'); // the parked promise runs to its end
      world.undoTo(PARKED.length); // the databases go back; the promise does not
      expect(worldFingerprint(world)).not.toBe(await freshFingerprint(cfg, PARKED));
    } finally {
      world.dispose();
    }
  }, 120_000);
});
