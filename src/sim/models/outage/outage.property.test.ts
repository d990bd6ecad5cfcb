/**
 * Random outages (SPEC §7): cuts, reconnects, time, work, emails and charges. The bounded
 * agent never breaks an invariant and never loses a buffered command; the optimistic one is
 * caught. fast-check prints the seed on failure.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../../test/sqljs';
import { World } from '../../world';

useSqlJs();

const action = fc.constantFrom<unknown>('disconnect', 'reconnect', 'work', 'start_new_work', 'email_customer', 'report_progress', 'big_charge', 'complete', 'tick', { advance: 3 }, { advance: 6 });

function run(policy: string, actions: unknown[], reconcile = 'one_transaction') {
  const world = World.create({ model: 'outage', seed: 13, initial: { grace_ticks: 5, budget_cents: 1000, lease_ticks: 50 }, switches: { offline_policy: policy, reconcile } });
  try {
    for (const a of actions) world.step(a);
    if (world.observe().offline) world.step('reconnect');
    const broken = [...new Set(world.trace.flatMap((e) => e.invariants.filter((i) => !i.ok).map((i) => i.id)))];
    return { broken, observed: world.observe() as { buffered: { status: string; result: string | null }[] } };
  } finally {
    world.dispose();
  }
}

describe('bounded outages under random schedules', () => {
  it('the bounded agent breaks nothing, and every buffered command is answered or visibly abandoned', () => {
    fc.assert(fc.property(fc.array(action, { minLength: 3, maxLength: 25 }), (actions) => {
      const { broken, observed } = run('bounded', actions);
      expect(broken).toEqual([]);
      for (const b of observed.buffered) expect((b.status === 'rebased' || b.status === 'abandoned') && b.result !== null, JSON.stringify(b)).toBe(true);
    }), { numRuns: 100 });
  });

  it('reconciling one command at a time is caught (OUT-3, MWP-WRK-022)', () => {
    const result = fc.check(fc.property(fc.array(action, { minLength: 3, maxLength: 25 }), (actions) => !run('bounded', actions, 'one_by_one').broken.includes('OUT-3')), { numRuns: 300, endOnFailure: true });
    expect(result.failed).toBe(true);
  });

  it('the optimistic agent is caught', () => {
    const result = fc.check(fc.property(fc.array(action, { minLength: 3, maxLength: 25 }), (actions) => run('optimistic', actions).broken.length === 0), { numRuns: 200 });
    expect(result.failed).toBe(true);
  });
});
