/**
 * Every crash is recoverable (L05's LangGraph workflow): from faulty states, the system's own
 * moves — a crashed worker restarted (its design's recovery runs), then the model's recovery
 * moves (a stalled worker wakes, the worker retries its run) — reach a state where every end
 * condition holds, within the model's recovery bound, in the design the lab presents as
 * right; a design that loses its run does not get there. Driven by hand here the way the
 * explorer's recovery search drives it (environment first, then the model's first move).
 */
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { runStep } from '../../sim/asyncStep';
import type { World } from '../../sim/world';
import { useLabs } from '../driver/testing';

useSqlJs();
const openLab = useLabs();

const unmet = (world: World) => world.endConditions().filter((c) => !c.ok).map((c) => c.id);

/** Recovery from `world` as it stands: returns the moves made and the end conditions still unmet. */
async function recover(world: World): Promise<{ moves: unknown[]; unmet: string[] }> {
  const bound = world.model.recoveryBound ?? 12;
  const moves: unknown[] = [];
  while (unmet(world).length > 0 && moves.length < bound) {
    const crashed = world.nodes.find((n) => world.status(n.id) === 'crashed');
    const move = crashed ? { restart: crashed.id } : world.modelRecoveryMoves()[0];
    if (!move) break;
    const outcome = await runStep(world, move);
    if (!outcome.ok) throw new Error(`recovery move ${JSON.stringify(move)} refused`);
    moves.push(move);
  }
  return { moves, unmet: unmet(world) };
}

async function from(recovery: string, prefix: unknown[]) {
  const lab = openLab('L05', { switches: { recovery } }).act(...prefix);
  await lab;
  return lab.world;
}

const FAULTY: [string, unknown[]][] = [
  ['crash before the send', ['ask', { crash_at: 'workflow.before_submit' }, 'approve']],
  ['crash after the provider answered', ['ask', { crash_at: 'workflow.after_provider_answer' }, 'approve']],
  ['crash before a checkpoint commits', [{ crash_at: 'checkpoint.before_put_commit' }, 'ask']],
  ['stalled after its epoch check', ['ask', 'stall_after_check', 'approve']],
  ['stalled, B took over', ['ask', 'stall_after_check', 'approve', 'takeover']],
  ['approval recorded, its event not delivered', ['ask', 'grant']],
  ['approval recorded, then expired', ['ask', 'grant', 'expire']],
  ['two workers, A crashed before its send', ['ask', { crash_at: 'workflow.before_submit' }, 'approve_to_two']],
  ['the provider crashed before its refund committed', ['ask', { crash_at: 'provider.before_commit' }, 'approve']],
];

describe('L05 recovery: every crash is recoverable in the design presented right', () => {
  for (const [what, prefix] of FAULTY) {
    it(`all three: ${what}`, async () => {
      const world = await from('all_three', prefix);
      const result = await recover(world);
      expect(result.unmet, JSON.stringify(result.moves)).toEqual([]);
      expect(world.invariants.filter((i) => !i.ok).map((i) => i.id)).toEqual([]);
    });
  }

  it('the faulty states are not settled before recovery (the end conditions can fail)', async () => {
    expect(unmet(await from('all_three', ['ask', 'stall_after_check', 'approve']))).toEqual(['LG-END-1']);
    expect(unmet(await from('all_three', ['ask', { crash_at: 'workflow.before_submit' }, 'approve']))).toEqual(['LG-END-1']);
    expect(unmet(await from('all_three', ['ask', 'grant']))).toEqual(['LG-END-1']);
  });

  it('key only: the restarted run asks for the approval again and waits; nothing the system does decides the intent', async () => {
    const world = await from('key_only', ['ask', { crash_at: 'workflow.before_submit' }, 'approve']);
    const result = await recover(world);
    expect(result.moves).toEqual([{ restart: 'A' }]);
    expect(result.unmet).toEqual(['LG-END-1']);
    expect(world.endConditions().find((c) => c.id === 'LG-END-1')!.violations).toEqual([
      { key: 'violations.workflow.undecided', params: { operation: 'op-1', status: 'PREPARED' } }]);
  });

  it('a run that ends on an UNKNOWN outcome: retrying finds the run finished, and nobody decides the intent', async () => {
    const opened = openLab('L05', { switches: { unknown_outcome: 'leave' } }).act('ask', 'lose_response', 'approve');
    await opened;
    const world = opened.world;
    const result = await recover(world);
    expect(result.moves).toEqual(Array(4).fill({ type: 'retry' }));
    expect(world.endConditions().find((c) => c.id === 'LG-END-1')!.violations).toEqual([
      { key: 'violations.workflow.undecided', params: { operation: 'op-1', status: 'UNKNOWN' } }]);
  });

  it('messages only: recovery settles the run, but the ledger disagrees with the intent (two refunds, CONFIRMED)', async () => {
    const world = await from('messages_only', ['ask', { crash_at: 'workflow.after_provider_answer' }, 'approve']);
    const result = await recover(world);
    expect(result.unmet).toEqual(['LG-END-1']);
    expect(world.endConditions().find((c) => c.id === 'LG-END-1')!.violations[0]).toMatchObject({ key: 'violations.workflow.ledger_disagrees', params: { count: 2 } });
  });
});
