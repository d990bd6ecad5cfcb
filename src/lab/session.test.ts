import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../test/sqljs';
import { loadLabsFromDir } from './nodeFiles';
import { LabSession } from './session';
import type { Lab } from './schema';

useSqlJs();

const lab = (loadLabsFromDir(resolve('labs')).find((l) => l.ok && l.lab.id === 'L07') as { ok: true; lab: Lab }).lab;
const bytes = (s: LabSession) => Object.fromEntries(Object.entries(s.current.images()).map(([k, v]) => [k, [...v]]));

describe('LabSession', () => {
  it('steps back and forward through the same Worlds', async () => {
    const { session } = await LabSession.open(lab);
    const seen = [bytes(session)];
    for (const action of ['A_pause', { advance: 11 }, 'B_acquire', 'B_write', 'A_wake']) {
      expect(await session.play(action)).toEqual({ ok: true });
      seen.push(bytes(session));
    }
    await session.back();
    await session.back();
    expect(bytes(session)).toEqual(seen[3]);
    expect(session.canForward).toBe(true);
    await session.forward();
    expect(bytes(session)).toEqual(seen[4]);
    await session.reset();
    expect(bytes(session)).toEqual(seen[0]);
    expect(session.view()).toMatchObject({ cursor: 0, total: 5 });
  });

  it('a view keeps its own trace, read after Backs and other steps (views share the World\'s trace array)', async () => {
    const steps = ['A_pause', { advance: 11 }, 'B_acquire', 'B_write', 'A_wake'];
    const { session } = await LabSession.open(lab);
    for (const action of steps) await session.play(action);
    const kept = session.view(); // its trace not read yet
    await session.back();
    await session.back();
    await session.play('tick');
    await session.play('A_write');
    const { session: fresh } = await LabSession.open(lab);
    for (const action of steps) await fresh.play(action);
    expect(kept.trace.length).toBe(steps.length + 1);
    expect(JSON.stringify(kept.trace)).toBe(JSON.stringify(fresh.view().trace));
    const { session: other } = await LabSession.open(lab);
    for (const action of [...steps.slice(0, 3), 'tick', 'A_write']) await other.play(action);
    expect(JSON.stringify(session.view().trace)).toBe(JSON.stringify(other.view().trace));
    session.dispose();
    fresh.dispose();
    other.dispose();
  });

  it('a view keeps its own steps ahead, labelled when read after the log changed', async () => {
    const { session } = await LabSession.open(lab);
    for (const action of ['A_pause', { advance: 11 }, 'B_acquire', 'B_write']) await session.play(action);
    await session.jumpTo(1);
    const kept = session.view(); // its upcoming labels not read yet
    await session.play('tick'); // drops the redo tail, in place
    const { session: fresh } = await LabSession.open(lab);
    for (const action of ['A_pause', { advance: 11 }, 'B_acquire', 'B_write']) await fresh.play(action);
    await fresh.jumpTo(1);
    expect(kept.upcoming).toHaveLength(3);
    expect(JSON.stringify(kept.upcoming)).toBe(JSON.stringify(fresh.view().upcoming));
    expect(session.view().upcoming).toEqual([]);
    session.dispose();
    fresh.dispose();
  });

  it('logKey is the JSON of the step log, switches and starting state after every kind of change', async () => {
    const { session } = await LabSession.open(lab);
    const expected = () => { const s = session.snapshot; return JSON.stringify([s.steps, s.switches, s.initial ?? null]); };
    const keys = new Set<string>();
    const check = () => { expect(session.logKey).toBe(expected()); keys.add(session.logKey); };
    check();
    await session.play('A_write'); check();
    await session.play('B_acquire'); check();
    await session.back(); check();
    await session.forward(); check();
    await session.back(); check();
    await session.play({ advance: 3 }); check(); // replaces the redo tail
    await session.setSwitch('resource', 'external'); check();
    await session.loadScript(lab.scenarios[0]!); check();
    await session.jumpTo(2); check();
    await session.loadScript({ actions: ['A_write'], initial: { ...lab.world.initial } }); check();
    expect(keys.size).toBe(7); // the start and six changes of the log; back, forward and jumpTo keep it
  });

  it('a new action after stepping back drops the redo tail', async () => {
    const { session } = await LabSession.open(lab);
    await session.play('A_write');
    await session.play('B_acquire');
    await session.back();
    await session.play({ advance: 3 });
    expect(session.snapshot).toMatchObject({ cursor: 2, steps: [{ type: 'write', worker: 'A' }, { type: 'advance', by: 3 }] });
  });

  it('flipping a switch replays the same steps under the other design', async () => {
    const { session } = await LabSession.open(lab);
    await session.loadScript(lab.scenarios.find((s) => s.id === 'late-write')!);
    while (session.canForward) await session.forward();
    expect(session.view().invariants.every((i) => i.ok)).toBe(true);
    expect(session.view().scenarioCheck).toMatchObject({ atEnd: true, mismatches: [] });
    await session.setSwitch('resource', 'external');
    const view = session.view();
    expect(view.cursor).toBe(5);
    expect(view.invariants.find((i) => i.id === 'FENCE-1')).toMatchObject({ ok: false });
    expect(view.scenarioCheck!.mismatches.length).toBeGreaterThan(0);
  });

  it('reopens at a saved place, and falls back to a clean start when it no longer replays', async () => {
    const { session } = await LabSession.open(lab);
    await session.play('A_pause');
    await session.play({ advance: 11 });
    const reopened = await LabSession.open(lab, session.snapshot);
    expect(reopened.problem).toBeNull();
    expect(bytes(reopened.session)).toEqual(bytes(session));
    const broken = await LabSession.open(lab, { steps: ['A_wake', 'A_wake'], cursor: 2, switches: {} });
    expect(broken.problem).toMatch(/could not be replayed/);
    expect(broken.session.view().cursor).toBe(0);
  });

  it('the view reports machines, nodes and frames from the running World', async () => {
    const { session } = await LabSession.open(lab);
    await session.play({ advance: 11 });
    const view = session.view();
    expect(view.machines[0]).toMatchObject({ id: 'lease', state: 'expired' });
    expect(view.machines[0]!.graph.states).toEqual(['free', 'held', 'expired']);
    expect(view.nodes.map((n) => n.spec.id)).toEqual(['A', 'B', 'authority', 'resource']);
    expect(view.nodes.find((n) => n.spec.id === 'authority')!.lines[0]).toBe('lease: expired (A)');
  });
});

describe('LabSession back-stepping is an undo', () => {
  it('Back keeps the same World (no replay from the root) and gives a fresh replay\'s bytes', async () => {
    const { session } = await LabSession.open(lab);
    const steps: unknown[] = [];
    for (let i = 0; i < 40; i++) {
      const action = i % 5 === 4 ? { advance: 2 } : i % 2 === 0 ? 'A_write' : 'B_write';
      expect(await session.play(action)).toEqual({ ok: true });
      steps.push(action);
    }
    const world = session.current;
    for (let k = 39; k >= 30; k--) {
      await session.back();
      expect(session.current).toBe(world);
      const { session: fresh } = await LabSession.open(lab, { steps, cursor: k, switches: {} });
      expect(bytes(session)).toEqual(bytes(fresh));
      expect(JSON.stringify(session.view().trace)).toEqual(JSON.stringify(fresh.view().trace));
      fresh.dispose();
    }
    await session.jumpTo(3);
    await session.jumpTo(35);
    expect(session.cursor).toBe(35);
    const { session: fresh } = await LabSession.open(lab, { steps, cursor: 35, switches: {} });
    expect(bytes(session)).toEqual(bytes(fresh));
  });
});

describe('LabSession and scenarios', () => {
  it('playing the scenario\'s own next step keeps it open; a different step closes it', async () => {
    const { session } = await LabSession.open(lab);
    await session.loadScript(lab.scenarios.find((s) => s.id === 'late-write')!);
    await session.play('A_pause');
    expect(session.snapshot.scenario).toBe('late-write');
    await session.play('B_write');
    expect(session.snapshot.scenario).toBeUndefined();
    expect(session.view().scenarioCheck).toBeNull();
  });
});

describe('a saved place that does not replay in full', () => {
  it('keeps the longest prefix that replays, and hands the whole place back to be set aside', async () => {
    const saved = { steps: ['A_acquire', 'no_such_action', 'A_write'], cursor: 3, switches: { ...lab.world.switches } };
    const { session, problem, setAside } = await LabSession.open(lab, saved);
    expect(session.snapshot.steps).toEqual(['A_acquire']);
    expect(session.cursor).toBe(1);
    expect(problem).toMatch(/step 2 of 3/);
    expect(setAside).toEqual(saved);
  });

  it('a switch the lab does not have: the lab\'s own switches, every step kept', async () => {
    const saved = { steps: ['A_write'], cursor: 1, switches: { bogus: 'x' } };
    const { session, problem, setAside } = await LabSession.open(lab, saved);
    expect(session.snapshot.steps).toEqual(['A_write']);
    expect(session.snapshot.switches).toEqual(lab.world.switches);
    expect(problem).toMatch(/bogus/);
    expect(setAside).toEqual(saved);
  });

  it('a place that replays opens as it was, with nothing to set aside', async () => {
    const { session, problem, setAside } = await LabSession.open(lab, { steps: ['A_acquire', 'A_write'], cursor: 1, switches: { ...lab.world.switches } });
    expect([session.cursor, session.snapshot.steps.length, problem, setAside]).toEqual([1, 2, null, undefined]);
  });
});

describe('changes of an asynchronous lab', () => {
  const l05 = (loadLabsFromDir(resolve('labs')).find((l) => l.ok && l.lab.id === 'L05') as { ok: true; lab: Lab }).lab;
  const script = (id: string) => l05.scenarios.find((s) => s.id === id)!;

  it('run in the order asked; a view asked before they have run shows the place they start from', async () => {
    const { session } = await LabSession.open(l05);
    await session.loadScript(script('happy-path'));
    for (let i = 0; i < script('happy-path').actions.length; i++) await session.forward();
    const before = session.view();
    expect(before).toMatchObject({ cursor: 2, total: 2 });
    // Asked at once, as fast clicks would: a scenario, then a step into it.
    const loading = session.loadScript(script('messages-only'));
    const stepping = session.forward();
    const pending = session.view();
    expect(pending).toMatchObject({ cursor: 2, total: 2 });
    expect(pending.trace).toEqual(before.trace);
    await loading;
    expect(await stepping).toEqual({ ok: true });
    const after = session.view();
    expect(after).toMatchObject({ cursor: 1, total: 4 });
    expect(after.trace).toHaveLength(2); // the starting state's entry and the step's
    session.dispose();
  });
});
