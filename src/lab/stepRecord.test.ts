import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSqlJs } from '../test/sqljs';
import { World } from '../sim/world';
import { loadLabsFromDir } from './nodeFiles';
import { LabSession, type WorldView } from './session';
import type { Lab } from './schema';

useSqlJs();

const labs = loadLabsFromDir(resolve('labs'));
const lab = (id: string) => (labs.find((l) => l.ok && l.lab.id === id) as { ok: true; lab: Lab }).lab;
/** A view by content (what a panel could show), without object identity. */
const content = (view: WorldView) => JSON.parse(JSON.stringify({ ...view, trace: view.trace, upcoming: view.upcoming })) as unknown;
/** The view a fresh session gives at the same place. */
async function freshView(session: LabSession): Promise<unknown> {
  const { session: fresh } = await LabSession.open(session.lab, session.snapshot);
  const view = content(fresh.view());
  fresh.dispose();
  return view;
}
const bytes = (w: World) => Object.fromEntries(Object.entries(w.images()).map(([k, v]) => [k, [...v]]));

const L07 = ['A_write', 'B_acquire', 'tick', 'B_write', 'A_acquire', { advance: 5 }, 'A_release'];
const L10 = ['emit', 'emit', 'redeliver', 'disconnect', 'emit', 'reconnect', 'rebuild', 'emit'];

afterEach(() => vi.restoreAllMocks());

/** Moves over known steps as a learner does, looking at each place as the page would: `backs` Backs, one Step, then each jump. */
async function walkKnown(session: LabSession, backs: number, jumps: number[]): Promise<void> {
  for (let i = 0; i < backs; i++) { await session.back(); session.view(); }
  await session.forward();
  session.view();
  for (const cursor of jumps) { await session.jumpTo(cursor); session.view(); }
}

describe('step records', () => {
  for (const [id, actions] of [['L07', L07], ['L10', L10]] as const) {
    it(`${id}: a place shows what a fresh replay shows however the learner comes back to it`, async () => {
      const { session } = await LabSession.open(lab(id));
      for (const action of actions) expect(await session.play(action)).toEqual({ ok: true });
      await session.reset();
      for (let i = 0; i < actions.length; i++) expect(await session.forward()).toEqual({ ok: true });
      for (let cursor = actions.length - 1; cursor >= 0; cursor--) {
        await session.back();
        expect(content(session.view()), `${id} back to ${cursor}`).toEqual(await freshView(session));
      }
      await session.jumpTo(4);
      expect(content(session.view())).toEqual(await freshView(session));
      session.dispose();
    });
  }

  it('Back, Step and jumps over known steps touch no database; acting from there rewinds the World first', async () => {
    const { session } = await LabSession.open(lab('L07'));
    for (const action of L07) await session.play(action);
    await session.reset();
    for (let i = 0; i < L07.length; i++) { await session.forward(); session.view(); }
    const undo = vi.spyOn(World.prototype, 'undoTo');
    const step = vi.spyOn(World.prototype, 'step');
    await walkKnown(session, 4, [1, L07.length, 2]);
    expect(undo).not.toHaveBeenCalled();
    expect(step).not.toHaveBeenCalled();
    // A new action from step 2: the World goes back to step 2, then takes it.
    expect(await session.play('B_release')).toEqual({ ok: true });
    expect(undo).toHaveBeenCalledWith(2);
    const { session: fresh } = await LabSession.open(lab('L07'), session.snapshot);
    expect(bytes(session.current)).toEqual(bytes(fresh.current));
    expect(content(session.view())).toEqual(content(fresh.view()));
    expect(session.view()).toMatchObject({ cursor: 3, total: 3 });
    fresh.dispose();
    session.dispose();
  });

  it('an asynchronous lab (L05): Back and Step over known steps replay nothing; reading or acting from there brings the World to the cursor', async () => {
    const { session } = await LabSession.open(lab('L05'));
    await session.loadScript(lab('L05').scenarios.find((s) => s.id === 'messages-only')!);
    for (let i = 0; i < 4; i++) { expect(await session.forward()).toEqual({ ok: true }); session.view(); }
    const create = vi.spyOn(World, 'create');
    const step = vi.spyOn(World.prototype, 'step');
    await walkKnown(session, 3, [4, 2]);
    expect(create).not.toHaveBeenCalled();
    expect(step).not.toHaveBeenCalled();
    // The record shows the place as a fresh replay does, while the World stands at step 4.
    expect(content(session.view())).toEqual(await freshView(session));
    expect(() => session.current).toThrow(/read it with read\(\)/);
    const { session: fresh } = await LabSession.open(lab('L05'), session.snapshot);
    expect(await session.read(bytes)).toEqual(bytes(fresh.current));
    expect(session.current.actions).toHaveLength(2);
    // Reading replayed the same log: the records ahead still hold, and Step reads them.
    step.mockClear();
    await session.forward();
    const view = content(session.view());
    expect(step).not.toHaveBeenCalled();
    expect(view).toEqual(await freshView(session));
    await session.back();
    // Acting from step 2 takes the step there, and the place is a fresh replay's.
    expect(await session.play(session.snapshot.steps[2])).toEqual({ ok: true });
    const { session: again } = await LabSession.open(lab('L05'), session.snapshot);
    expect(bytes(session.current)).toEqual(bytes(again.current));
    expect(content(session.view())).toEqual(content(again.view()));
    for (const s of [fresh, again, session]) s.dispose();
  });

  it('the inspector\'s World is the World at the cursor', async () => {
    const { session } = await LabSession.open(lab('L07'));
    for (const action of L07) await session.play(action);
    await session.jumpTo(3);
    session.view();
    const { session: fresh } = await LabSession.open(lab('L07'), session.snapshot);
    expect(bytes(session.current)).toEqual(bytes(fresh.current));
    fresh.dispose();
    session.dispose();
  });

  it('keeps the objects of what a step did not change, and of the steps still ahead', async () => {
    const { session } = await LabSession.open(lab('L07'));
    for (const action of L07) await session.play(action);
    await session.reset();
    const before = session.view();
    await session.forward();
    const after = session.view();
    after.upcoming.forEach((label, j) => expect(label).toBe(before.upcoming[j + 1]));
    expect(after.edges).toBe(before.edges);
    expect(after.switchSpecs).toBe(before.switchSpecs);
    after.machines.forEach((m, i) => expect(m.graph).toBe(before.machines[i]!.graph));
    await session.back();
    const back = session.view();
    expect(back.nodes).toBe(before.nodes); // the same record
    expect(back.observed).toBe(before.observed);
    await session.forward();
    await session.forward();
    const moved = session.view();
    expect(moved.observed).not.toEqual(before.observed);
    moved.trace.slice(0, after.trace.length).forEach((entry, i) => expect(entry).toBe(after.trace[i]));
    session.dispose();
  });

  it('an equal part after a switch flip keeps its object; a changed one is taken', async () => {
    const { session } = await LabSession.open(lab('L07'));
    await session.play('A_acquire');
    const before = session.view();
    const spec = before.switchSpecs.find((s) => s.options.length > 1)!;
    const other = spec.options.find((o) => o.value !== before.switches[spec.key])!.value;
    expect(await session.setSwitch(spec.key, other)).toEqual({ ok: true });
    const after = session.view();
    expect(after.switches).not.toBe(before.switches);
    expect(after.edges).toBe(before.edges);
    expect(after.switchSpecs).toBe(before.switchSpecs);
    session.dispose();
  });

  it('the scenario check is the same object while nothing it shows changed', async () => {
    const { session } = await LabSession.open(lab('L07'));
    await session.loadScript(lab('L07').scenarios[0]!);
    await session.forward();
    const first = session.view();
    expect(session.view().scenarioCheck).toBe(first.scenarioCheck);
    await session.jumpTo(Number.MAX_SAFE_INTEGER);
    const end = session.view();
    expect(end.scenarioCheck?.atEnd).toBe(true);
    expect(end.scenarioCheck).not.toBe(first.scenarioCheck);
    session.dispose();
  });

  it('the known run reaches past the cursor along the log, and ends where a new step changes it', async () => {
    const { session } = await LabSession.open(lab('L07'));
    for (const action of L07) await session.play(action);
    session.view();
    const whole = session.knownRun();
    expect(whole).toHaveLength(L07.length + 1);
    await session.jumpTo(2);
    const view = session.view();
    expect(session.knownRun()).toBe(whole);
    view.trace.forEach((entry, i) => expect(entry).toBe(whole[i]));
    await session.play('B_release');
    session.view();
    expect(session.knownRun()).toHaveLength(4);
    session.dispose();
  });
});
