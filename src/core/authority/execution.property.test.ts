/**
 * Random schedules of execution commands from two agents who act on what THEY believe
 * (their last lease), with session replacements, failures, blocks, reassignments and time
 * passing past lease ends. After every step: no two agents hold a live lease on one item,
 * no result is accepted from anyone but the current owner under the current lease, budgets
 * are never overdrawn, and state = fold(events). fast-check prints the seed on failure.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { eventsAfter } from './accept';
import { foldEvents, readState, type AuthorityState } from './fold';
import { AuthorityHarness } from './testHarness';
import { HANDLERS } from './handlers';
import { isRejection } from './outcomes';

useSqlJs();

const verbs = ['open_session', 'claim', 'renew_lease', 'checkpoint', 'resume', 'block', 'report_failure', 'complete', 'report_progress'] as const;
const op = fc.oneof(
  { weight: 8, arbitrary: fc.record({ agent: fc.constantFrom('agent-1', 'agent-2'), verb: fc.constantFrom(...verbs), cost: fc.integer({ min: 0, max: 400 }) }) },
  { weight: 2, arbitrary: fc.record({ agent: fc.constant('lead'), verb: fc.constantFrom('resolve', 'reassign'), cost: fc.constant(0) }) },
  { weight: 2, arbitrary: fc.record({ agent: fc.constant('clock'), verb: fc.constantFrom('tick', 'jump'), cost: fc.constant(0) }) },
);

let accepted = 0;
type Op = { agent: string; verb: string; cost: number };

/** Runs one schedule, checking every step (throws on a violation). */
function runSchedule(ops: Op[]): void {
  const h = new AuthorityHarness().bootstrap(1000);
  const believed = new Map<string, string>(); // agent -> the lease it thinks it holds
  try {
    ops.forEach((o, n) => {
      if (o.agent === 'clock') { h.clock.now += o.verb === 'tick' ? 1 : 11; return; }
      const before = readState(h.store);
      const w = before.workItems.W1!;
      const lease = believed.get(o.agent) ?? 'lease-W1-1';
      const payloads: Record<string, Record<string, unknown>> = {
        open_session: {}, claim: { work_item: 'W1' }, renew_lease: { work_item: 'W1', lease_id: lease },
        checkpoint: { work_item: 'W1', lease_id: lease, data: `c${n}` }, resume: { work_item: 'W1' },
        block: { work_item: 'W1', lease_id: lease, needs: 'x', data: `b${n}` }, report_failure: { work_item: 'W1', lease_id: lease, reason: 'x' },
        complete: { work_item: 'W1', lease_id: lease }, report_progress: { work_item: 'W1', lease_id: lease, cost_cents: o.cost, note: '' },
        resolve: { work_item: 'W1' }, reassign: { work_item: 'W1', reason: 'x' },
      };
      const cas = ['claim', 'renew_lease', 'resume'].includes(o.verb) ? w.revision : null;
      const result = h.send(o.agent, `op-${n}`, o.verb as never, payloads[o.verb]!, cas);
      if (result.code !== 'ACCEPTED') return;
      accepted += 1;
      const lease2 = result.event.payload.lease_id;
      if ((o.verb === 'claim' || o.verb === 'resume') && typeof lease2 === 'string') believed.set(o.agent, lease2);
      checkStep(h, before, o.agent, o.verb);
    });
  } finally {
    h.store.close();
  }
}


describe('execution leases under random schedules', () => {
  it('one live lease per item, results only from the current lease, budgets kept, state = fold', () => {
    fc.assert(fc.property(fc.array(op, { minLength: 5, maxLength: 40 }), runSchedule), { numRuns: 120 });
    expect(accepted, 'schedules must get commands accepted, or the checks are vacuous').toBeGreaterThan(200);
  });

  // Broken variants: each is caught by the per-step checks.
  const caught = () => fc.check(fc.property(fc.array(op, { minLength: 5, maxLength: 40 }), (ops) => {
    try { runSchedule(ops); return true; } catch { return false; }
  }), { numRuns: 300, endOnFailure: true }).failed;
  const STALE = new Set(['NOT_OWNER', 'LEASE_MISMATCH', 'LEASE_EXPIRED']);

  it('broken: submit without the lease check (MWP-WRK-019) — a result from a former holder is caught', () => {
    const original = HANDLERS.complete;
    HANDLERS.complete = { ...original, plan: (ctx, p) => {
      const plan = original.plan(ctx, p);
      if (!isRejection(plan) || !STALE.has(plan.code)) return plan;
      return { eventKind: 'work_item_completed', eventPayload: { work_item: p.work_item }, apply: (revision) => ctx.store.run(
        "UPDATE work_items SET status = 'done', lease_id = NULL, lease_until = NULL, session_epoch = NULL, revision = ? WHERE work_item_id = ?", [revision, p.work_item as string]) };
    } };
    try { expect(caught()).toBe(true); } finally { HANDLERS.complete = original; }
  });

  it('broken: a claim that takes over a live lease (MWP-WRK-013/014) — two holders are caught', () => {
    const original = HANDLERS.claim;
    HANDLERS.claim = { ...original, plan: (ctx, p) => {
      const item = ctx.store.get('SELECT status FROM work_items WHERE work_item_id = ?', [p.work_item as string]);
      if (item?.status !== 'running') return original.plan(ctx, p);
      ctx.store.run("UPDATE work_items SET status = 'queued' WHERE work_item_id = ?", [p.work_item as string]);
      return original.plan(ctx, p);
    } };
    try { expect(caught()).toBe(true); } finally { HANDLERS.claim = original; }
  });
});

function checkStep(h: AuthorityHarness, before: AuthorityState, actor: string, verb: string): void {
  const after = readState(h.store);
  const was = before.workItems.W1!;
  // A claim may only take work that had no live lease (MWP-WRK-013/014).
  if (verb === 'claim') expect(was.leaseId, 'a claim while another lease was live').toBeNull();
  // Results come only from the current owner under a live lease (MWP-WRK-019).
  if (['complete', 'report_progress', 'checkpoint', 'block', 'report_failure', 'renew_lease'].includes(verb)) {
    expect(was.owner).toBe(actor);
    expect(was.leaseUntil !== null && h.clock.now < was.leaseUntil).toBe(true);
  }
  for (const m of Object.values(after.missions)) expect(m.spent).toBeLessThanOrEqual(m.limit); // MWP-WRK-022
  expect(foldEvents(eventsAfter(h.store, 'G1', 0, 10_000))).toEqual(after);
}