/**
 * OUT-1 … OUT-3's incremental `checkStep` (re-run only when the step wrote a table the
 * check reads), and the authority invariants the outage model reuses, agree with the full
 * `check` after every step of seeded random schedules — for the bounded agent and for the
 * designs that break them (so the agreement is not vacuous). A checkStep whose table list
 * leaves one out is caught.
 */
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../../test/sqljs';
import type { Model } from '../../model';
import { checkStepAgreement } from '../../oracle';
import { rerunOnWrites } from '../projection/onWrites';
import { outageModel } from './index';

useSqlJs();

const config = (switches: Record<string, string>) => ({
  model: 'outage', seed: 13, initial: { grace_ticks: 5, budget_cents: 1000, lease_ticks: 50 }, switches,
});
const OPTIONS = { runs: 6, steps: 30, seed: 5, maxAdvance: 4, crashRate: 0.05 };

describe('outage invariants: checkStep agrees with check', () => {
  it('for the bounded agent and for the designs that break OUT-1 … OUT-5', () => {
    let violating = 0;
    for (const switches of [{}, { offline_policy: 'optimistic' }, { reconcile: 'one_by_one' }, { offline_policy: 'optimistic', reconcile: 'one_by_one' },
      { rebase: 'same_action_id' }, { rebase: 'as_made', reconcile: 'one_by_one' }] as Record<string, string>[]) {
      const report = checkStepAgreement(config(switches), OPTIONS);
      expect(report.disagreements, JSON.stringify(switches)).toEqual([]);
      expect(report.stepsTaken).toBeGreaterThan(60);
      violating += report.violatingSteps;
    }
    expect(violating, 'some invariant must break, or agreement is vacuous').toBeGreaterThan(0);
  }, 600_000);

  it('a checkStep whose table list leaves out a table it reads is caught', () => {
    // OUT-2 reads the grace period from `link` and the steps from `local_work`; told it
    // reads only `link`, it misses the offline steps past the grace period.
    const stale: Model = {
      ...(outageModel as unknown as Model),
      invariants: outageModel.invariants.map((inv) => (inv.id === 'OUT-2' ? { ...inv, ...rerunOnWrites({ 'agent-1': ['link'] }, inv.check) } : inv)),
    };
    const report = checkStepAgreement(config({ offline_policy: 'optimistic' }), { ...OPTIONS, model: stale });
    expect(report.disagreements.map((d) => d.invariant)).toContain('OUT-2');
  }, 600_000);
});
