/**
 * The refund model's end conditions and its own recovery moves, run by the explorer's
 * recovery (src/sim/explorer/recover.ts): the environment first — restart a crashed node,
 * deliver the oldest frame that can arrive — then the first of the model's moves the World
 * accepts, until every end condition holds or the model's bound runs out.
 */
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../../test/sqljs';
import { driveSync, type SearchRequest } from '../../explorer/drive';
import { recoverFrom } from '../../explorer/recover';
import { plainAction } from '../../explorer/result';
import { World, type WorldConfig } from '../../world';

useSqlJs();

const INITIAL = { approved: false, expired: false, ledger_count: 0, committed: false, status: 'PENDING', amount_cents: 10000 };
const config = (switches: Record<string, string> = {}): WorldConfig => ({ model: 'refund', seed: 1, initial: INITIAL, switches });

const unmet = (world: World) => world.endConditions().filter((c) => !c.ok).map((c) => c.id);

/** The explorer's recovery (recover.ts) from the World's current state: the unmet end conditions at the end and the moves taken. */
function recover(world: World): { unmet: string[]; moves: unknown[]; why: string; after: Record<string, unknown> } {
  const run = driveSync(recoverFrom(world.config, world.actions.map(plainAction)), (request: SearchRequest) => {
    if (request.kind === 'replay') return World.replay(request.config, request.actions, { history: false });
    if (request.kind === 'step') return request.world.step(request.action);
    throw new Error(request.kind);
  });
  const after = World.replay(world.config, [...world.actions.map(plainAction), ...run.moves.map(plainAction)]);
  const observed = after.observe();
  after.dispose();
  return { unmet: run.settled ? [] : run.unmet.map((c) => c.id), moves: run.moves, why: run.settled ? 'settled' : run.why, after: observed };
}

describe('refund recovery: every crash is recoverable in the designs presented right', () => {
  it('L01: a worker that dies between its epoch check and the send is settled after its restart (lookup, wait out the deadline, send)', () => {
    const world = World.replay(config(), ['approve', { crash_at: 'executor.after_fence_check' }, 'submit']);
    expect(world.observe().status).toBe('SUBMITTED');
    expect(unmet(world)).toContain('REF-END-1');
    const result = recover(world);
    expect(result.unmet, JSON.stringify(result.moves)).toEqual([]);
    expect(result.after).toMatchObject({ status: 'CONFIRMED', ledger_count: 1 });
    world.dispose();
  });

  it('a lost answer: the timeout, a lookup finds the refund — no second send', () => {
    const world = World.replay(config(), ['approve', 'lose_response', 'submit']);
    const result = recover(world);
    expect(result.unmet).toEqual([]);
    expect(result.after).toMatchObject({ status: 'CONFIRMED', ledger_count: 1 });
    world.dispose();
  });

  it('a provider with neither keys nor lookup: the operation is parked for a person, a terminal outcome', () => {
    const world = World.replay(config({ idempotency: 'off', lookup: 'off' }), ['approve', 'lose_response', 'submit']);
    const result = recover(world);
    expect(result.unmet).toEqual([]);
    expect(result.after).toMatchObject({ status: 'IN_RECONCILIATION', ledger_count: 1 });
    world.dispose();
  });

  it('a stalled worker holding a checked send is woken; the held send is not settled before that (REF-END-2)', () => {
    const world = World.replay(config(), ['approve', 'pause_after_fence_check', 'takeover']);
    expect(unmet(world)).toContain('REF-END-2');
    const result = recover(world);
    expect(result.unmet).toEqual([]);
    expect(result.after).toMatchObject({ status: 'CONFIRMED', ledger_count: 1 });
    world.dispose();
  });

  it('the one-transaction refund (L04): a crash inside it is retried to one ledger row', () => {
    const world = World.replay(config({ refund_mode: 'local_transaction' }), ['approve', { crash_at: 'local.before_commit' }, 'submit']);
    const result = recover(world);
    expect(result.unmet).toEqual([]);
    expect(result.after).toMatchObject({ status: 'CONFIRMED', ledger_count: 1 });
    world.dispose();
  });
});

describe('refund recovery: a design that gets stuck is not settled', () => {
  it('flag first, then refund: after a crash between the two the refund is skipped forever', () => {
    const world = World.replay(config({ refund_mode: 'kv_flag_first' }), ['approve', { crash_at: 'kv.between_systems' }, 'submit']);
    const result = recover(world);
    // Its own retry trusts the flag and reports done a refund that never happened.
    expect(result).toMatchObject({ why: 'broken', unmet: ['REF-4'] });
    expect(result.after).toMatchObject({ status: 'CONFIRMED', ledger_count: 0 });
    world.dispose();
  });
});
