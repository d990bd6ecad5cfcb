/** Bounded outages (SPEC §7), one test per rule. */
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../../test/sqljs';
import { World } from '../../world';
import { msg } from '../../../core/message';

useSqlJs();

function run(actions: unknown[], switches: Record<string, string> = {}) {
  const world = World.replay({ model: 'outage', seed: 13, initial: { grace_ticks: 5, budget_cents: 1000, lease_ticks: 50 }, switches }, actions);
  const result = { observed: world.observe() as Record<string, any>, broken: [...new Set(world.trace.flatMap((e) => e.invariants.filter((i) => !i.ok).map((i) => i.id)))] }; // eslint-disable-line @typescript-eslint/no-explicit-any
  world.dispose();
  return result;
}

describe('MWP-WRK-020: offline, only already-active reversible work, within the grace period', () => {
  it('reversible work continues until the grace period ends, then stops', () => {
    expect(run(['disconnect', 'work', { advance: 4 }, 'work']).observed).toMatchObject({ local_steps: 2, grace_left: 1 });
    expect(run(['disconnect', { advance: 5 }, 'work']).observed).toMatchObject({ local_steps: 0, refusals: ['continue W1'] });
  });
  it('new work and irreversible actions are refused offline, allowed online', () => {
    expect(run(['disconnect', 'start_new_work', 'email_customer']).observed).toMatchObject({ refusals: ['start new work', 'email the customer'], irreversible: [] });
    expect(run(['email_customer']).observed).toMatchObject({ irreversible: [{ what: 'email the customer', offline: false }] });
  });
  it('the optimistic design breaks OUT-1 and OUT-2', () => {
    expect(run(['disconnect', 'email_customer', { advance: 6 }, 'work'], { offline_policy: 'optimistic' }).broken).toEqual(['OUT-1', 'OUT-2']);
  });
  it('a breach stays on the record after the agent reconnects (the check judges each step by its own outage)', () => {
    const world = World.replay({ model: 'outage', seed: 13, initial: { grace_ticks: 5, budget_cents: 1000, lease_ticks: 50 }, switches: { offline_policy: 'optimistic' } },
      ['disconnect', { advance: 6 }, 'work', 'reconnect', 'disconnect']);
    try {
      expect(world.invariants.find((i) => i.id === 'OUT-2')!.violations).toEqual([msg('violations.outage.past_grace', { step: '1', at: '6' })]); // 'step 1 ran offline at t=6, after the grace period'
    } finally {
      world.dispose();
    }
  });
});

describe('MWP-WRK-021 and MWP-EXT-005: buffered commands are rebased and re-signed under new Action IDs', () => {
  it('a reconnect is a new session; the work is reclaimed at a higher epoch and the buffer rebased onto the new lease', () => {
    const { observed, broken } = run(['disconnect', 'report_progress', 'reconnect']);
    expect(observed).toMatchObject({
      session: 2, lease_id: 'lease-W1-2', work_item: { epoch: 2, session: 2, progress: 1 },
      buffered: [{ action_id: 'report_progress-1', status: 'rebased', sent_as: 'report_progress-1-rebased-s2', result: 'ACCEPTED' }],
    });
    expect(broken).toEqual([]);
  });
  it('when the work is no longer ours the buffer is kept and marked, not sent', () => {
    expect(run(['complete', 'disconnect', 'report_progress', 'reconnect']).observed.buffered[0]).toMatchObject({ status: 'abandoned', result: expect.stringMatching(/NOT_SENT/) });
  });
});

describe('MWP-WRK-022: reconciliation and its resource charge are one authoritative transaction', () => {
  it('an overflowing total rejects every buffered report and its charge: no partial state', () => {
    const { observed, broken } = run(['disconnect', 'report_progress', 'big_charge', 'reconnect']);
    expect(observed).toMatchObject({
      spent_cents: 0, work_item: { progress: 0, epoch: 2 }, last_code: 'BUDGET_EXCEEDED',
      buffered: [{ action_id: 'report_progress-1', result: 'BUDGET_EXCEEDED' }, { action_id: 'report_progress-2', result: 'BUDGET_EXCEEDED' }],
    });
    expect(broken).toEqual([]);
  });
  it('within the budget the whole buffer lands in one transaction (one event for the reconciliation)', () => {
    const world = World.replay({ model: 'outage', seed: 13, initial: { grace_ticks: 5, budget_cents: 1000, lease_ticks: 50 }, switches: {} },
      ['disconnect', 'report_progress', 'report_progress', 'complete', 'reconnect']);
    expect(world.observe()).toMatchObject({ spent_cents: 200, work_item: { progress: 2, status: 'done' } });
    const accepts = world.trace.flatMap((e) => e.transactions).filter((t) => t.name === 'accept');
    expect(world.store('authority').all("SELECT kind FROM events WHERE kind = 'work_reconciled'")).toHaveLength(1);
    expect(accepts.length).toBeGreaterThan(0);
    world.dispose();
  });
  it('broken: sending the buffer one command at a time lands part of it — OUT-3 catches it', () => {
    const { observed, broken } = run(['disconnect', 'report_progress', 'big_charge', 'reconnect'], { reconcile: 'one_by_one' });
    expect(observed).toMatchObject({ spent_cents: 100, work_item: { progress: 1 } });
    expect(broken).toEqual(['OUT-3']);
  });
});
