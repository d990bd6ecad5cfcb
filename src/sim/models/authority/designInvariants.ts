/**
 * The properties the authority labs' broken designs break (src/core/authority/design.ts),
 * each read from what the nodes hold, not from the design's switch:
 * - RCPT-1 (MWP-EVT-003): a DUPLICATE answer hands back a receipt for the same content —
 *   the receipt's digest is the digest of the command it answered.
 * - CAS-1 (MWP-EVT-007): every accepted command that carried an expected revision found its
 *   aggregate at that revision; a compare-and-set kind never lands on an existing aggregate
 *   without one. The command is the client's own record of what it sent (receipt → actor +
 *   Action ID + digest); commands no client recorded (setup, the sweep) are not judged.
 * - BUDGET-1 (MWP-WRK-022): each mission's spent budget is the sum of the charges of the
 *   progress it accepted — no progress without its charge — and never past its limit.
 * - BLOCK-1 (MWP-WRK-017): blocked work holds no owner and no lease while it waits.
 */
import { eventsAfter } from '../../../core/authority/accept';
import { CAS_KINDS, type SignedCommand } from '../../../core/authority/commands';
import { replies } from '../../../core/authority/client';
import { readState } from '../../../core/authority/fold';
import { msg } from '../../../core/message';
import type { Invariant, ModelContext, Violation } from '../../model';
import { CLIENTS } from './actions';
import { groupOf } from './view';

const events = (ctx: ModelContext) => eventsAfter(ctx.store('authority'), groupOf(ctx), 0, 1_000_000);

function duplicatesOfOtherContent(ctx: ModelContext): Violation[] {
  const authority = ctx.store('authority');
  return CLIENTS.flatMap((client) => replies(ctx.store(client)).filter((r) => r.code === 'DUPLICATE').flatMap((r) => {
    const receipt = authority.get('SELECT digest FROM receipts WHERE receipt_id = ?', [r.receiptId]);
    return receipt && String(receipt.digest) === r.digest ? []
      : [msg('violations.authority.duplicate_other_content', { actor: client, action_id: r.actionId, receipt: r.receiptId ?? '–' })];
  }));
}

function revisionsNotCompared(ctx: ModelContext): Violation[] {
  const authority = ctx.store('authority');
  const out: Violation[] = [];
  for (const e of events(ctx)) {
    const receipt = authority.get('SELECT actor_id, action_id, digest FROM receipts WHERE event_id = ?', [e.eventId]);
    if (!receipt || !(CLIENTS as readonly string[]).includes(String(receipt.actor_id))) continue;
    const sent = ctx.store(String(receipt.actor_id)).get('SELECT command FROM sent WHERE action_id = ? AND digest = ? LIMIT 1', [String(receipt.action_id), String(receipt.digest)]);
    if (!sent) continue;
    const command = JSON.parse(String(sent.command)) as SignedCommand;
    const expected = command.expectedRevision;
    const mismatch = expected !== null && e.aggregateRevision !== expected + 1;
    const missing = expected === null && CAS_KINDS.has(command.kind) && e.aggregateRevision > 1;
    if (mismatch || missing) {
      out.push(msg('violations.authority.revision_not_compared', {
        event: e.eventId, kind: command.kind, aggregate: e.aggregateId, expected: expected ?? '–', found: e.aggregateRevision - 1,
      }));
    }
  }
  return out;
}

function chargesMissing(ctx: ModelContext): Violation[] {
  const charged = new Map<string, number>();
  for (const e of events(ctx)) {
    if (e.kind !== 'progress_reported' && e.kind !== 'work_reconciled') continue;
    const mission = String(e.payload.mission);
    charged.set(mission, (charged.get(mission) ?? 0) + Number(e.payload.cost_cents ?? 0));
  }
  return Object.entries(readState(ctx.store('authority')).missions).flatMap(([id, m]) => {
    const owed = charged.get(id) ?? 0;
    return owed === m.spent && m.spent <= m.limit ? [] : [msg('violations.authority.charge_missing', { mission: id, spent: m.spent, owed, limit: m.limit })];
  });
}

function blockedHoldingSlot(ctx: ModelContext): Violation[] {
  return Object.entries(readState(ctx.store('authority')).workItems).flatMap(([id, w]) =>
    (w.status === 'blocked' && (w.owner !== null || w.leaseId !== null)
      ? [msg('violations.authority.blocked_holds_slot', { item: id, owner: w.owner ?? '–', lease: w.leaseId ?? '–' })] : []));
}

export const designInvariants: Invariant[] = [
  {
    id: 'RCPT-1', statement: 'A DUPLICATE answer hands back the receipt of the same content: changed content under a used Action ID is a collision, never the old receipt.',
    rule: 'MWP-EVT-003', rules: ['MWP-EVT-003'], check: duplicatesOfOtherContent,
  },
  {
    id: 'CAS-1', statement: 'Every accepted command found its aggregate at the revision it expected; a compare-and-set command never lands without one.',
    rule: 'MWP-EVT-007', rules: ['MWP-EVT-007'], check: revisionsNotCompared,
  },
  {
    id: 'BUDGET-1', statement: "Each mission's spent budget is the sum of the charges of the progress it accepted, and never more than its limit.",
    rule: 'MWP-WRK-022', rules: ['MWP-WRK-022'], check: chargesMissing,
  },
  {
    id: 'BLOCK-1', statement: 'Blocked work holds no owner and no lease while it waits: its slot is free.',
    rule: 'MWP-WRK-017', rules: ['MWP-WRK-017'], check: blockedHoldingSlot,
  },
];
