/**
 * Random command sequences against the authority: fresh commands, resends, collisions,
 * stale revisions and crashes at every fault point. After every step the group's sequence
 * is contiguous from 1, every event has exactly one receipt and outbox row, the state
 * tables equal the fold of the events, and a resend never appends.
 * fast-check prints the seed and the shrunk sequence on failure.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { AcceptFaultPoint, eventsAfter, findReceipt } from './accept';
import type { CommandKind, SignedCommand } from './commands';
import { foldEvents, readState } from './fold';
import { AuthorityHarness } from './testHarness';
import { HANDLERS } from './handlers';
import { isRejection } from './outcomes';
import { Store } from '../db/store';

useSqlJs();

type Op =
  | { op: 'fresh'; actor: string; kind: CommandKind; item: string; cost: number; stale: boolean }
  | { op: 'resend'; back: number }
  | { op: 'collide'; back: number }
  | { op: 'crash'; point: string; actor: string; item: string }
  | { op: 'tick'; by: number };

const actor = fc.constantFrom('agent-1', 'agent-2', 'lead');
const item = fc.constantFrom('W1', 'W2');
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant('fresh' as const), actor, kind: fc.constantFrom<CommandKind>('claim', 'renew_lease', 'report_progress', 'complete'), item, cost: fc.integer({ min: 0, max: 400 }), stale: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('resend' as const), back: fc.nat(5) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('collide' as const), back: fc.nat(5) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('crash' as const), point: fc.constantFrom(...Object.values(AcceptFaultPoint)), actor, item }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('tick' as const), by: fc.integer({ min: 1, max: 6 }) }) },
);

function freshCommand(h: AuthorityHarness, n: number, a: string, kind: CommandKind, w: string, cost: number, stale: boolean): SignedCommand {
  const state = readState(h.store).workItems[w]!;
  const revision = stale ? state.revision - 1 : state.revision;
  const lease = state.leaseId ?? `lease-${w}-1`;
  const payload: Record<string, unknown> =
    kind === 'claim' ? { work_item: w }
      : kind === 'report_progress' ? { work_item: w, lease_id: lease, cost_cents: cost, note: `n${n}` }
        : { work_item: w, lease_id: lease };
  return h.command(a, `act-${n}`, kind, payload, revision);
}

function checkInvariants(h: AuthorityHarness): void {
  const events = eventsAfter(h.store, 'G1', 0, 10_000);
  expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
  const receipts = h.store.all('SELECT event_id FROM receipts ORDER BY event_id').map((r) => r.event_id);
  const outbox = h.store.all('SELECT event_id FROM outbox ORDER BY event_id').map((r) => r.event_id);
  const ids = events.map((e) => e.eventId).sort();
  expect(receipts).toEqual(ids);
  expect(outbox).toEqual(ids);
  expect(foldEvents(events)).toEqual(readState(h.store));
}

let accepted = 0;

/** Runs one schedule, checking every invariant after every step (throws on a violation). */
function runSchedule(ops: Op[]): void {
  const h = new AuthorityHarness().bootstrap(1000);
  const sent: SignedCommand[] = [];
  try {
    ops.forEach((op, n) => {
      if (op.op === 'tick') { h.clock.now += op.by; return; }
      if (op.op === 'fresh' || op.op === 'crash') {
        const command = op.op === 'fresh'
          ? freshCommand(h, n, op.actor, op.kind, op.item, op.cost, op.stale)
          : freshCommand(h, n, op.actor, 'claim', op.item, 0, false);
        sent.push(command);
        if (op.op === 'crash') h.submitCrashingAt(op.point, command);
        else if (h.submit(command).code === 'ACCEPTED') accepted += 1;
      } else if (sent.length > 0) {
        const earlier = sent[Math.max(0, sent.length - 1 - op.back)]!;
        const command = op.op === 'resend' ? earlier : h.sign({ ...earlier, payload: { ...earlier.payload, work_item: earlier.payload.work_item === 'W1' ? 'W2' : 'W1' } });
        const landed = findReceipt(h.store, command.actor, command.actionId);
        const bytes = h.bytes();
        const result = h.submit(command);
        if (landed) {
          // MWP-EVT-003: the receipt decides; neither outcome writes anything.
          expect(result.code).toBe(landed.digest === result.digest ? 'DUPLICATE' : 'ACTION_ID_COLLISION');
          expect(h.bytes()).toEqual(bytes);
        }
      }
      checkInvariants(h);
    });
  } finally {
    h.store.close();
  }
}

describe('authority under random command sequences', () => {
  it('keeps sequences contiguous, one receipt per event, state = fold(events), and resends never append', () => {
    fc.assert(fc.property(fc.array(opArb, { minLength: 5, maxLength: 40 }), runSchedule), { numRuns: 60 });
    expect(accepted, 'the generator must produce commands that are accepted, or the checks are vacuous').toBeGreaterThan(20);
  });

  // Broken variants: each design mistake is caught by the checks above.
  const caught = () => fc.check(fc.property(fc.array(opArb, { minLength: 5, maxLength: 40 }), (ops) => {
    try { runSchedule(ops); return true; } catch { return false; }
  }), { numRuns: 200, endOnFailure: true }).failed;

  it('broken: a handler that writes state its event does not say (MWP-EVT-005) — state ≠ fold(events) is caught', () => {
    const original = HANDLERS.report_progress;
    HANDLERS.report_progress = { ...original, plan: (ctx, p) => {
      const plan = original.plan(ctx, p);
      return isRejection(plan) ? plan : { ...plan, apply: (revision) => { plan.apply(revision); ctx.store.run('UPDATE work_items SET progress = progress + 1 WHERE work_item_id = ?', [p.work_item as string]); } };
    } };
    try { expect(caught()).toBe(true); } finally { HANDLERS.report_progress = original; }
  });

  it('broken: an accept that forgets the idempotency receipt (MWP-EVT-003) — one receipt per event is caught', () => {
    const write = Store.prototype.write;
    Store.prototype.write = function (this: Store, sql: string, params?: Parameters<Store['write']>[1]) {
      if (!/^INSERT INTO receipts/.test(sql)) write.call(this, sql, params);
    };
    try { expect(caught()).toBe(true); } finally { Store.prototype.write = write; }
  });
});
