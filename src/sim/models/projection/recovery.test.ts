/**
 * L10 / L11 liveness on Worlds: the end conditions, and the system's own recovery
 * (recover.ts's candidates: the environment first, then the model's moves) from states
 * search would reach. Each end condition is shown unmet where it should be, and settled
 * by the recovery where the design is right.
 */
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../../test/sqljs';
import { recoveryBound, recoveryCandidates } from '../../explorer/recover';
import { World } from '../../world';

useSqlJs();

const unmet = (world: World) => world.endConditions().filter((c) => !c.ok).map((c) => c.id);

function run(actions: unknown[], switches: Record<string, string> = {}): World {
  const world = World.create({ model: 'projection', seed: 10, initial: { org: 'acme', group: 'G1' }, switches: { network: 'manual', ...switches } });
  for (const action of actions) {
    const outcome = world.step(action);
    if (!outcome.ok) throw new Error(`${JSON.stringify(action)}: ${outcome.error}`);
  }
  return world;
}

/** The recovery path of recover.ts, stepped here: true when settled within the model's bound. */
function recover(world: World): { settled: boolean; moves: number } {
  let moves = 0;
  while (unmet(world).length > 0) {
    if (moves >= recoveryBound(world)) return { settled: false, moves };
    const next = recoveryCandidates(world).find((move) => world.step(move).ok);
    if (!next) return { settled: false, moves };
    expect(world.invariants.filter((i) => !i.ok).map((i) => i.id)).toEqual([]);
    moves++;
  }
  return { settled: true, moves };
}

const deliverAll = (world: World) => { while (world.step('deliver_next').ok); };

describe('projection end conditions and recovery', () => {
  it('the starting state is settled; an undelivered event is not, and the recovery delivers and ACKs it', () => {
    const world = run([]);
    expect(unmet(world)).toEqual([]);
    world.step('emit');
    expect(unmet(world)).toEqual(['END-FEED']);
    expect(recover(world).settled).toBe(true);
    expect(world.observe()).toMatchObject({ cursor: 4, acked: 4 });
  });

  it('a lost event and a lost ACK: the feed re-sends after the ACK, the duplicate is ACKed again', () => {
    const world = run(['emit']);
    world.step({ drop: world.network.inFlight[0]!.id });
    world.step('emit');
    deliverAll(world);
    expect(world.observe()).toMatchObject({ cursor: 3, buffer: [5] });
    expect(recover(world).settled).toBe(true);
    expect(world.observe()).toMatchObject({ cursor: 5, acked: 5, buffer: [] });
  });

  it('broken (ack_new_only): after a lost ACK the duplicates are never ACKed, and the recovery cannot settle END-FEED', () => {
    const world = run(['emit', 'deliver_next'], { apply: 'ack_new_only' });
    world.step({ drop: world.network.inFlight[0]!.id });
    expect(unmet(world)).toEqual(['END-FEED']);
    expect(recover(world)).toMatchObject({ settled: false });
    expect(unmet(world)).toEqual(['END-FEED']);
  });

  it('a redaction notice lost on its way: the worker keeps the note until its resync brings the notice again', () => {
    const world = run([{ emit: 2 }, 'report']);
    deliverAll(world);
    world.step({ tombstone: 'E-G1-6' });
    world.step({ drop: world.network.inFlight.find((f) => f.kind === 'redaction')!.id });
    expect(world.observe().checkpoint_notes).toMatchObject({ W1: expect.stringContaining('Ada') });
    expect(unmet(world)).toEqual(['END-REDACTION']);
    expect(recover(world).settled).toBe(true);
    expect(world.observe().checkpoint_notes).toEqual({ W1: '[redacted]' });
  });

  it('broken (history_only): the worker is never told, and END-REDACTION is never met', () => {
    const world = run([{ emit: 2 }, 'report'], { redaction: 'history_only' });
    deliverAll(world);
    world.step({ tombstone: 'E-G1-6' });
    expect(unmet(world)).toEqual(['END-REDACTION']);
    expect(recover(world)).toMatchObject({ settled: false });
    expect(world.observe().checkpoint_notes).toMatchObject({ W1: expect.stringContaining('Ada') });
  });

  it('a crash after the effect and before the worker keeps its receipt: restart, and the intent is not carried out again', () => {
    const world = run([{ crash_at: 'effect.before_receipt' }, { emit: 2 }, 'deliver_next', 'deliver_next']);
    expect(world.status('worker')).toBe('crashed');
    expect(recover(world).settled).toBe(true);
    expect(world.observe().effects).toEqual(['G1#5']);
  });

  it('END-EFFECT is unmet when an intent the worker holds was never carried out (the record of it removed by hand)', () => {
    const world = run([{ emit: 2 }], { network: 'auto' });
    expect(unmet(world)).toEqual([]);
    expect(world.store('worker').all('SELECT operation_id FROM outbox')).toEqual([{ operation_id: 'G1#5' }]);
    const authority = world.store('authority');
    authority.tx('test.forget_effect', () => authority.run('DELETE FROM effects_performed WHERE true'));
    expect(unmet(world)).toEqual(['END-EFFECT']);
  });

  it('a snapshot refused for tampering: the worker asks again and restores the genuine one (L11\'s window)', () => {
    const world = run(['disconnect', { emit: 5 }, { tamper: 'hash' }, 'reconnect'], { network: 'auto', window: '3' });
    expect(world.observe()).toMatchObject({ cursor: 3, last_snapshot: 'REFUSED HASH' });
    expect(unmet(world)).toEqual(['END-FEED']);
    expect(recover(world).settled).toBe(true);
    expect(world.observe()).toMatchObject({ cursor: 8, acked: 8 });
  });
});
