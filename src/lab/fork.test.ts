import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../test/sqljs';
import { forkAt } from './fork';
import { observedDiff } from './observedDiff';
import { loadLabsFromDir } from './nodeFiles';
import { LabSession } from './session';

useSqlJs();

const lab = (id: string) => loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok && l.lab.id === id ? [l.lab] : []))[0]!;

describe('a fork of the run', () => {
  it('starts at the current step and steps apart from the run it came from (L01: same worker view, another ledger)', async () => {
    const l01 = lab('L01');
    const { session } = await LabSession.open(l01, { steps: ['approve', 'tick'], cursor: 1, switches: { ...l01.world.switches } });
    const fork = await forkAt(session);
    try {
      expect(fork.snapshot.steps).toEqual(['approve']);
      expect(fork.view().observed).toEqual(session.view().observed);
      // The run loses the provider's answer; the fork loses the request itself.
      for (const a of ['lose_response', 'submit', { advance: 3 }]) expect(await session.play(a)).toEqual({ ok: true });
      for (const a of ['lose_request', 'submit', { advance: 3 }]) expect(await fork.play(a)).toEqual({ ok: true });
      const rows = new Map(observedDiff(session.view().observed, fork.view().observed).map((r) => [r.path, r]));
      // The worker cannot tell them apart; the provider's ledger can.
      expect(rows.get('operation.state')).toMatchObject({ same: true });
      expect(rows.get('ledger_count')).toMatchObject({ left: 1, right: 0, same: false });
      expect(session.snapshot.steps.map((s) => (s as { type?: string }).type ?? s)).toEqual(['approve', 'lose_response', 'submit', 'advance']);
      expect(fork.snapshot.steps.map((s) => (s as { type?: string }).type ?? s)).toEqual(['approve', 'lose_request', 'submit', 'advance']);
    } finally {
      fork.dispose();
      session.dispose();
    }
  });

  it('compares leaf by leaf, keeping keys only one side has', async () => {
    const rows = observedDiff({ a: { b: 1, c: [1, 2] }, d: 'x' }, { a: { b: 2, c: [1, 2] }, e: true });
    expect(rows).toEqual([
      { path: 'a.b', left: 1, right: 2, same: false },
      { path: 'a.c', left: [1, 2], right: [1, 2], same: true },
      { path: 'd', left: 'x', right: undefined, same: false },
      { path: 'e', left: undefined, right: true, same: false },
    ]);
  });
});
