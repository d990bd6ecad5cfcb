import { describe, expect, it, vi } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { AcceptFaultPoint, eventsAfter, findReceipt } from './accept';
import { contentDigest } from './canonical';
import { foldEvents, readState } from './fold';
import { HANDLERS } from './handlers';
import { isRejection } from './outcomes';
import { AuthorityHarness } from './testHarness';

useSqlJs();

const claimW1 = (h: AuthorityHarness, actor = 'agent-1', id = 'a1-claim') => h.send(actor, id, 'claim', { work_item: 'W1' }, 1);

describe('MWP-EVT-005: one atomic accept', () => {
  it('an accepted command changes state, appends an event, bumps revisions and writes receipt and outbox together', () => {
    const h = new AuthorityHarness().bootstrap();
    const before = { events: h.count('events'), receipts: h.count('receipts'), outbox: h.count('outbox') };
    const result = claimW1(h);
    expect(result).toMatchObject({
      code: 'ACCEPTED',
      receipt: { receiptId: 'R-G1-7', actor: 'agent-1', actionId: 'a1-claim', eventId: 'E-G1-7' },
      event: { seq: 7, aggregateId: 'W1', aggregateRevision: 2, kind: 'work_item_claimed', payload: { owner: 'agent-1', epoch: 1 } },
    });
    expect({ events: h.count('events'), receipts: h.count('receipts'), outbox: h.count('outbox') })
      .toEqual({ events: before.events + 1, receipts: before.receipts + 1, outbox: before.outbox + 1 });
    expect(readState(h.store).workItems.W1).toMatchObject({ status: 'running', owner: 'agent-1', epoch: 1, revision: 2 });
    expect(readState(h.store).groups.G1!.sequence).toBe(7);
  });

  for (const point of [AcceptFaultPoint.afterStateChange, AcceptFaultPoint.afterEventAppend, AcceptFaultPoint.beforeCommit]) {
    it(`a crash at ${point} leaves every table exactly as before`, () => {
      const h = new AuthorityHarness().bootstrap();
      const before = h.bytes();
      expect(h.submitCrashingAt(point, h.command('agent-1', 'a1-claim', 'claim', { work_item: 'W1' }, 1))).toBe(point);
      expect(h.bytes()).toEqual(before);
      expect(claimW1(h).code).toBe('ACCEPTED'); // the same command goes through afterwards
    });
  }

  it(`a crash at ${AcceptFaultPoint.afterCommit} keeps the outcome; the resend gets the original receipt`, () => {
    const h = new AuthorityHarness().bootstrap();
    const command = h.command('agent-1', 'a1-claim', 'claim', { work_item: 'W1' }, 1);
    expect(h.submitCrashingAt(AcceptFaultPoint.afterCommit, command)).toBe(AcceptFaultPoint.afterCommit);
    const after = h.bytes();
    expect(h.submit(command)).toMatchObject({ code: 'DUPLICATE', receipt: { receiptId: 'R-G1-7' } });
    expect(h.bytes()).toEqual(after);
  });
});

describe('MWP-EVT-003: receipts decide duplicates and collisions', () => {
  it('the same command again returns the original receipt and appends nothing', () => {
    const h = new AuthorityHarness().bootstrap();
    const command = h.command('agent-1', 'a1-claim', 'claim', { work_item: 'W1' }, 1);
    const first = h.submit(command);
    const bytes = h.bytes();
    const again = h.submit(command);
    expect(again).toEqual({ code: 'DUPLICATE', digest: first.digest, receipt: first.code === 'ACCEPTED' ? first.receipt : null });
    expect(h.bytes()).toEqual(bytes);
  });

  it('canonical content: key order and whitespace do not change the digest', () => {
    expect(contentDigest({ a: 1, b: { c: [1, 2], d: 'x' } })).toBe(contentDigest(JSON.parse('{ "b": {"d":"x", "c":[1,2]}, "a": 1 }')));
    const h = new AuthorityHarness().bootstrap();
    h.send('agent-1', 'p1', 'claim', { work_item: 'W1', lease_ticks: 5 }, 1);
    expect(h.send('agent-1', 'p1', 'claim', { lease_ticks: 5, work_item: 'W1' }, 1).code).toBe('DUPLICATE');
  });

  it('the same Action ID with different content is ACTION_ID_COLLISION, and writes nothing', () => {
    const h = new AuthorityHarness().bootstrap();
    claimW1(h);
    const bytes = h.bytes();
    const result = h.send('agent-1', 'a1-claim', 'claim', { work_item: 'W2' }, 1);
    expect(result.code).toBe('ACTION_ID_COLLISION');
    expect(h.bytes()).toEqual(bytes);
  });

  it('a duplicate is recognised even after the revision it expected has gone stale', () => {
    const h = new AuthorityHarness().bootstrap();
    const command = h.command('agent-1', 'a1-claim', 'claim', { work_item: 'W1' }, 1);
    h.submit(command);
    expect(h.submit(command).code).toBe('DUPLICATE');
  });
});

describe('MWP-EVT-007: optimistic concurrency and compare-and-set', () => {
  it('a stale expected revision rejects the whole command and leaves every table unchanged', () => {
    const h = new AuthorityHarness().bootstrap();
    claimW1(h);
    const bytes = h.bytes();
    h.clock.now = 1;
    const result = h.send('agent-1', 'progress-1', 'report_progress', { work_item: 'W1', lease_id: 'lease-W1-1', cost_cents: 10, note: 'x' }, 1);
    expect(result).toMatchObject({ code: 'REVISION_MISMATCH', message: expect.stringMatching(/expected revision 1 of W1, but it is at 2/) });
    expect(h.bytes()).toEqual(bytes);
  });

  it('two actors race for first ownership: the winner gets epoch 1, the loser a rejection', () => {
    const h = new AuthorityHarness().bootstrap();
    const one = h.command('agent-1', 'race-1', 'claim', { work_item: 'W1' }, 1);
    const two = h.command('agent-2', 'race-2', 'claim', { work_item: 'W1' }, 1);
    expect(h.submit(one).code).toBe('ACCEPTED');
    expect(h.submit(two)).toMatchObject({ code: 'REVISION_MISMATCH' });
    expect(readState(h.store).workItems.W1).toMatchObject({ owner: 'agent-1', epoch: 1 });
  });

  it('first ownership, renewal, membership change and approval refuse to run without an expected revision', () => {
    const h = new AuthorityHarness().bootstrap();
    expect(h.send('agent-1', 'c', 'claim', { work_item: 'W1' }).code).toBe('CAS_REQUIRED');
    expect(h.send('lead', 'm', 'add_member', { agent: 'agent-3', role: 'worker' }).code).toBe('CAS_REQUIRED');
    h.send('agent-1', 'r', 'request_approval', { approval: 'AP1', work_item: 'W1' });
    expect(h.send('lead', 'd', 'decide_approval', { approval: 'AP1', decision: 'approved' }).code).toBe('CAS_REQUIRED');
    expect(h.send('lead', 'd2', 'decide_approval', { approval: 'AP1', decision: 'approved' }, 1).code).toBe('ACCEPTED');
    expect(h.send('lead', 'd3', 'decide_approval', { approval: 'AP1', decision: 'rejected' }, 1).code).toBe('REVISION_MISMATCH');
    claimW1(h);
    expect(h.send('agent-1', 'n', 'renew_lease', { work_item: 'W1', lease_id: 'lease-W1-1' }).code).toBe('CAS_REQUIRED');
    expect(h.send('agent-1', 'n2', 'renew_lease', { work_item: 'W1', lease_id: 'lease-W1-1' }, 2).code).toBe('ACCEPTED');
  });

  it('execution commands are fenced by owner and lease', () => {
    const h = new AuthorityHarness().bootstrap();
    claimW1(h);
    const progress = (actor: string, id: string, lease: string) => h.send(actor, id, 'report_progress', { work_item: 'W1', lease_id: lease, cost_cents: 1, note: '' });
    expect(progress('agent-2', 'x1', 'lease-W1-1').code).toBe('NOT_OWNER');
    expect(progress('agent-1', 'x2', 'lease-W1-9').code).toBe('LEASE_MISMATCH');
    h.clock.now = 10;
    expect(progress('agent-1', 'x3', 'lease-W1-1').code).toBe('LEASE_EXPIRED');
  });
});

describe('MWP-WRK-022: the charge and the progress are one outcome', () => {
  it('a budget overflow rejects both and leaves every table unchanged', () => {
    const h = new AuthorityHarness().bootstrap(100);
    claimW1(h);
    expect(h.send('agent-1', 'p1', 'report_progress', { work_item: 'W1', lease_id: 'lease-W1-1', cost_cents: 60, note: 'a' }).code).toBe('ACCEPTED');
    const bytes = h.bytes();
    expect(h.send('agent-1', 'p2', 'report_progress', { work_item: 'W1', lease_id: 'lease-W1-1', cost_cents: 41, note: 'b' }).code).toBe('BUDGET_EXCEEDED');
    expect(h.bytes()).toEqual(bytes);
    expect(readState(h.store)).toMatchObject({ missions: { M1: { spent: 60 } }, workItems: { W1: { progress: 1 } } });
  });
});

describe('signatures and membership', () => {
  it('a command signed with another key is BAD_SIGNATURE; an unknown actor is refused', () => {
    const h = new AuthorityHarness().bootstrap();
    const honest = h.command('agent-1', 's', 'claim', { work_item: 'W1' }, 1);
    const forged = { ...honest, signature: h.command('agent-2', 's', 'claim', { work_item: 'W1' }, 1).signature };
    const bytes = h.bytes();
    expect(h.submit(forged).code).toBe('BAD_SIGNATURE');
    expect(h.submit({ ...honest, payload: { work_item: 'W2' } }).code).toBe('BAD_SIGNATURE');
    expect(h.submit({ ...honest, actor: 'mallory' }).code).toBe('UNKNOWN_ACTOR');
    expect(h.bytes()).toEqual(bytes);
  });

  it('non-members and wrong roles are refused; payloads are validated', () => {
    const h = new AuthorityHarness(1, ['lead', 'agent-1', 'agent-2', 'outsider']).bootstrap();
    expect(h.send('outsider', 'o', 'claim', { work_item: 'W1' }, 1).code).toBe('NOT_A_MEMBER');
    expect(h.send('agent-1', 'w', 'create_work_item', { work_item: 'W9', mission: 'M1' }).code).toBe('FORBIDDEN');
    expect(h.send('agent-1', 'v', 'claim', { work_item: 'W1', colour: 'red' }, 1)).toMatchObject({ code: 'INVALID_COMMAND' });
  });
});

describe('replay and the rebuild oracle', () => {
  it('eventsAfter serves the group history in order; folding it equals the state tables', () => {
    const h = new AuthorityHarness().bootstrap();
    claimW1(h);
    expect(eventsAfter(h.store, 'G1', 0, 100).map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(eventsAfter(h.store, 'G1', 5, 1).map((e) => e.kind)).toEqual(['work_item_created']);
    expect(foldEvents(eventsAfter(h.store, 'G1', 0, 100))).toEqual(readState(h.store));
    expect(findReceipt(h.store, 'agent-1', 'a1-claim')?.eventId).toBe('E-G1-7');
  });
});

describe('a progress report charging 0 cents', () => {
  it('writes no mission row, and the image is byte-identical to writing the unchanged budget back', () => {
    const skipping = new AuthorityHarness().bootstrap();
    const writing = new AuthorityHarness().bootstrap();
    const report = (h: AuthorityHarness) => h.command('agent-1', 'a1-r1', 'report_progress', { work_item: 'W1', lease_id: 'lease-W1-1', cost_cents: 0, note: '' });
    for (const h of [skipping, writing]) claimW1(h);
    const writes = vi.spyOn(skipping.store, 'write');
    expect(skipping.submit(report(skipping)).code).toBe('ACCEPTED');
    expect(writes.mock.calls.map(([sql]) => sql).filter((sql) => /missions/.test(sql))).toEqual([]);
    // The handler's writes as they were before the skip, spelled out: progress, and the budget written back unchanged.
    const original = HANDLERS.report_progress;
    let wroteBudget = 0;
    HANDLERS.report_progress = { ...original, plan: (ctx, p) => {
      const plan = original.plan(ctx, p);
      return isRejection(plan) ? plan : { ...plan, apply: (revision) => {
        ctx.store.run("UPDATE work_items SET progress = progress + 1, revision = ? WHERE work_item_id = 'W1'", [revision]);
        wroteBudget += ctx.store.run("UPDATE missions SET spent_cents = spent_cents WHERE mission_id = 'M1'");
      } };
    } };
    try { expect(writing.submit(report(writing)).code).toBe('ACCEPTED'); } finally { HANDLERS.report_progress = original; }
    expect(wroteBudget).toBe(1);
    expect(skipping.bytes()).toEqual(writing.bytes());
  });
});
