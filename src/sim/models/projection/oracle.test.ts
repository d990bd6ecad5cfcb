/**
 * PROJ-1 … PROJ-5's incremental `checkStep` (re-run only when the step wrote a table the
 * check reads) agrees with the full `check` after every step of seeded random schedules —
 * on the correct cycle and on each broken design, where the invariants do break (so the
 * agreement is not vacuous). A checkStep whose table list leaves one out is caught.
 */
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../../test/sqljs';
import type { Model } from '../../model';
import { checkStepAgreement } from '../../oracle';
import { projectionModel } from './index';
import { rerunOnWrites } from './onWrites';

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

  it('on every broken design, where the invariants break', () => {
    let violating = 0;
    for (const switches of [{ apply: 'no_dedupe' }, { apply: 'cursor_on_receipt' }, { apply: 'ack_before_commit' }, { redaction: 'flag_only' }, { redaction: 'delete_event' }] as Record<string, string>[]) {
      const report = checkStepAgreement(config(switches), OPTIONS);
      expect(report.disagreements, JSON.stringify(switches)).toEqual([]);
      violating += report.violatingSteps;
    }
    expect(violating, 'some invariant must break, or agreement is vacuous').toBeGreaterThan(0);
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
