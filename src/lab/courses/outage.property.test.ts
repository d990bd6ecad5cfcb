/**
 * Random outages (SPEC §7) in L13's World: cuts, reconnects, time, work, emails and charges. The bounded
 * agent never breaks an invariant and never loses a buffered command; the optimistic one is
 * caught. fast-check prints the seed on failure.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { openLab } from '../driver/node';

useSqlJs();

const action = fc.constantFrom<unknown>('disconnect', 'reconnect', 'work', 'start_new_work', 'email_customer', 'report_progress', 'big_charge', 'complete', 'tick', { advance: 3 }, { advance: 6 });

/** L13 under `policy` through a random schedule (an action the lab refuses is skipped, as a refused click), reconnected at the end. */
async function run(policy: string, actions: unknown[], reconcile = 'one_transaction') {
  const lab = openLab('L13', { switches: { offline_policy: policy, reconcile } });
  try {
    for (const a of actions) await lab.attempt(a);
    if (lab.observed().offline) await lab.act('reconnect');
    return { broken: lab.broken(), observed: lab.observed() as { buffered: { status: string; result: string | null }[] } };
  } finally {
    lab.dispose();
  }
}

describe('bounded outages under random schedules', () => {
  it('the bounded agent breaks nothing, and every buffered command is answered or visibly abandoned', async () => {
    await fc.assert(fc.asyncProperty(fc.array(action, { minLength: 3, maxLength: 25 }), async (actions) => {
      const { broken, observed } = await run('bounded', actions);
      expect(broken).toEqual([]);
      for (const b of observed.buffered) expect((b.status === 'rebased' || b.status === 'abandoned') && b.result !== null, JSON.stringify(b)).toBe(true);
    }), { numRuns: 100 });
  });

  it('reconciling one command at a time is caught (OUT-3, MWP-WRK-022)', async () => {
    const result = await fc.check(fc.asyncProperty(fc.array(action, { minLength: 3, maxLength: 25 }), async (actions) => !(await run('bounded', actions, 'one_by_one')).broken.includes('OUT-3')), { numRuns: 300, endOnFailure: true });
    expect(result.failed).toBe(true);
  });

  it('the optimistic agent is caught', async () => {
    const result = await fc.check(fc.asyncProperty(fc.array(action, { minLength: 3, maxLength: 25 }), async (actions) => (await run('optimistic', actions)).broken.length === 0), { numRuns: 200 });
    expect(result.failed).toBe(true);
  });
});
