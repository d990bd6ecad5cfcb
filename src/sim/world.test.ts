import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../test/sqljs';
import { World, type WorldConfig } from './world';

useSqlJs();

const CONFIG: WorldConfig = {
  model: 'fencing',
  seed: 7,
  initial: { current_token: 1, lease_until: 10, now: 0, workers: { A: 1, B: null } },
  switches: {},
};
const STORY = ['A_pause', { advance: 11 }, 'B_acquire', 'B_write', 'A_wake', 'A_acquire', { advance: 3 }, 'B_renew'];

function imagesOf(world: World): Record<string, number[]> {
  return Object.fromEntries(Object.entries(world.images()).map(([k, v]) => [k, [...v]]));
}

describe('World determinism', () => {
  it('same config and actions give byte-identical databases and the same trace', () => {
    const one = World.replay(CONFIG, STORY);
    const two = World.replay(CONFIG, STORY);
    expect(imagesOf(one)).toEqual(imagesOf(two));
    expect(JSON.stringify(one.trace)).toEqual(JSON.stringify(two.trace));
    expect(one.observe()).toEqual(two.observe());
  });

  it('a different action list gives different bytes (the comparison can fail)', () => {
    const one = World.replay(CONFIG, STORY);
    const other = World.replay(CONFIG, STORY.slice(0, -1));
    expect(imagesOf(one)).not.toEqual(imagesOf(other));
  });
});

describe('back-stepping', () => {
  it('replaying the first k steps restores exactly the bytes stepping forward produced', () => {
    const forward = World.create(CONFIG);
    const imagesAfter: Record<string, number[]>[] = [imagesOf(forward)];
    for (const action of STORY) {
      expect(forward.step(action).ok).toBe(true);
      imagesAfter.push(imagesOf(forward));
    }
    for (let k = STORY.length; k >= 0; k--) {
      const back = World.replay(CONFIG, forward.actions.slice(0, k));
      expect(imagesOf(back), `after ${k} steps`).toEqual(imagesAfter[k]);
      expect(back.trace.length).toBe(k + 1);
      back.dispose();
    }
  });

  it('the step log holds normalised actions that replay the same way', () => {
    const world = World.replay(CONFIG, STORY);
    expect(world.actions[0]).toEqual({ type: 'pause', worker: 'A' });
    expect(world.actions[1]).toEqual({ type: 'advance', by: 11 });
    const again = World.replay(CONFIG, JSON.parse(JSON.stringify(world.actions)) as unknown[]);
    expect(imagesOf(again)).toEqual(imagesOf(world));
  });
});

describe('World.step', () => {
  it('a rejected action changes nothing and is not logged', () => {
    const world = World.create(CONFIG);
    const before = imagesOf(world);
    expect(world.step('A_wake')).toEqual({ ok: false, error: 'A is not paused.' });
    expect(world.step('Z_dance')).toMatchObject({ ok: false });
    expect(world.step({ advance: -1 })).toMatchObject({ ok: false });
    expect(world.step({ crash_at: 'nowhere' })).toMatchObject({ ok: false, error: expect.stringMatching(/unknown fault point/) });
    expect(imagesOf(world)).toEqual(before);
    expect(world.actions).toEqual([]);
    expect(world.trace).toHaveLength(1);
  });

  it('records transactions, frames and notes for each step', () => {
    const world = World.create(CONFIG);
    world.step({ advance: 11 });
    const entry = world.step('B_acquire');
    if (!entry.ok) throw new Error(entry.error);
    expect(entry.entry.transactions.map((t) => `${t.store}:${t.name}`)).toEqual([
      'authority:acquire_lease', 'B:remember_grant', 'resource:learn_fence',
    ]);
    expect(entry.entry.sent.map((f) => f.kind)).toEqual(['acquire_request', 'lease_granted', 'fence_update']);
    expect(entry.entry.delivered.map((f) => f.kind)).toEqual(['acquire_request', 'lease_granted', 'fence_update']);
    expect(entry.entry.notes.map((n) => (typeof n === 'string' ? n : JSON.stringify(n))).join(' ')).toMatch(/grants B fence 2/);
  });

  it('the clock only moves forward and the starting state is validated', () => {
    expect(() => World.create({ ...CONFIG, initial: { ...CONFIG.initial, now: -1 } })).toThrow(/starting state: now/);
    expect(() => World.create({ ...CONFIG, switches: { resource: 'bogus' } })).toThrow(/cannot be 'bogus'/);
    const world = World.replay(CONFIG, [{ advance: 11 }]);
    expect(world.step({ token: 1, current: 2, now: 5, lease_until: 20 })).toMatchObject({ ok: false, error: expect.stringMatching(/forward/) });
  });
});

describe('the network', () => {
  const MANUAL = { ...CONFIG, switches: { network: 'manual' } };

  it('holds frames until delivered, and a held fence update changes what the resource knows', () => {
    const world = World.replay(MANUAL, [{ advance: 11 }, 'B_acquire']);
    expect(world.network.inFlight.map((f) => f.kind)).toEqual(['acquire_request']);
    world.step('deliver_next');
    expect(world.network.inFlight.map((f) => f.kind)).toEqual(['lease_granted', 'fence_update']);
    world.step('deliver_next'); // B learns fence 2
    world.step({ drop: world.network.inFlight[0]!.id }); // the resource never hears of fence 2
    world.step('B_write');
    world.step('deliver_next');
    expect(world.observe()).toMatchObject({ allowed: false, reason: 'UNKNOWN_FENCE', stale_writes_accepted: 0 });
  });

  it('a duplicated write is judged twice; the copy is logged as its own attempt', () => {
    const world = World.replay(MANUAL, ['A_write']);
    world.step('duplicate_next');
    world.step('deliver_next');
    world.step('deliver_next');
    expect(world.observe()).toMatchObject({ writes: { accepted: 2, refused: 0 }, document: { version: 2 } });
  });

  it('frames to a paused worker wait until it wakes', () => {
    const world = World.replay(MANUAL, ['A_write', 'deliver_next', 'A_pause']);
    expect(world.network.inFlight.map((f) => `${f.kind}->${f.to}`)).toEqual(['write_result->A']);
    expect(world.step('deliver_next')).toMatchObject({ ok: false, error: 'No frame can be delivered now.' });
    world.step('A_wake');
    expect(world.step('deliver_next').ok).toBe(true);
  });
});

describe('fault points', () => {
  it('a crash inside the write transaction rolls it back and takes the node down', () => {
    const world = World.replay(CONFIG, [{ crash_at: 'resource.before_commit' }, 'A_write']);
    const last = world.trace[world.trace.length - 1]!;
    expect(last.crash).toEqual({ node: 'resource', point: 'resource.before_commit' });
    expect(last.transactions.find((t) => t.name === 'fenced_write')).toMatchObject({ outcome: 'rollback' });
    expect(world.status('resource')).toBe('crashed');
    expect(world.observe()).toMatchObject({ document: { version: 0 }, writes: { accepted: 0, refused: 0 } });
    expect(world.step('B_write').ok).toBe(true);
    expect(world.step({ restart: 'resource' }).ok).toBe(true);
    expect(world.status('resource')).toBe('up');
  });

  it('a crash after commit keeps the write but loses the reply', () => {
    const world = World.replay(CONFIG, [{ crash_at: 'resource.after_commit' }, 'A_write']);
    expect(world.observe()).toMatchObject({ document: { version: 1, last_writer: 'A' }, writes: { accepted: 1 } });
    expect(world.store('A').all('SELECT * FROM write_outcome')).toEqual([]);
  });

  it('an armed point fires once', () => {
    const world = World.replay(CONFIG, [{ crash_at: 'resource.before_commit' }, 'A_write', { restart: 'resource' }, 'A_write']);
    expect(world.observe()).toMatchObject({ writes: { accepted: 1 } });
    expect(world.armedFaults()).toEqual([]);
  });
});
