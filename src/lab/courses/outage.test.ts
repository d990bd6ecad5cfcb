/** Bounded outages (SPEC §7), one test per rule, in L13's World (the outage model at its lab's seed and starting state). */
import { describe, expect, it } from 'vitest';
import { msg } from '../../core/message';
import { useSqlJs } from '../../test/sqljs';
import { useLabs } from '../driver/testing';

useSqlJs();
const openLab = useLabs();
/** L13 with `switches` flipped. */
const l13 = (switches: Record<string, string> = {}) => openLab('L13', { switches });

describe('MWP-WRK-020: offline, only already-active reversible work, within the grace period', () => {
  it('reversible work continues until the grace period ends, then stops', async () => {
    await l13().act('disconnect', 'work', { advance: 4 }, 'work').expectState({ local_steps: 2, grace_left: 1 });
    await l13().act('disconnect', { advance: 5 }, 'work').expectState({ local_steps: 0, refusals: ['continue W1'] });
  });
  it('new work and irreversible actions are refused offline, allowed online', async () => {
    await l13().act('disconnect', 'start_new_work', 'email_customer').expectState({ refusals: ['start new work', 'email the customer'], irreversible: [] });
    await l13().act('email_customer').expectState({ irreversible: [{ what: 'email the customer', offline: false }] });
  });
  it('the optimistic design breaks OUT-1 and OUT-2', async () => {
    await l13({ offline_policy: 'optimistic' }).act('disconnect', 'email_customer', { advance: 6 }, 'work').expectBroken('OUT-1', 'OUT-2');
  });
  it('a breach stays on the record after the agent reconnects (the check judges each step by its own outage)', async () => {
    const lab = l13({ offline_policy: 'optimistic' }).act('disconnect', { advance: 6 }, 'work', 'reconnect', 'disconnect');
    await lab;
    expect(lab.invariant('OUT-2').violations).toEqual([msg('violations.outage.past_grace', { step: '1', at: '6' })]); // 'step 1 ran offline at t=6, after the grace period'
  });
});

describe('MWP-WRK-021 and MWP-EXT-005: buffered commands are rebased and re-signed under new Action IDs', () => {
  it('a reconnect is a new session; the work is reclaimed at a higher epoch and the buffer rebased onto the new lease', async () => {
    await l13().act('disconnect', 'report_progress', 'reconnect').expectState({
      session: 2, lease_id: 'lease-W1-2', work_item: { epoch: 2, session: 2, progress: 1 },
      buffered: [{ action_id: 'report_progress-1', status: 'rebased', sent_as: 'report_progress-1-rebased-s2', result: 'ACCEPTED' }],
    }).expectBroken();
  });
  it('when the work is no longer ours the buffer is kept and marked, not sent', async () => {
    const lab = l13().act('complete', 'disconnect', 'report_progress', 'reconnect');
    await lab;
    expect(lab.observed()).toMatchObject({ buffered: [{ status: 'abandoned', result: expect.stringMatching(/NOT_SENT/) }] });
  });
});

describe('MWP-WRK-022: reconciliation and its resource charge are one authoritative transaction', () => {
  it('an overflowing total rejects every buffered report and its charge: no partial state', async () => {
    await l13().act('disconnect', 'report_progress', 'big_charge', 'reconnect').expectState({
      spent_cents: 0, work_item: { progress: 0, epoch: 2 }, last_code: 'BUDGET_EXCEEDED',
      buffered: [{ action_id: 'report_progress-1', result: 'BUDGET_EXCEEDED' }, { action_id: 'report_progress-2', result: 'BUDGET_EXCEEDED' }],
    }).expectBroken();
  });
  it('within the budget the whole buffer lands in one transaction (one event for the reconciliation)', async () => {
    const world = await l13().act('disconnect', 'report_progress', 'report_progress', 'complete', 'reconnect').expectState({ spent_cents: 200, work_item: { progress: 2, status: 'done' } }).read((l) => l.world);
    const accepts = world.trace.flatMap((e) => e.transactions).filter((t) => t.name === 'accept');
    expect(world.store('authority').all("SELECT kind FROM events WHERE kind = 'work_reconciled'")).toHaveLength(1);
    expect(accepts.length).toBeGreaterThan(0);
  });
  it('broken: sending the buffer one command at a time lands part of it — OUT-3 catches it', async () => {
    await l13({ reconcile: 'one_by_one' }).act('disconnect', 'report_progress', 'big_charge', 'reconnect').expectState({ spent_cents: 100, work_item: { progress: 1 } }).expectBroken('OUT-3');
  });
});
