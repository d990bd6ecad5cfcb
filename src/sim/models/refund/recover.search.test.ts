/**
 * Recoverability search over the refund labs' starting state (L01's configuration, within
 * the model's default bounds): from every state the search reaches, the system's own
 * recovery (src/sim/explorer/recover.ts — restarts, deliveries, then the executor's plan)
 * must settle every end condition. Each right design it found stuck is kept here; a design
 * wrong because it gets stuck must be caught.
 */
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../../test/sqljs';
import { MODEL_BOUNDS } from '../../explorer/defaults';
import { explore } from '../../explorer/explore';

useSqlJs();

const L01 = { model: 'refund', seed: 1, initial: { approved: false, expired: false, ledger_count: 0, committed: false, status: 'PENDING', amount_cents: 10000 } };

const found = (switches: Record<string, string>) => {
  const result = explore({ config: { ...L01, switches }, bounds: MODEL_BOUNDS.refund, recover: true, stopAtFirst: true });
  return { result, cards: (result.unrecoverable ?? []).map((u) => `${u.invariant} (${u.why}): ${JSON.stringify(u.actions)}`) };
};

describe('refund: every crash is recoverable (L01 within its bounds)', () => {
  it('the design presented right settles from every reached state', () => {
    const { result, cards } = found({});
    expect(cards).toEqual([]);
    expect(result.counterexamples).toEqual([]);
    expect(result.stoppedBy, result.boundsText).toBeNull();
    expect(result.states, result.boundsText).toBeGreaterThan(100);
  }, 600_000);

  // A provider slower than the worker's timeout (L02's late-answer setting): every answer
  // lands after its attempt timed out. Search found it unsettled after 12 recovery moves
  // (lookups piling up while the first was still on its way; a crash in the resend costing a
  // round more): the executor now waits for a lookup still out, and the bound is 24.
  it('a provider slower than the timeout settles too', () => {
    const { result, cards } = found({ latency: '5' });
    expect(cards).toEqual([]);
    expect(result.counterexamples).toEqual([]);
    expect(result.stoppedBy, result.boundsText).toBeNull();
  }, 600_000);
});
