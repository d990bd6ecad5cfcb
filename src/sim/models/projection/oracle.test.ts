/**
 * PROJ-1 … PROJ-5's incremental `checkStep` (re-run only when the step wrote a table the
 * check reads) agrees with the full `check` after every step of seeded random schedules —
 * on the correct cycle and on each broken design, where the invariants do break (so the
 * agreement is not vacuous). A checkStep whose table list leaves one out is caught, and so
 * is PROJ-4's kept fold when it skips an event.
 */
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../../test/sqljs';
import type { Model } from '../../model';
import { checkStepAgreement, memoAgreement, undoForkAgreement } from '../../oracle';
import { World } from '../../world';
import { projectionModel } from './index';
import { rerunOnWrites } from './onWrites';
import { foldWatching, PROJ4_COPY, rebuildCheckStep } from './rebuildCheck';
import { ackStep, addToRuns, appliedOnceStep, cursorGapStep, gapsIn, type Follow } from './logChecks';
import { SeededRng } from '../../rng';
import type { MemoCopy, ModelContext } from '../../model';

useSqlJs();

const config = (switches: Record<string, string>) => ({
  model: 'projection', seed: 10, initial: { org: 'acme', group: 'G1', more_groups: ['G2'] }, switches: { network: 'manual', ...switches },
});
const OPTIONS = { runs: 3, steps: 30, seed: 21, crashRate: 0.1 };


/** A follower that ignores its mark: it reads on from the last row number it saw, as if no row it counted could go away. */
const blind: Follow = (kept, log) => {
  const rows = log.after(kept.n);
  const last = rows[rows.length - 1];
  if (last) {
    kept.n = last.n;
    kept.mark = log.markOf(last);
  }
  return { restart: false, rows };
};

describe('projection invariants: checkStep agrees with check', () => {
  it('on the correct cycle', () => {
    const report = checkStepAgreement(config({}), OPTIONS);
    expect(report.disagreements).toEqual([]);
    expect(report.stepsTaken).toBeGreaterThan(60);
  }, 600_000);

  it('on long feeds: every frame delivered at once, a replay window of 3 (snapshots), rebuilds and tombstones', () => {
    // The manual network leaves most events in flight; here each one is applied as it is
    // published, so PROJ-4's kept fold moves, refolds (rebuild, tombstone) and restores.
    const report = checkStepAgreement(config({ network: 'auto', window: '3' }), { ...OPTIONS, runs: 4, steps: 60 });
    expect(report.disagreements).toEqual([]);
    expect(report.stepsTaken).toBeGreaterThan(150);
  }, 600_000);

  it('on every broken design, where the invariants break', () => {
    let violating = 0;
    for (const switches of [{ apply: 'no_dedupe' }, { apply: 'cursor_on_receipt' }, { apply: 'ack_before_commit' }, { redaction: 'flag_only' }, { redaction: 'delete_event' }] as Record<string, string>[]) {
      const report = checkStepAgreement(config(switches), OPTIONS);
      expect(report.disagreements, JSON.stringify(switches)).toEqual([]);
      violating += report.violatingSteps;
    }
    expect(violating, 'some invariant must break, or agreement is vacuous').toBeGreaterThan(0);
  }, 600_000);

  it('PROJ-4\'s step form (a kept fold, only new events folded) is caught when its fold skips one event', () => {
    const skipsFourth: typeof foldWatching = (state, events, touched) => foldWatching(state, events.filter((e) => e.seq !== 4), touched);
    const broken: Model = {
      ...(projectionModel as unknown as Model),
      invariants: projectionModel.invariants.map((inv) => (inv.id === 'PROJ-4' ? { ...inv, checkStep: (ctx, previous) => rebuildCheckStep(ctx, previous, skipsFourth) } : inv)),
    };
    const report = checkStepAgreement(config({}), { ...OPTIONS, runs: 4, steps: 60, model: broken });
    expect(report.disagreements.map((d) => d.invariant)).toContain('PROJ-4');
  }, 600_000);

  it('PROJ-4\'s step form sees rows change with no new event (a duplicate applied again, no_dedupe)', () => {
    // The cursor does not move, so nothing new is folded: only the rows the step wrote say it.
    const world = World.create({ ...config({ apply: 'no_dedupe' }), initial: { org: 'acme', group: 'G1' } }, { history: false });
    const deliverAll = () => { for (let f = world.network.inFlight[0]; f; f = world.network.inFlight[0]) world.step({ deliver: f.id }); };
    const verdicts = () => [world.invariants, world.checkFull()].map((all) => all.find((i) => i.id === 'PROJ-4')!.violations);
    for (let i = 0; i < 3; i++) {
      world.step('emit');
      deliverAll();
    }
    world.step('report');
    world.step({ duplicate: world.network.inFlight.find((f) => f.kind === 'event')!.id });
    for (let f = world.network.inFlight[0]; f; f = world.network.inFlight[0]) {
      world.step({ deliver: f.id });
      const [incremental, full] = verdicts();
      expect(incremental).toEqual(full);
    }
    expect(verdicts()[1]).toHaveLength(1); // progress counted twice: the projection differs
    world.dispose();
  }, 600_000);

  it('a checkStep whose table list leaves out a table it reads is caught', () => {
    // PROJ-3 reads applied_log; told it reads only the inbox, it keeps a stale verdict: a
    // duplicate applied again (no_dedupe) writes the log, not the inbox (INSERT OR IGNORE).
    // (Told the cursors, it was caught only because a rebuild's DELETE without WHERE reached
    // no update hook; the wipe now deletes row by row and reports the cursors it deletes.)
    const stale: Model = {
      ...(projectionModel as unknown as Model),
      invariants: projectionModel.invariants.map((inv) => (inv.id === 'PROJ-3' ? { ...inv, ...rerunOnWrites({ worker: ['inbox'] }, inv.check) } : inv)),
    };
    const report = checkStepAgreement(config({ apply: 'no_dedupe' }), { ...OPTIONS, model: stale, runs: 6 });
    expect(report.disagreements.map((d) => d.invariant)).toContain('PROJ-3');
  }, 600_000);

  it('PROJ-1…3\'s step forms (only the log rows after a kept mark are read) are each caught when they ignore the mark', () => {
    // A rebuild deletes both logs; a follower that reads on from the old number keeps sums of
    // rows that are gone: descents that never happened, events applied "twice", gaps covered.
    const steps = { 'PROJ-1': cursorGapStep, 'PROJ-2': ackStep, 'PROJ-3': appliedOnceStep };
    for (const [id, step] of Object.entries(steps)) {
      const broken: Model = {
        ...(projectionModel as unknown as Model),
        invariants: projectionModel.invariants.map((inv) => (inv.id === id ? { ...inv, checkStep: (ctx, previous) => step(ctx, previous, blind) } : inv)),
      };
      const report = checkStepAgreement(config({ network: 'auto', window: '3', apply: 'cursor_on_receipt' }), { ...OPTIONS, runs: 4, steps: 60, model: broken });
      expect(report.disagreements.map((d) => d.invariant), id).toContain(id);
    }
  }, 600_000);

  it('PROJ-1…3\'s kept marks and sums go back and fork with the World: agreement on random schedules with Back, undo and fork', () => {
    const compared = ['PROJ-1', 'PROJ-2', 'PROJ-3'];
    const run = (model: Model | undefined, switches: Record<string, string>, seed: number) =>
      undoForkAgreement(config({ network: 'auto', window: '3', ...switches }), { ...(model ? { model } : {}), ids: compared, seed, moves: 80, spread: 20 });
    let violating = 0;
    const designs: Record<string, string>[] = [{}, { apply: 'no_dedupe' }, { apply: 'cursor_on_receipt' }, { apply: 'ack_before_commit' }];
    for (const [i, switches] of designs.entries()) {
      const result = run(undefined, switches, 40 + i);
      expect(result.disagreement, JSON.stringify(switches)).toBeNull();
      violating += result.violating;
    }
    expect(violating, 'PROJ-1…3 must break somewhere, or agreement is vacuous').toBeGreaterThan(0);

    // Broken: the step forms keep their marks and sums outside the World (not in ctx.memo)
    // and trust them (no mark check), so a Back leaves them ahead of the databases. (With
    // the mark check alone they would recount: the row at the mark is gone after a Back.)
    const outside = new Map<string, object>();
    const outsideMemo = <T extends object>(key: string, init: () => T): T => {
      if (!outside.has(key)) outside.set(key, init());
      return outside.get(key) as T;
    };
    const steps: Record<string, typeof ackStep> = { 'PROJ-1': cursorGapStep, 'PROJ-2': ackStep, 'PROJ-3': appliedOnceStep };
    const leaky: Model = {
      ...(projectionModel as unknown as Model),
      invariants: projectionModel.invariants.map((inv) => {
        const step = steps[inv.id];
        return step ? { ...inv, checkStep: (ctx: ModelContext, previous) => step({ ...ctx, memo: outsideMemo }, previous, blind) } : inv;
      }),
    };
    const caught = [0, 1, 2, 3].some((i) => {
      outside.clear();
      return run(leaky, { apply: 'no_dedupe' }, 40 + i).disagreement !== null;
    });
    expect(caught, 'sums outside the World must be caught after a Back').toBe(true);
  }, 600_000);

  it('applied sequences kept as runs: gaps are those of the plain set, whatever the order they arrive in', () => {
    const rng = new SeededRng(77);
    for (let trial = 0; trial < 200; trial++) {
      const runs: [number, number][] = [];
      const set = new Set<number>();
      for (let k = rng.int(0, 40); k > 0; k--) {
        const seq = rng.int(1, 30);
        addToRuns(runs, seq);
        set.add(seq);
      }
      for (let i = 1; i < runs.length; i++) expect(runs[i]![0], JSON.stringify(runs)).toBeGreaterThan(runs[i - 1]![1] + 1);
      const from = rng.int(0, 20);
      const to = rng.int(0, 35);
      const expected: number[] = [];
      for (let seq = from; seq <= to; seq++) if (!set.has(seq)) expected.push(seq);
      expect(gapsIn(runs, from, to), JSON.stringify({ runs, from, to })).toEqual(expected);
    }
  });

  it('kept memos (PROJ-4\'s fold shared between checkpoints, the view\'s work items) go back and fork like a fresh replay; a fold a checkpoint shares with the live World is caught', () => {
    const run = (model: Model | undefined, seed: number) =>
      memoAgreement(config({ network: 'auto', window: '3' }), { ...(model ? { model } : {}), seed, moves: 40, spread: 6, prefix: [{ emit: 2 }, 'report', 'rebuild'] });
    for (const seed of [50, 51, 52]) expect(run(undefined, seed)).toBeNull();
    // Broken: the checkpoint keeps the live memo itself, which later steps fold into.
    const sharesLive: MemoCopy<object> = { save: (memo) => memo, load: (saved) => PROJ4_COPY.load(saved) };
    const broken: Model = {
      ...(projectionModel as unknown as Model),
      invariants: projectionModel.invariants.map((inv) => (inv.id === 'PROJ-4' ? { ...inv, checkStep: (ctx, previous) => rebuildCheckStep(ctx, previous, foldWatching, sharesLive as MemoCopy<never>) } : inv)),
    };
    expect([50, 51, 52].map((seed) => run(broken, seed)).some((found) => found !== null)).toBe(true);
  }, 600_000);
});
