import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../test/sqljs';
import type { Model } from './model';
import { msg } from '../core/message';
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
    expect(world.step('A_wake')).toEqual({ ok: false, error: msg('refusals.node_not_paused', { node: 'A' }) }); // 'A is not paused.'
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
    if (!entry.ok) throw new Error(JSON.stringify(entry.error));
    expect(entry.entry.transactions.map((t) => `${t.store}:${t.name}`)).toEqual([
      'authority:acquire_lease', 'B:remember_grant', 'resource:learn_fence',
    ]);
    expect(entry.entry.sent.map((f) => f.kind)).toEqual(['acquire_request', 'lease_granted', 'fence_update']);
    expect(entry.entry.delivered.map((f) => f.kind)).toEqual(['acquire_request', 'lease_granted', 'fence_update']);
    expect(entry.entry.notes).toContainEqual({ key: 'fencing.granted', params: { worker: 'B', fence: 2, until: 21 } });
  });

  it('the clock only moves forward and the starting state is validated', () => {
    expect(() => World.create({ ...CONFIG, initial: { ...CONFIG.initial, now: -1 } })).toThrow(/starting state: now/);
    expect(() => World.create({ ...CONFIG, switches: { resource: 'bogus' } })).toThrow(/cannot be 'bogus'/);
    const world = World.replay(CONFIG, [{ advance: 11 }]);
    expect(world.step({ token: 1, current: 2, now: 5, lease_until: 20 })).toMatchObject({ ok: false, error: msg('refusals.fencing.probe_time', { now: 11 }) });
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
    expect(world.step('deliver_next')).toMatchObject({ ok: false, error: msg('refusals.no_frame_deliverable') });
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
    // The second write reaches the resource and does not crash it (whether it is accepted is
    // the fencing protocol's business: a restarted resource first learns the current fence).
    expect(world.trace.filter((e) => e.crash !== null).map((e) => e.index)).toEqual([2]);
    expect(world.status('resource')).toBe('up');
    expect(world.armedFaults()).toEqual([]);
  });
});

/** Everything a World is, as data: bytes, trace, step log, clock, network, statuses, faults, links. */
function stateOf(world: World) {
  return { images: imagesOf(world), ...restOf(world) };
}

/** stateOf without the bytes. */
function restOf(world: World) {
  return {
    trace: JSON.stringify(world.trace),
    actions: JSON.stringify(world.actions),
    time: world.clock.now,
    stamp: world.clock.save().stamps,
    frames: JSON.stringify(world.network.inFlight),
    nextFrame: world.network.save().nextId,
    statuses: world.nodes.map((n) => world.status(n.id)),
    incarnations: world.nodes.map((n) => world.incarnation(n.id)),
    armed: world.armedFaults(),
    cut: world.cutLinks(),
    rng: world.rng.save().getState().join(','),
    observed: world.observe(),
  };
}

/** A story that touches every part of a World: time, the network, crashes, restarts, links. */
const MANUAL = { ...CONFIG, switches: { network: 'manual' } };
const LONG = [
  'A_write', 'deliver_next', 'duplicate_next', 'A_pause', { advance: 11 }, 'B_acquire', 'deliver_next',
  { crash_at: 'resource.before_commit' }, 'deliver_next', 'deliver_next', 'B_write', 'deliver_next', { restart: 'resource' },
  { partition: ['B', 'resource'] }, 'B_write', 'heal', 'A_wake', 'deliver_next', 'B_write', 'deliver_next', 'tick',
];

describe('undo', () => {
  it('every undo gives exactly the World a fresh replay of the remaining steps gives', () => {
    const world = World.replay(MANUAL, LONG, { history: { recent: 3, every: 4 } });
    const n = world.actions.length;
    expect(n).toBe(LONG.length);
    // back one step at a time, across the dense window and the sparse checkpoints beyond it
    for (let k = n - 1; k >= 0; k--) {
      world.undo();
      const fresh = World.replay(MANUAL, world.actions.slice(0, k), { history: false });
      expect(stateOf(world), `after undo to ${k}`).toEqual(stateOf(fresh));
      fresh.dispose();
    }
    expect(() => world.undo()).toThrow(/nothing to undo/);
  });

  it('undoTo jumps far back and forward stepping continues byte-identically', () => {
    const world = World.replay(MANUAL, LONG, { history: { recent: 2, every: 5 } });
    world.undoTo(7);
    expect(world.actions).toHaveLength(7);
    for (const action of LONG.slice(7)) expect(world.step(action).ok).toBe(true);
    expect(stateOf(world)).toEqual(stateOf(World.replay(MANUAL, LONG, { history: false })));
  });

  it('keeps dense checkpoints for the recent steps and sparse ones beyond', () => {
    const world = World.replay(MANUAL, LONG, { history: { recent: 3, every: 5 } });
    expect(world.checkpointSteps()).toEqual([0, 5, 10, 15, 18, 19, 20, 21]);
    world.undoTo(12); // restores 10, replays 11 and 12 with fresh checkpoints
    expect(world.checkpointSteps()).toEqual([0, 5, 10, 11, 12]);
  });

  it('spaced by image bytes (the default policy): checkpoints drift apart as the stores grow, undo across a wide gap is exact', () => {
    // 8 KB per step: two written stores of ≈ 28 KB each start at 7 steps apart; the logs grow.
    const policy = { recent: 0, every: 4, bytesPerStep: 8192 };
    const world = World.create(CONFIG, { history: policy });
    for (let i = 0; i < 600; i++) expect(world.step('A_write').ok).toBe(true);
    const steps = world.checkpointSteps();
    const gaps = steps.slice(1).map((s, i) => s - steps[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(policy.every);
    expect(gaps[0]).toBe(7);
    expect(gaps[gaps.length - 1]).toBeGreaterThan(gaps[0]! + 2);
    // Into the middle of the last gap (restore + replay), then on again: fresh replays.
    const target = steps[steps.length - 1]! - Math.floor(gaps[gaps.length - 1]! / 2);
    world.undoTo(target);
    const fresh = World.replay(CONFIG, world.actions, { history: false });
    expect(stateOf(world)).toEqual(stateOf(fresh));
    for (let i = 0; i < 30; i++) { world.step('A_write'); fresh.step('A_write'); }
    expect(stateOf(world)).toEqual(stateOf(fresh));
    // A step that writes nothing exports nothing: only \`every\` spaces those.
    const quiet = World.create(MANUAL, { history: policy });
    for (let i = 0; i < 12; i++) quiet.step({ advance: 1 });
    expect(quiet.checkpointSteps()).toEqual([0, 4, 8, 12]);
    for (const w of [world, fresh, quiet]) w.dispose();
    expect(() => World.create(CONFIG, { history: { recent: 2, every: 4, bytesPerStep: 8192 } })).toThrow(/sparse checkpoints only/);
  });

  it('a probe step (checkpoint: false) leaves no checkpoint and its undo is exact', () => {
    const world = World.replay(MANUAL, LONG.slice(0, 6), { history: { recent: 8, every: 4 } });
    const before = stateOf(world);
    const steps = world.checkpointSteps();
    for (const action of ['B_write', 'deliver_next', { crash_at: 'resource.before_commit' }]) {
      expect(world.step(action, { checkpoint: false }).ok).toBe(true);
      expect(world.checkpointSteps()).toEqual(steps);
      world.undo();
      expect(stateOf(world)).toEqual(before);
    }
    world.step('B_write');
    expect(world.checkpointSteps()).toEqual([...steps, 7]);
  });

  it('probe() runs a step, shows it, and rolls every store back in place: the World is exactly as before', () => {
    // Opened from images (after an undo) so some stores open lazily during the probe, and
    // held from their opening: the rollback must cover them too.
    const world = World.replay(MANUAL, LONG.slice(0, 8), { history: { recent: 8, every: 4 } });
    world.undo();
    const before = stateOf(world);
    const seen: number[] = [];
    for (const action of ['B_write', 'deliver_next', 'deliver_next', { crash_at: 'resource.before_commit' }, { advance: 11 }, 'B_acquire']) {
      world.probe(action, (outcome) => {
        expect(outcome.ok).toBe(true);
        seen.push(world.actions.length);
      });
      expect(stateOf(world)).toEqual(before);
    }
    expect(seen).toEqual(Array(6).fill(before.actions === '[]' ? 1 : JSON.parse(before.actions).length + 1));
    // The probed state is the one stepping reaches: same observation as a real step.
    const probed = world.probe('deliver_next', () => JSON.stringify(world.observe()));
    world.step('deliver_next');
    expect(JSON.stringify(world.observe())).toEqual(probed);
    world.dispose();
  });

  it('probe() is exact also when the step throws halfway', () => {
    const world = World.replay(MANUAL, LONG.slice(0, 6), { history: { recent: 8, every: 4 } });
    const before = stateOf(world);
    // Every store's first transaction throws after its writes (a bug, not a crash signal).
    let calls = 0;
    const restore = world.nodes.map(({ id }) => {
      const store = world.store(id);
      const original = store.tx.bind(store);
      store.tx = ((name: string, body: () => unknown) => original(name, () => {
        const value = body();
        if (++calls === 1) throw new Error('bug after the writes');
        return value;
      })) as typeof store.tx;
      return () => { store.tx = original; };
    });
    expect(() => world.probe('deliver_next', () => undefined)).toThrow('bug after the writes');
    restore.forEach((undo) => undo());
    expect(stateOf(world)).toEqual(before);
    world.dispose();
  });

  it('repairs a World whose step threw halfway (the explorer\'s dirty case)', () => {
    const world = World.replay(MANUAL, LONG.slice(0, 6), { history: { recent: 8, every: 4 } });
    const before = stateOf(world);
    const model = world.model as unknown as { apply: (ctx: unknown, action: unknown) => void };
    const apply = model.apply;
    model.apply = (ctx, action) => { apply.call(world.model, ctx, action); throw new Error('bug in the middle of a step'); };
    try {
      expect(() => world.step('deliver_next')).not.toThrow(); // world actions do not go through apply
      world.undo();
      expect(() => world.step('B_write')).toThrow(/bug in the middle/);
    } finally {
      model.apply = apply;
    }
    world.undoTo(world.actions.length);
    expect(stateOf(world)).toEqual(before);
  });

  it('the comparison can fail: a World undone without restoring the clock differs from a fresh replay', () => {
    const world = World.replay(MANUAL, ['A_write', { advance: 5 }]);
    world.undo();
    const fresh = World.replay(MANUAL, ['A_write']);
    expect(stateOf(world)).toEqual(stateOf(fresh));
    world.clock.advance(5);
    expect(stateOf(world)).not.toEqual(stateOf(fresh));
  });
});

/** A World as data without exporting anything (an export commits an in-place window): every table's rows instead of bytes. */
function rowsStateOf(world: World) {
  const rest = restOf(world);
  const rows = Object.fromEntries(world.nodes.map(({ id }) => {
    const store = world.store(id);
    return [id, Object.fromEntries(store.tables().map((t) => [t, store.all(`SELECT * FROM "${t}" ORDER BY rowid`)]))];
  }));
  return { ...rest, rows };
}

describe('in-place undo (the lab session\'s policy)', () => {
  const IN_PLACE = { recent: 0, every: 4, inPlace: true };

  it('every Back inside and across windows equals a fresh replay, and rolls stores back without reopening them', () => {
    const world = World.replay(MANUAL, LONG, { history: IN_PLACE });
    const n = world.actions.length;
    for (let k = n - 1; k >= 0; k--) {
      const resource = world.store('resource');
      const inWindow = k >= Math.floor((n - 1) / 4) * 4 && k > n - 4; // still inside the last window
      world.undo();
      const fresh = World.replay(MANUAL, world.actions.slice(0, k), { history: false });
      expect(rowsStateOf(world), `after undo to ${k}`).toEqual(rowsStateOf(fresh));
      if (inWindow) expect(world.store('resource'), `undo to ${k} reopened the resource`).toBe(resource);
      fresh.dispose();
    }
    // and the bytes: forward again from the start, with Backs and different steps on the way
    for (const [i, action] of LONG.entries()) {
      expect(world.step(action).ok).toBe(true);
      if (i % 5 === 3) {
        world.undo();
        expect(world.step('tick').ok).toBe(true);
        world.undo();
        expect(world.step(action).ok).toBe(true);
      }
    }
    expect(stateOf(world)).toEqual(stateOf(World.replay(MANUAL, LONG, { history: false })));
    world.dispose();
  });

  it('a jump forward along an undone run restores its images ahead: the same World as stepping there, Backs after it too', () => {
    const fresh = new Map<number, ReturnType<typeof stateOf>>();
    const freshAt = (t: number) => {
      if (!fresh.has(t)) {
        const replayed = World.replay(MANUAL, LONG.slice(0, t), { history: false });
        fresh.set(t, stateOf(replayed));
        replayed.dispose();
      }
      return fresh.get(t)!;
    };
    // A checkpoint per step, as the lab session's: light ones inside the window.
    const DENSE = { recent: 4, every: 4, inPlace: true };
    let restored = 0;
    for (const from of [0, 3, 9]) {
      for (const to of [from + 1, from + 6, 14, LONG.length]) {
        const world = World.replay(MANUAL, LONG, { history: DENSE });
        world.undoTo(from);
        const reached = world.redoTo(to, LONG);
        expect(reached).toBeGreaterThanOrEqual(from);
        expect(reached).toBeLessThanOrEqual(to);
        if (reached > from) restored += 1;
        expect(world.actions.length).toBe(reached);
        for (const action of LONG.slice(reached, to)) expect(world.step(action).ok).toBe(true);
        const { images: _bytes, ...rest } = freshAt(to);
        expect(restOf(world), `${from} → ${to}`).toEqual(rest);
        // Back from there first (the window's light checkpoints, the images put back), then the bytes.
        world.undo();
        expect(restOf(world), `${from} → ${to}, then Back`).toEqual(restOf(World.replay(MANUAL, LONG.slice(0, to - 1), { history: false })));
        expect(world.step(LONG[to - 1]).ok).toBe(true);
        expect(stateOf(world), `${from} → ${to}`).toEqual(freshAt(to));
        // Back to just before the image put back: a checkpoint from before the jump.
        if (reached > from + 1) {
          world.undoTo(reached - 1);
          expect(stateOf(world), `${from} → ${to}, back to ${reached - 1}`).toEqual(freshAt(reached - 1));
        }
        world.dispose();
      }
    }
    expect(restored).toBeGreaterThan(4);
    // Another log than the undone run: nothing restored, the caller steps.
    const world = World.replay(MANUAL, LONG, { history: DENSE });
    world.undoTo(2);
    const other = [...LONG.slice(0, 2), 'tick', ...LONG.slice(3)];
    expect(world.redoTo(LONG.length, other)).toBe(2);
    expect(world.step('tick').ok).toBe(true);
    expect(world.redoTo(LONG.length, LONG)).toBe(3);
    world.dispose();
  });

  it('an export inside a window (images, fork, an inspector query) commits it; Back past it replays from images', () => {
    const world = World.replay(MANUAL, LONG.slice(0, 10), { history: IN_PLACE });
    expect(world.store('resource').markCount).toBeGreaterThan(0);
    expect(world.store('resource').readOnlyQuery('SELECT count(*) AS n FROM write_log').ok).toBe(true);
    expect(world.store('resource').markCount).toBe(0);
    expect(world.checkpointSteps()).toContain(10);
    const child = world.fork();
    for (const k of [9, 6, 3]) {
      world.undoTo(k);
      expect(stateOf(world), `undo to ${k}`).toEqual(stateOf(World.replay(MANUAL, LONG.slice(0, k), { history: false })));
    }
    child.step(LONG[10]!);
    expect(stateOf(child)).toEqual(stateOf(World.replay(MANUAL, LONG.slice(0, 11), { history: false })));
    world.dispose();
    child.dispose();
  });

  it('probe() inside a window leaves the World exactly as before, and Back after it is still in place', () => {
    const world = World.replay(MANUAL, LONG.slice(0, 8), { history: IN_PLACE });
    world.undoTo(3); // out of the window: stores reopen lazily, some during the probes
    for (const action of LONG.slice(3, 7)) expect(world.step(action).ok).toBe(true);
    const before = rowsStateOf(world);
    for (const action of ['B_write', 'deliver_next', { crash_at: 'resource.before_commit' }, { advance: 11 }]) {
      world.probe(action, (outcome) => expect(outcome.ok).toBe(true));
      expect(rowsStateOf(world)).toEqual(before);
    }
    expect(world.step('B_write').ok).toBe(true);
    world.undo();
    world.undo();
    expect(rowsStateOf(world)).toEqual(rowsStateOf(World.replay(MANUAL, LONG.slice(0, 6), { history: false })));
    expect(stateOf(world)).toEqual(stateOf(World.replay(MANUAL, LONG.slice(0, 6), { history: false })));
    world.dispose();
  });
});

describe('fork and the post-setup cache', () => {
  it('a World opened from cached post-setup images equals one built by DDL and setup', () => {
    const config = { ...CONFIG, seed: 991 }; // a config no other test has cached
    const first = World.create(config);
    const second = World.create(config);
    expect(second.trace[0]).toBe(first.trace[0]); // the second came from the cache
    for (const action of STORY) {
      first.step(action);
      second.step(action);
    }
    expect(stateOf(second)).toEqual(stateOf(first));
  });

  it('a fork is independent and equal to its parent; both continue like fresh replays', () => {
    const parent = World.replay(MANUAL, LONG.slice(0, 9));
    const child = parent.fork();
    expect(stateOf(child)).toEqual(stateOf(parent));
    child.step('deliver_next');
    expect(child.actions).toHaveLength(10);
    expect(parent.actions).toHaveLength(9);
    expect(stateOf(child)).toEqual(stateOf(World.replay(MANUAL, LONG.slice(0, 10), { history: false })));
    // undo in the fork reaches back past the fork point (through the post-setup images)
    child.undoTo(2);
    expect(stateOf(child)).toEqual(stateOf(World.replay(MANUAL, LONG.slice(0, 2), { history: false })));
    expect(stateOf(parent)).toEqual(stateOf(World.replay(MANUAL, LONG.slice(0, 9), { history: false })));
  });

  it('a fork\'s child steps, then its parent steps on: each equals a fresh replay of its own steps (trace included)', () => {
    // Both Worlds write the same nodes' databases in turn; each trace entry must carry only
    // its own World's transactions (every connection reports through one shared update hook).
    const parent = World.replay(MANUAL, LONG.slice(0, 9));
    const child = parent.fork();
    const sibling = parent.fork();
    const moves: [World, unknown][] = [
      [child, 'deliver_next'], [child, 'B_write'], [parent, LONG[9]], [sibling, 'B_write'],
      [child, 'deliver_next'], [parent, LONG[10]], [sibling, 'deliver_next'],
    ];
    for (const [world, action] of moves) expect(world.step(action).ok).toBe(true);
    const replayed = (actions: unknown[]) => stateOf(World.replay(MANUAL, actions, { history: false }));
    expect(stateOf(child)).toEqual(replayed([...LONG.slice(0, 9), 'deliver_next', 'B_write', 'deliver_next']));
    expect(stateOf(parent)).toEqual(replayed(LONG.slice(0, 11)));
    expect(stateOf(sibling)).toEqual(replayed([...LONG.slice(0, 9), 'B_write', 'deliver_next']));
    for (const world of [parent, child, sibling]) world.dispose();
  });

  it('model memo is part of the state: undo and fork restore it', () => {
    // Dense checkpoints: this memo is written outside any step, so only a checkpoint (not a replay) can bring it back.
    const world = World.create(CONFIG, { history: { recent: 8, every: 4 } });
    const ctx = (world as unknown as { ctx: { memo: <T extends object>(k: string, init: () => T) => T } }).ctx;
    world.step('A_write');
    ctx.memo('count', () => ({ n: 0 })).n = 1;
    world.step('tick'); // its checkpoint holds n = 1
    ctx.memo('count', () => ({ n: 0 })).n = 2;
    world.step('tick');
    const fork = world.fork();
    world.undo();
    expect(ctx.memo('count', () => ({ n: 0 })).n).toBe(1);
    const forkCtx = (fork as unknown as { ctx: typeof ctx }).ctx;
    expect(forkCtx.memo('count', () => ({ n: 0 })).n).toBe(2);
  });

  it('a fork undone to its fork point, after changing its memo, frames and stores, is the fork-time World again', () => {
    // The child's checkpoint at the fork point keeps the very state object the child was
    // restored from (one copy per fork, not three): nothing the child does later may reach it.
    type Ctx = { memo: <T extends object>(k: string, init: () => T) => T };
    const parent = World.replay(MANUAL, LONG.slice(0, 9), { history: { recent: 0, every: 1000 } });
    (parent as unknown as { ctx: Ctx }).ctx.memo('count', () => ({ n: 5 }));
    const child = parent.fork();
    const childCtx = (child as unknown as { ctx: Ctx }).ctx;
    childCtx.memo('count', () => ({ n: 0 })).n = 7;
    for (const action of LONG.slice(9, 12)) expect(child.step(action).ok).toBe(true);
    expect(child.checkpointSteps()).toEqual([0, 9]);
    child.undoTo(9);
    expect(childCtx.memo('count', () => ({ n: 0 })).n).toBe(5);
    expect(stateOf(child)).toEqual(stateOf(parent));
    // and the parent's own memo was never the child's
    expect((parent as unknown as { ctx: Ctx }).ctx.memo('count', () => ({ n: 0 })).n).toBe(5);
    parent.dispose();
    child.dispose();
  });
});

describe('stores only judged are read through shared readers', () => {
  it('children of two states judged through readers equal fresh replays, and do not open what they only judge', () => {
    // The runner reads a store the step left unopened through a reader shared by every World
    // holding the same image: two children holding DIFFERENT images of the same node must each
    // be judged on their own bytes (a reader keyed by node instead of image fails here).
    const fencing = World.create(CONFIG, { history: false });
    const peek: Model = {
      ...fencing.model,
      invariants: [...fencing.model.invariants, {
        id: 'PEEK', statement: 'test: what the authority holds, as the runner read it', rule: 'test',
        check: (ctx) => [msg('test.peek', { lease: JSON.stringify(ctx.store('authority').all('SELECT * FROM lease')) })],
      }],
    };
    fencing.dispose();
    const parent = World.replay(CONFIG, STORY.slice(0, 2), { model: peek });
    const before = parent.fork();
    expect(parent.step('B_acquire').ok).toBe(true); // the authority's lease changes
    const after = parent.fork();
    const opened = (world: World) => [...(world as unknown as { stores: Map<string, unknown> }).stores.keys()].sort();
    for (const [child, past] of [[after, STORY.slice(0, 3)], [before, STORY.slice(0, 2)]] as const) {
      expect(child.step({ partition: ['A', 'B'] }).ok).toBe(true);
      expect(opened(child)).not.toContain('authority');
      const fresh = World.replay(CONFIG, [...past, { partition: ['A', 'B'] }], { history: false, model: peek });
      expect(restOf(child)).toEqual(restOf(fresh));
      fresh.dispose();
    }
    const leaseOf = (world: World) => world.invariants.find((r) => r.id === 'PEEK')!.violations;
    expect(leaseOf(after)).not.toEqual(leaseOf(before)); // the two lease states were read apart
    for (const world of [parent, before, after]) world.dispose();
  });
});

describe('ctx.judged: the runner\'s verdict for the latest step', () => {
  const EXTERNAL: WorldConfig = { ...CONFIG, switches: { resource: 'external' } };

  it('is what the trace shows, so L07 observe() counts stale writes without re-judging the history', () => {
    const world = World.replay(EXTERNAL, STORY);
    const fence1 = world.invariants.find((r) => r.id === 'FENCE-1')!;
    expect(fence1.violations.length).toBeGreaterThan(0);
    expect(world.observe().stale_writes_accepted).toBe(fence1.violations.length);
    expect(world.observe().stale_writes_accepted).toBe(world.checkFull().find((r) => r.id === 'FENCE-1')!.violations.length);
    world.undoTo(0);
    expect(world.observe().stale_writes_accepted).toBe(0);
    world.dispose();
  });

  it('is the incremental verdict (a checkStep that never looks again shows in observe), and undefined while a step runs', () => {
    const fencing = World.create(EXTERNAL, { history: false });
    const model: Model = fencing.model;
    fencing.dispose();
    let during: unknown = 'not asked';
    const blind: Model = {
      ...model,
      invariants: model.invariants.map((inv) => ({ ...inv, checkStep: (_ctx, previous) => [...previous] })),
      apply: (ctx, action) => {
        during = ctx.judged?.('FENCE-1');
        model.apply(ctx, action);
      },
    };
    const world = World.replay(EXTERNAL, STORY, { model: blind });
    expect(world.checkFull().find((r) => r.id === 'FENCE-1')!.violations.length).toBeGreaterThan(0);
    expect(world.observe().stale_writes_accepted).toBe(0);
    expect(during).toBeUndefined();
    world.dispose();
  });
});
