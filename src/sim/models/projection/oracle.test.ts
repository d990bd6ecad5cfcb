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
import { checkStepAgreement } from '../../oracle';
import { World } from '../../world';
import { projectionModel } from './index';
import { rerunOnWrites } from './onWrites';
import { foldWatching, rebuildCheckStep } from './rebuildCheck';

useSqlJs();

const config = (switches: Record<string, string>) => ({
  model: 'projection', seed: 10, initial: { org: 'acme', group: 'G1', more_groups: ['G2'] }, switches: { network: 'manual', ...switches },
});
const OPTIONS = { runs: 3, steps: 30, seed: 21, crashRate: 0.1 };

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
    // PROJ-3 reads applied_log; told it reads only the cursors, it keeps a stale verdict.
    const stale: Model = {
      ...(projectionModel as unknown as Model),
      invariants: projectionModel.invariants.map((inv) => (inv.id === 'PROJ-3' ? { ...inv, ...rerunOnWrites({ worker: ['cursors'] }, inv.check) } : inv)),
    };
    const report = checkStepAgreement(config({ apply: 'no_dedupe' }), { ...OPTIONS, model: stale, runs: 6 });
    expect(report.disagreements.map((d) => d.invariant)).toContain('PROJ-3');
  }, 600_000);
});
