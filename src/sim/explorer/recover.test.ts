/**
 * Recoverability (recover.ts) on the fencing model (L07) with end conditions added here: the
 * recovery is deterministic, puts the environment's moves (restart) before the model's, says
 * why it did not settle (stuck, bound, an invariant broken on the way), and the search
 * reports the first state it cannot settle from as a replayable card.
 */
import { describe, expect, it } from 'vitest';
import { msg } from '../../core/message';
import type { EndCondition, Model } from '../model';
import { useSqlJs } from '../../test/sqljs';
import { World, type WorldConfig } from '../world';
import { driveSync, type SearchRequest } from './drive';
import { explore } from './explore';
import { recoverFrom, type RecoveryRun } from './recover';

useSqlJs();

const L07: WorldConfig = {
  model: 'fencing', seed: 7,
  initial: { current_token: 1, lease_until: 10, now: 0, workers: { A: 1, B: null } },
  switches: { resource: 'fenced' },
};

const upToTime: EndCondition = {
  id: 'TEST-TIME', statement: 'The clock has reached t=40.', rules: [],
  check: (ctx) => (ctx.clock.now >= 40 ? [] : [msg('violations.engine.threw', { error: `t=${ctx.clock.now}` })]),
};
const allUp: EndCondition = {
  id: 'TEST-UP', statement: 'Every node is up.', rules: [],
  check: (ctx) => ['authority', 'A', 'B', 'resource'].filter((n) => { try { return ctx.status(n) === 'crashed'; } catch { return false; } })
    .map((n) => msg('violations.engine.threw', { error: `${n} is down` })),
};

/** The fencing model with end conditions and recovery moves of the test's choosing. */
function variant(endConditions: EndCondition[], moves: (now: number) => { type: string; [k: string]: unknown }[], bound?: number): Model {
  const probe = World.create(L07);
  const base = probe.model;
  probe.dispose();
  return { ...base, endConditions, recoveryMoves: (ctx) => moves(ctx.clock.now) as never, recoveryBound: bound };
}

function recover(model: Model, actions: unknown[]): RecoveryRun {
  return driveSync(recoverFrom(L07, actions), (request: SearchRequest) => {
    if (request.kind === 'replay') return World.replay(request.config, request.actions, { model, history: false });
    if (request.kind === 'step') return request.world.step(request.action);
    throw new Error(request.kind);
  });
}

describe('recoverFrom', () => {
  it('settles by the model\'s own moves within its bound', () => {
    const run = recover(variant([upToTime], () => [{ type: 'advance', by: 11 }]), []);
    expect(run.settled).toBe(true);
    expect(run.moves).toEqual(Array(4).fill({ type: 'advance', by: 11 }));
  });

  it('is stuck when no move applies, and says so', () => {
    const run = recover(variant([upToTime], () => []), []);
    expect(run).toMatchObject({ settled: false, why: 'stuck', moves: [] });
  });

  it('stops at the bound', () => {
    const run = recover(variant([upToTime], () => [{ type: 'advance', by: 1 }], 5), []);
    expect(run).toMatchObject({ settled: false, why: 'bound' });
    expect(run.moves).toHaveLength(5);
  });

  it('restarts a crashed node before the model moves', () => {
    // The resource crashes inside A's write (the lab's own scenario, without its restart).
    const run = recover(variant([allUp], () => [{ type: 'advance', by: 1 }]), [{ crash_at: 'resource.before_commit' }, 'A_write']);
    expect(run.settled).toBe(true);
    expect(run.moves).toEqual([{ type: 'restart', node: 'resource' }]);
  });
});

describe('explore with recover', () => {
  it('reports the first state whose recovery does not settle, as a card that replays to it', () => {
    const model = variant([upToTime], () => []);
    const result = explore({ config: L07, bounds: { depth: 2, advances: [11] }, recover: true, model });
    expect(result.unrecoverable?.[0]).toMatchObject({ invariant: 'TEST-TIME', steps: 0, recovery: 0, why: 'stuck' });
  });

  it('finds nothing when every reached state settles', () => {
    const model = variant([upToTime], () => [{ type: 'advance', by: 11 }]);
    const result = explore({ config: L07, bounds: { depth: 2, advances: [11] }, recover: true, model });
    expect(result.unrecoverable).toEqual([]);
    expect(result.recovered).toBe(result.states);
  });
});
