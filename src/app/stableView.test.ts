import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../test/sqljs';
import { loadLabsFromDir } from '../lab/nodeFiles';
import { LabSession } from '../lab/session';
import type { Lab } from '../lab/schema';
import { stabilizeView } from './stableView';

useSqlJs();

const lab = (loadLabsFromDir(resolve('labs')).find((l) => l.ok && l.lab.id === 'L07') as { ok: true; lab: Lab }).lab;
const ACTIONS = ['A_write', 'B_acquire', 'tick', 'B_write', 'A_acquire', { advance: 5 }, 'A_release'];

function walked() {
  const { session } = LabSession.open(lab);
  for (const action of ACTIONS) expect(session.play(action)).toEqual({ ok: true });
  session.reset();
  return session;
}

describe('stabilizeView', () => {
  it('keeps the objects of what a step did not change, and of the steps still ahead', () => {
    const session = walked();
    const before = session.view();
    session.forward();
    const after = stabilizeView(before, session.view());
    // The step ahead of the cursor that was label j + 1 is now label j: the same object.
    expect(after.upcoming).toHaveLength(before.upcoming.length - 1);
    after.upcoming.forEach((label, j) => expect(label).toBe(before.upcoming[j + 1]));
    // And back: the labels that were ahead keep their objects again.
    session.back();
    const back = stabilizeView(after, session.view());
    back.upcoming.slice(1).forEach((label, j) => expect(label).toBe(after.upcoming[j]));
    expect(back.edges).toBe(after.edges);
    expect(back.switchSpecs).toBe(after.switchSpecs);
    expect(back.machines.map((m) => m.graph)).toEqual(after.machines.map((m) => m.graph));
    back.machines.forEach((m, i) => expect(m.graph).toBe(after.machines[i]!.graph));
    session.dispose();
  });

  it('keeps an equal part that is a new object, and takes a changed one', () => {
    const session = walked();
    const first = session.view();
    const again = stabilizeView(first, session.view()); // same place, all parts rebuilt
    expect(again.observed).toBe(first.observed);
    expect(again.invariants).toBe(first.invariants);
    expect(again.nodes).toBe(first.nodes);
    session.forward();
    session.forward();
    const moved = stabilizeView(again, session.view());
    expect(moved.observed).not.toEqual(first.observed);
    expect(moved.observed).not.toBe(again.observed);
    expect(moved.trace.slice(0, again.trace.length)).toEqual(again.trace);
    moved.trace.slice(0, again.trace.length).forEach((entry, i) => expect(entry).toBe(again.trace[i]));
    session.dispose();
  });

  it('builds a machine graph and a switch list once (the same objects on every view), and keeps an unchanged scenario check', () => {
    const { session } = LabSession.open(lab);
    session.loadScript(lab.scenarios[0]!);
    const first = session.view();
    session.forward();
    const raw = session.view();
    expect(raw.switchSpecs).toBe(first.switchSpecs);
    raw.machines.forEach((m, i) => expect(m.graph).toBe(first.machines[i]!.graph));
    const next = stabilizeView(first, raw);
    const again = stabilizeView(next, session.view()); // same place: a new check object, equal content
    expect(again.scenarioCheck).toBe(next.scenarioCheck);
    // Stepping to the end changes the check (atEnd): the new one is taken.
    session.jumpTo(Number.MAX_SAFE_INTEGER);
    const end = stabilizeView(again, session.view());
    expect(end.scenarioCheck?.atEnd).toBe(true);
    expect(end.scenarioCheck).not.toBe(again.scenarioCheck);
    session.dispose();
  });

  it('on the same run, takes the known entry for a new step without comparing their content', () => {
    const session = walked();
    session.jumpTo(ACTIONS.length);
    const known = session.view().trace; // the whole run, as the app keeps it
    session.reset();
    let shown = stabilizeView(null, session.view());
    for (let cursor = 1; cursor <= ACTIONS.length; cursor++) {
      session.forward();
      const next = session.view();
      // A World entry that cannot be serialised: comparing it by content would throw.
      Object.defineProperty(next.trace[cursor]!, 'toJSON', { value: () => { throw new Error('compared by content'); } });
      shown = stabilizeView(shown, next, known, true);
      shown.trace.forEach((entry, i) => expect(entry).toBe(known[i]));
    }
    // Not the same run (another log, or a World still catching up): entries are compared.
    session.reset();
    const fresh = stabilizeView(null, session.view());
    session.forward();
    const other = session.view();
    Object.defineProperty(other.trace[1]!, 'toJSON', { value: () => { throw new Error('compared by content'); } });
    expect(() => stabilizeView(fresh, other, known, false)).toThrow('compared by content');
    session.dispose();
  });
});
