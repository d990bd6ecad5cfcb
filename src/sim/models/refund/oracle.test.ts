/**
 * REF-1 … REF-5's incremental `checkStep` agrees with the full-history `check` on seeded
 * random schedules (src/sim/oracle.ts), in the designs that do break them — and a broken
 * `checkStep` (one that never looks again) is caught.
 */
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../../test/sqljs';
import { checkStepAgreement } from '../../oracle';
import type { Violation } from '../../model';
import { refundModel } from './index';

useSqlJs();

const INITIAL = { approved: false, expired: false, ledger_count: 0, committed: false, status: 'PENDING', amount_cents: 10000 };
const config = (switches: Record<string, string>) => ({ model: 'refund', seed: 1, initial: INITIAL, switches });

describe('refund invariants: checkStep agrees with check', () => {
  const BREAKS = { key_scheme: 'tool_key', takeover: 'start_fresh', network: 'manual' };
  const designs: Record<string, string>[] = [BREAKS, { idempotency: 'off', retry_policy: 'blind_resend', network: 'manual' }, {}];
  for (const switches of designs) {
    it(`on random schedules: ${JSON.stringify(switches)}`, () => {
      const report = checkStepAgreement(config(switches), { runs: 10, steps: 40, seed: 7, crashRate: 0.1 });
      expect(report.disagreements).toEqual([]);
      expect(report.stepsTaken).toBeGreaterThan(200);
      if (switches === BREAKS) expect(report.violatingSteps, 'the schedules must break REF-1 somewhere, or agreement is vacuous').toBeGreaterThan(0);
    }, 300_000);
  }
  it('a checkStep that never looks again disagrees (the oracle can fail)', () => {
    const broken = { ...refundModel, invariants: refundModel.invariants.map((inv) => ({ ...inv, checkStep: (_ctx: unknown, previous: readonly Violation[]) => [...previous] })) };
    const report = checkStepAgreement(config(BREAKS), { model: broken, runs: 10, steps: 40, seed: 7, crashRate: 0.1 });
    expect(report.disagreements.length).toBeGreaterThan(0);
  }, 300_000);
});
