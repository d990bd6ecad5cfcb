/**
 * L12's properties, judged by search from the lab's own start within the lab's default
 * bounds (src/sim/explorer/defaults.ts), no hand-written prefix:
 * - TOOL-1: with the guard the lab presents (a current, unexpired lease) search finds no tool
 *   call without one; with the guard that only checks ownership it finds the call made while
 *   the item is checkpointed or backing off after a failure (MWP-WRK-013 / -014).
 * - TOOL-2: with the key built from the ownership epoch no attempt is performed twice; with
 *   the key built from the lease ID the resume after a checkpoint presents a new key and the
 *   tool performs the attempt again (MWP-WRK-018). That break is five moves deep: the
 *   variant searches to depth 5 without clock moves, crashes, drops or duplicates, which it does not need.
 * - the end conditions: from states the search reaches, the design's own recovery moves
 *   settle them within the recovery bound (the explorer's recovery, driven here by hand).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../../test/sqljs';
import type { Bounds } from '../../explorer/bounds';
import { MODEL_BOUNDS } from '../../explorer/defaults';
import { explore } from '../../explorer/explore';
import { World, type WorldConfig } from '../../world';

useSqlJs();

/** A lab's starting World as its lab.json says (sim tests read the file; src/lab is above them). */
interface LabStart { id: string; config: WorldConfig }
function labStart(id: string, switches: Record<string, string> = {}): LabStart {
  const lab = JSON.parse(readFileSync(resolve('labs', id, 'lab.json'), 'utf8')) as { model: string; world: { seed: number; initial: Record<string, unknown>; switches?: Record<string, string> } };
  return { id, config: { model: lab.model, seed: lab.world.seed, initial: lab.world.initial, switches: { ...lab.world.switches, ...switches } } };
}
const L12 = labStart('L12');
const L09 = labStart('L09');
const defaults = MODEL_BOUNDS.authority!;
const search = (lab: LabStart, switches: Record<string, string> = {}, bounds: Partial<Bounds> = {}, stopAtFirst = false) =>
  explore({ config: labStart(lab.id, switches).config, bounds: { ...defaults, ...bounds }, stopAtFirst });
const found = (lab: LabStart, switches: Record<string, string>, bounds: Partial<Bounds> = {}) => search(lab, switches, bounds, true).counterexamples;

describe('L12: no externally visible action without a current lease (TOOL-1)', () => {
  it("L12's configuration: search completes its bounds and finds nothing", () => {
    const result = search(L12);
    expect(result.counterexamples.map((c) => `${c.invariant}: ${JSON.stringify(c.actions)}`)).toEqual([]);
    expect(result.depthCompleted).toBe(defaults.depth);
  }, 600_000);

  it('a guard that checks only ownership: search finds a tool call while the item has no lease', () => {
    const [first] = found(L12, { tool_guard: 'owner' });
    expect(first?.invariant).toBe('TOOL-1');
    // The call comes after the holder released (checkpoint) or lost (failure) its lease.
    expect(JSON.stringify(first?.actions)).toMatch(/checkpoint|report_failure/);
  }, 600_000);

  it('with the sweep off (L09), the same guard also calls under a lease that ran out', () => {
    const [first] = found(L09, { tool_guard: 'owner' });
    expect(first?.invariant).toBe('TOOL-1');
  }, 600_000);
});

describe('L12: the attempt key dedupes an attempt across its retries and resumes (TOOL-2)', () => {
  const deep = { depth: 5, advances: [], crashes: 0, drops: 0, duplicates: 0 };
  it('the key built from the lease ID: the resume presents a new key and the tool performs again', () => {
    const [first] = found(L12, { attempt_key: 'lease' }, deep);
    expect(first?.invariant).toBe('TOOL-2');
  }, 600_000);

  it('the key built from the ownership epoch: the same five moves perform once', () => {
    const result = search(L12, {}, deep);
    expect(result.counterexamples.map((c) => c.invariant)).toEqual([]);
    expect(result.depthCompleted).toBe(5);
  }, 600_000);
});

/** The explorer's recovery, by hand: the environment first (restart, heal, deliver), then the model's first accepted move. */
function recover(world: World, bound: number): { settled: boolean; moves: unknown[] } {
  const moves: unknown[] = [];
  for (let i = 0; i <= bound; i++) {
    if (world.endConditions().every((c) => c.ok)) return { settled: true, moves };
    if (i === bound) break;
    const crashed = world.nodes.find((n) => world.status(n.id) === 'crashed');
    const frame = world.network.inFlight.find((f) => world.canArrive(f));
    const candidates: unknown[] = crashed ? [{ type: 'restart', node: crashed.id }]
      : world.cutLinks().length ? [{ type: 'heal' }]
        : frame ? [{ type: 'deliver', frame: frame.id }] : world.modelRecoveryMoves();
    const move = candidates.find((m) => world.probe(m, (o) => o.ok));
    if (move === undefined) break;
    world.step(move);
    moves.push(move);
  }
  return { settled: false, moves };
}

describe('the authority labs recover: every end condition settles by the system\'s own moves', () => {
  for (const lab of [L12, L09]) {
    it(`${lab.id}: from every state search reaches, recovery settles within 12 moves`, () => {
      // The states: every counterexample-free path the bounded search visits, replayed.
      const config = lab.config;
      const paths: unknown[][] = [];
      const walk = (world: World, path: unknown[], depth: number) => {
        paths.push(path);
        if (depth === 0) return;
        for (const action of world.modelEnabled()!.slice(0, 6).concat([{ type: 'advance', by: 11 }, { type: 'crash_at', point: 'accept.after_commit' }])) {
          const fork = world.fork({ history: false });
          if (fork.step(action).ok) walk(fork, [...path, action], depth - 1);
          fork.dispose();
        }
      };
      const root = World.create(config);
      walk(root, [], 2);
      root.dispose();
      expect(paths.length).toBeGreaterThan(20);
      const stuck: string[] = [];
      for (const path of paths) {
        const world = World.replay(config, path);
        const { settled, moves } = recover(world, 12);
        if (!settled) stuck.push(`${JSON.stringify(path)} → ${JSON.stringify(moves)}: ${world.endConditions().filter((c) => !c.ok).map((c) => c.id).join(', ')}`);
        world.dispose();
      }
      expect(stuck).toEqual([]);
    }, 600_000);
  }

  it('a crash after commit leaves the command unanswered; the resend gets the original receipt', () => {
    const world = World.create(L12.config);
    world.step({ crash_at: 'accept.after_commit' });
    world.step({ send: { actor: 'agent-1', action_id: 'c1', kind: 'claim', expected_revision: 'current', payload: { work_item: 'W1' } } });
    expect(world.endConditions().find((c) => c.id === 'AUTH-E1')?.ok).toBe(false);
    const { settled, moves } = recover(world, 12);
    expect(settled).toBe(true);
    expect(moves).toContainEqual({ type: 'resend_unanswered', actor: 'agent-1' });
    expect((world.observe() as { last: { code: string } }).last.code).toBe('DUPLICATE');
    world.dispose();
  });

  it('an expired lease with the sweep off: the lead reassigns it; with the sweep on, the next tick does', () => {
    for (const [lab, expected] of [[L09, 'send'], [L12, 'advance']] as const) {
      const world = World.create(lab.config);
      world.step({ send: { actor: 'agent-1', action_id: 'c1', kind: 'claim', expected_revision: 'current', payload: { work_item: 'W1' } } });
      world.step({ crash_at: 'accept.after_state_change' }); // cuts the sweep short in L12
      world.step({ advance: 11 });
      expect(world.endConditions().find((c) => c.id === 'AUTH-E2')?.ok, lab.id).toBe(false);
      const { settled, moves } = recover(world, 12);
      expect(settled, `${lab.id}: ${JSON.stringify(moves)}`).toBe(true);
      expect(moves.map((m) => (m as { type: string }).type)).toContain(expected);
      world.dispose();
    }
  });
});
