/**
 * Execution leases (SPEC §6), one test per rule, on the authority's accept transaction.
 */
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { eventsAfter } from './accept';
import { foldEvents, readState } from './fold';
import { AuthorityHarness } from './testHarness';

useSqlJs();

function started(h = new AuthorityHarness().bootstrap()) {
  expect(h.send('agent-1', 's1', 'open_session', {}).code).toBe('ACCEPTED');
  expect(h.send('agent-1', 'c1', 'claim', { work_item: 'W1' }, 1).code).toBe('ACCEPTED');
  return h;
}
const w1 = (h: AuthorityHarness) => readState(h.store).workItems.W1!;
const oracle = (h: AuthorityHarness) => expect(foldEvents(eventsAfter(h.store, 'G1', 0, 1000))).toEqual(readState(h.store));

describe('MWP-WRK-013: a lease binds agent, session, work item, epoch, lease ID and time', () => {
  it('the claim records the session epoch with the lease, and commands must name the current lease', async () => {
    const h = started();
    expect(w1(h)).toMatchObject({ status: 'running', owner: 'agent-1', epoch: 1, leaseId: 'lease-W1-1', leaseUntil: 10, sessionEpoch: 1 });
    expect(h.send('agent-1', 'x', 'checkpoint', { work_item: 'W1', lease_id: 'lease-W1-9', data: 'd' }).code).toBe('LEASE_MISMATCH');
    expect(h.send('agent-2', 'y', 'checkpoint', { work_item: 'W1', lease_id: 'lease-W1-1', data: 'd' }).code).toBe('NOT_OWNER');
    oracle(h);
  });
});

describe('MWP-WRK-014: checkpoint, block and submit release; replacement, reassignment, cancel and failure revoke', () => {
  it('checkpoint releases the lease and keeps ownership; resume takes a new lease', async () => {
    const h = started();
    expect(h.send('agent-1', 'k', 'checkpoint', { work_item: 'W1', lease_id: 'lease-W1-1', data: 'half' }).code).toBe('ACCEPTED');
    expect(w1(h)).toMatchObject({ status: 'owned', owner: 'agent-1', leaseId: null, checkpoint: 'half' });
    expect(h.send('agent-1', 'r', 'resume', { work_item: 'W1' }, w1(h).revision).code).toBe('ACCEPTED');
    expect(w1(h)).toMatchObject({ status: 'running', leaseId: 'lease-W1-1.3', sessionEpoch: 1 });
    oracle(h);
  });

  it('a replacement session revokes the old session\'s leases and returns the work to queued', async () => {
    const h = started();
    expect(h.send('agent-1', 's2', 'open_session', {}).code).toBe('ACCEPTED');
    expect(w1(h)).toMatchObject({ status: 'queued', owner: null, leaseId: null, epoch: 1 });
    expect(readState(h.store).sessions['agent-1']).toBe(2);
    expect(h.send('agent-1', 'c2', 'claim', { work_item: 'W1' }, w1(h).revision).code).toBe('ACCEPTED');
    expect(w1(h)).toMatchObject({ epoch: 2, sessionEpoch: 2, leaseId: 'lease-W1-2' });
    oracle(h);
  });

  it('reassignment and cancellation revoke; submit (complete) releases', async () => {
    const h = started();
    expect(h.send('lead', 'ra', 'reassign', { work_item: 'W1', reason: 'slow' }).code).toBe('ACCEPTED');
    expect(w1(h)).toMatchObject({ status: 'queued', owner: null });
    expect(h.send('agent-1', 'late', 'complete', { work_item: 'W1', lease_id: 'lease-W1-1' }).code).toBe('INVALID_STATE');
    expect(h.send('lead', 'cx', 'cancel', { work_item: 'W1' }).code).toBe('ACCEPTED');
    expect(w1(h).status).toBe('cancelled');
    const g = started();
    expect(g.send('agent-1', 'done', 'complete', { work_item: 'W1', lease_id: 'lease-W1-1' }).code).toBe('ACCEPTED');
    expect(w1(g)).toMatchObject({ status: 'done', leaseId: null });
    oracle(h);
    oracle(g);
  });
});

describe('MWP-WRK-017: blocked work checkpoints, names its need, frees its slot, returns when resolved', () => {
  it('block → resolve → queued, with the checkpoint kept for whoever resumes', async () => {
    const h = started();
    expect(h.send('agent-1', 'b', 'block', { work_item: 'W1', lease_id: 'lease-W1-1', needs: 'customer answer', data: 'asked' }).code).toBe('ACCEPTED');
    expect(w1(h)).toMatchObject({ status: 'blocked', owner: null, blockedOn: 'customer answer', checkpoint: 'asked', leaseId: null });
    expect(h.send('agent-1', 'rs', 'resolve', { work_item: 'W1' }).code).toBe('FORBIDDEN');
    expect(h.send('lead', 'rs', 'resolve', { work_item: 'W1' }).code).toBe('ACCEPTED');
    expect(w1(h)).toMatchObject({ status: 'queued', blockedOn: null, checkpoint: 'asked' });
    oracle(h);
  });
});

describe('MWP-WRK-018: retries stay within the attempt and deadline budgets, with backoff and a stable attempt key', () => {
  it('the same owner retries after a growing backoff under the same epoch (same attempt key); the third failure is final', async () => {
    const h = started();
    const fail = (id: string, lease: string) => h.send('agent-1', id, 'report_failure', { work_item: 'W1', lease_id: lease, reason: 'tool error' });
    const first = fail('f1', 'lease-W1-1');
    expect(first).toMatchObject({ code: 'ACCEPTED', event: { payload: { attempt_key: 'M1/W1/e1/work', retry_at: 2 } } });
    expect(w1(h)).toMatchObject({ status: 'owned', owner: 'agent-1', attempts: 1, retryAt: 2 });
    expect(h.send('agent-1', 'r1', 'resume', { work_item: 'W1' }, w1(h).revision)).toMatchObject({ code: 'INVALID_STATE', message: expect.stringMatching(/backing off/) });
    h.clock.now = 2;
    expect(h.send('agent-1', 'r2', 'resume', { work_item: 'W1' }, w1(h).revision).code).toBe('ACCEPTED');
    const second = fail('f2', w1(h).leaseId!);
    expect(second).toMatchObject({ code: 'ACCEPTED', event: { payload: { attempt_key: 'M1/W1/e1/work', retry_at: 6 } } });
    h.clock.now = 6;
    h.send('agent-1', 'r3', 'resume', { work_item: 'W1' }, w1(h).revision);
    expect(fail('f3', w1(h).leaseId!)).toMatchObject({ code: 'ACCEPTED', event: { payload: { final: true } } });
    expect(w1(h)).toMatchObject({ status: 'failed', attempts: 3, owner: null });
    oracle(h);
  });

  it('a retry that would land after the deadline fails the work instead', async () => {
    const h = new AuthorityHarness().bootstrap();
    h.send('lead', 'w3', 'create_work_item', { work_item: 'W3', mission: 'M1', deadline: 5, max_attempts: 10 });
    h.send('agent-1', 's', 'open_session', {});
    h.send('agent-1', 'c', 'claim', { work_item: 'W3' }, 1);
    h.clock.now = 3;
    expect(h.send('agent-1', 'f', 'report_failure', { work_item: 'W3', lease_id: 'lease-W3-1', reason: 'x' })).toMatchObject({ event: { payload: { final: true, past_deadline: true } } });
    expect(readState(h.store).workItems.W3).toMatchObject({ status: 'failed', deadline: 5 });
    oracle(h);
  });
});

describe('MWP-WRK-019: a missed start deadline', () => {
  it('checkpointed work must be resumed by its deadline; after it, the owner may not start and the work can be revoked', async () => {
    const h = started();
    h.send('agent-1', 'k', 'checkpoint', { work_item: 'W1', lease_id: 'lease-W1-1', data: 'half' });
    expect(w1(h)).toMatchObject({ status: 'owned', resumeBy: 10 });
    h.clock.now = 10;
    expect(h.send('agent-1', 'r', 'resume', { work_item: 'W1' }, w1(h).revision)).toMatchObject({ code: 'LEASE_EXPIRED', message: expect.stringMatching(/start deadline/) });
    expect(h.send('lead', 'sweep', 'reassign', { work_item: 'W1', reason: 'start deadline missed' }).code).toBe('ACCEPTED');
    expect(h.send('agent-2', 'c', 'claim', { work_item: 'W1' }, w1(h).revision).code).toBe('ACCEPTED');
    expect(w1(h)).toMatchObject({ owner: 'agent-2', epoch: 2, checkpoint: 'half', resumeBy: null });
    oracle(h);
  });
});

describe('MWP-WRK-019: a missed renewal hands the work to a higher epoch; the late result is not authoritative', () => {
  it('after the lease runs out and the work is revoked, a new owner resumes from the checkpoint at epoch 2', async () => {
    const h = started();
    h.send('agent-1', 'k', 'checkpoint', { work_item: 'W1', lease_id: 'lease-W1-1', data: 'step 3 of 5' });
    h.send('agent-1', 'r', 'resume', { work_item: 'W1' }, w1(h).revision);
    h.clock.now = 20;
    expect(h.send('agent-1', 'late', 'complete', { work_item: 'W1', lease_id: 'lease-W1-1.3' }).code).toBe('LEASE_EXPIRED');
    expect(h.send('lead', 'sweep', 'reassign', { work_item: 'W1', reason: 'lease missed' }).code).toBe('ACCEPTED');
    expect(h.send('agent-2', 'c', 'claim', { work_item: 'W1' }, w1(h).revision).code).toBe('ACCEPTED');
    expect(w1(h)).toMatchObject({ owner: 'agent-2', epoch: 2, checkpoint: 'step 3 of 5' });
    oracle(h);
  });
});

describe('MWP-WRK-014 in the lab text: L12 files each lease ending where the seed does', () => {
  it('checkpoint, block and submit under "released"; new session, reassignment, cancellation and failure under "revoked"', async () => {
    const { readFileSync } = await import('node:fs');
    const { LEASE_ENDINGS } = await import('./executionHandlers');
    const text = readFileSync('labs/L12/README.md', 'utf8');
    const bullet = (word: string) => text.slice(text.indexOf(`- **${word}**`), text.indexOf('\n\n', text.indexOf(`- **${word}**`)));
    const words: Record<keyof typeof LEASE_ENDINGS, string> = {
      checkpoint: '*checkpoint*', block: '*block*', complete: '*submit*', open_session: '*new session*', reassign: '*reassignment*', cancel: '*cancellation*', report_failure: '**failure**',
    };
    const released = text.slice(text.indexOf('- **released**'), text.indexOf('- **revoked**'));
    const revoked = bullet('revoked');
    for (const [kind, ending] of Object.entries(LEASE_ENDINGS) as [keyof typeof LEASE_ENDINGS, string][]) {
      expect(ending === 'released' ? released : revoked, `${kind} should be listed as ${ending}`).toContain(words[kind]);
      expect(ending === 'released' ? revoked : released, `${kind} is listed under the wrong ending`).not.toContain(words[kind]);
    }
  });
});

describe('MWP-WRK-018: the cost budget and what the stable attempt key dedupes', () => {
  it('failures charge their cost to the contract\'s retry budget; the failure that spends it ends the retries', async () => {
    const h = new AuthorityHarness().bootstrap();
    expect(h.send('lead', 'w3', 'create_work_item', { work_item: 'W3', mission: 'M1', retry_budget_cents: 150 }).code).toBe('ACCEPTED');
    expect(h.send('agent-1', 's1', 'open_session', {}).code).toBe('ACCEPTED');
    expect(h.send('agent-1', 'c1', 'claim', { work_item: 'W3' }, 1).code).toBe('ACCEPTED');
    const first = h.send('agent-1', 'f1', 'report_failure', { work_item: 'W3', lease_id: 'lease-W3-1', reason: 'timeout', cost_cents: 100 });
    expect(first).toMatchObject({ code: 'ACCEPTED', event: { payload: { final: false, retry_spent_cents: 100 } } });
    h.clock.now += 2;
    const resumed = h.send('agent-1', 'r1', 'resume', { work_item: 'W3' }, readState(h.store).workItems.W3!.revision);
    const lease = resumed.code === 'ACCEPTED' ? String(resumed.event.payload.lease_id) : '';
    const second = h.send('agent-1', 'f2', 'report_failure', { work_item: 'W3', lease_id: lease, reason: 'timeout', cost_cents: 100 });
    expect(second).toMatchObject({ code: 'ACCEPTED', event: { payload: { final: true, over_budget: true, retry_spent_cents: 200 } } });
    expect(readState(h.store).workItems.W3).toMatchObject({ status: 'failed', attempts: 2, retrySpent: 200 });
    oracle(h);
  });

  it('a tool that honours the attempt key performs the attempt once across the owner\'s retries; a new epoch is a new key', async () => {
    const { requireSqlJs } = await import('../db/sqljs');
    const { Store } = await import('../db/store');
    const { callTool, toolEffects, TOOL_SCHEMA } = await import('./tool');
    const tool = new Store(requireSqlJs(), 'tool', TOOL_SCHEMA);
    const { toolCalls } = await import('./tool');
    const by = (actor: string, authoritySeq: number) => ({ actor, workItem: 'W1', authoritySeq });
    expect(callTool(tool, 'M1/W1/e1/work', 1, by('agent-1', 8)).performed).toBe(true);
    expect(callTool(tool, 'M1/W1/e1/work', 5, by('agent-1', 11)).performed).toBe(false); // the retry after a failure: deduped
    expect(callTool(tool, 'M1/W1/e2/work', 9, by('agent-2', 14)).performed).toBe(true); // a new owner: a new effect unless it reconciles
    expect(toolEffects(tool)).toEqual({ effects: 2, calls: 3, keys: ['M1/W1/e1/work', 'M1/W1/e2/work'] });
    // The log keeps every call with its caller and position in the authority's history.
    expect(toolCalls(tool).map((c) => [c.actor, c.authoritySeq, c.performed])).toEqual([['agent-1', 8, true], ['agent-1', 11, false], ['agent-2', 14, true]]);
    tool.close();
  });
});
