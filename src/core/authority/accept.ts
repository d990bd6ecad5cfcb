/**
 * The authoritative accept transaction (SPEC §3).
 *
 * `accept(command)` is ONE transaction (MWP-EVT-005): the state change, the event append
 * with its group sequence and aggregate revision, the revision bump, any fencing / budget /
 * approval effect, the idempotency receipt and the outbox row become visible together or
 * not at all. Named fault points inside prove it: a crash at any of them rolls all back.
 *
 * Order of checks: signature → receipt lookup (duplicate / collision, MWP-EVT-003) →
 * payload → membership → aggregate existence and revision (CAS, MWP-EVT-007) → the kind's
 * own rules (ownership, lease, budget MWP-WRK-022) → writes.
 */
import type { Store } from '../db/store';
import type { FaultPoints } from '../faults';
import type { Clock } from '../time';
import { canonicalJson } from './canonical';
import { CAS_KINDS, digestOf, isCommandKind, PAYLOADS, type SignedCommand } from './commands';
import { readForAccept, type AcceptReads } from './acceptReads';
import { currentRevision, HANDLERS, workItem, workItemRow, type PlanContext, type Target, type WorkItemRow } from './handlers';
import { verifyDigest } from './keys';
import { autocommit } from './autocommit';
import { SPECIFIED, type AuthorityDesign } from './design';
import { isRejection, msg, reject, type AcceptResult, type EventRecord, type Receipt, type Rejection } from './outcomes';

export const AcceptFaultPoint = {
  afterStateChange: 'accept.after_state_change',
  afterEventAppend: 'accept.after_event_append',
  beforeCommit: 'accept.before_commit',
  afterCommit: 'accept.after_commit',
} as const;

/**
 * `design` is the specified accept unless a lab switches in one of its broken designs
 * (design.ts): per-write commits, dedupe by Action ID alone, no revision compare, and the
 * handlers' own (charge, block, session, epoch).
 */
export function accept(store: Store, clock: Clock, faults: FaultPoints, command: SignedCommand, design: AuthorityDesign = SPECIFIED): AcceptResult {
  const digest = digestOf(command);
  const reads = readForAccept(store, command);
  if (reads.publicKey === null) return { ...reject('UNKNOWN_ACTOR', `no public key for ${command.actor}`, msg('reasons.authority.no_key', { actor: command.actor })), digest };
  if (!verifyDigest(reads.publicKey, digest, command.signature)) {
    return { ...reject('BAD_SIGNATURE', `signature does not verify with ${command.actor}'s key`, msg('reasons.authority.bad_signature', { actor: command.actor })), digest };
  }
  const db = design.transaction === 'per_write' ? autocommit(store) : store;
  const result = db.tx('accept', (): AcceptResult => {
    // The earlier receipt itself is read only when there is one (a resend).
    const earlier = reads.earlierDigest === null ? null : findReceipt(db, command.actor, command.actionId);
    if (earlier) {
      return earlier.digest === digest || design.dedupe === 'action_id'
        ? { code: 'DUPLICATE', digest, receipt: earlier }
        : { ...reject('ACTION_ID_COLLISION', `${command.actionId} was first used for content ${earlier.digest.slice(0, 12)}…`,
          msg('reasons.authority.action_id_collision', { action: command.actionId, digest: `${earlier.digest.slice(0, 12)}…` })), digest };
    }
    const outcome = decideAndWrite(db, clock, faults, command, digest, reads, design);
    return isRejection(outcome) ? { ...outcome, digest } : outcome;
  });
  faults.reach(AcceptFaultPoint.afterCommit);
  return result;
}

function decideAndWrite(store: Store, clock: Clock, faults: FaultPoints, command: SignedCommand, digest: string, reads: AcceptReads, design: AuthorityDesign):
  Rejection | Extract<AcceptResult, { code: 'ACCEPTED' }> {
  if (!isCommandKind(command.kind)) return reject('INVALID_COMMAND', `unknown command kind ${String(command.kind)}`, msg('reasons.authority.unknown_kind', { kind: String(command.kind) }));
  const parsed = PAYLOADS[command.kind].safeParse(command.payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return reject('INVALID_COMMAND', `payload.${issue.path.join('.')}: ${issue.message}`);
  }
  const payload = parsed.data as Record<string, unknown>;
  // The sender's role was read with the rest: the membership check here and the handler's role check.
  if (command.kind !== 'create_group') {
    if (reads.sequence === null) return reject('NOT_FOUND', `no group ${command.group}`, msg('reasons.authority.no_group', { group: command.group }));
    if (reads.known.actorRole === null) return reject('NOT_A_MEMBER', `${command.actor} is not a member of ${command.group}`,
      msg('reasons.authority.not_member_of', { actor: command.actor, group: command.group }));
  }
  // Rows read for one command's checks, shared by them (see PlanContext.known).
  const ctx: PlanContext = { store, command, now: clock.now, known: reads.known, design };
  const handler = HANDLERS[command.kind];
  const target = handler.target(payload, command);
  const revision = checkRevision(ctx, target);
  if (isRejection(revision)) return revision;
  const plan = handler.plan(ctx, payload);
  if (isRejection(plan)) return plan;

  const newRevision = revision + 1;
  plan.apply(newRevision);
  faults.reach(AcceptFaultPoint.afterStateChange);
  const seq = (reads.sequence ?? 0) + 1;
  const event: EventRecord = {
    eventId: `E-${command.group}-${seq}`, group: command.group, seq, aggregateId: target.id,
    aggregateRevision: newRevision, kind: plan.eventKind, payload: plan.eventPayload, at: clock.now,
  };
  appendEvent(store, event);
  faults.reach(AcceptFaultPoint.afterEventAppend);
  const receipt: Receipt = { receiptId: `R-${command.group}-${seq}`, actor: command.actor, actionId: command.actionId, digest, eventId: event.eventId };
  store.write('INSERT INTO receipts (receipt_id, actor_id, action_id, digest, event_id) VALUES (?, ?, ?, ?, ?)',
    [receipt.receiptId, receipt.actor, receipt.actionId, receipt.digest, receipt.eventId]);
  store.write('INSERT INTO outbox (event_id, group_id, seq) VALUES (?, ?, ?)', [event.eventId, event.group, event.seq]);
  faults.reach(AcceptFaultPoint.beforeCommit);
  return { code: 'ACCEPTED', digest, receipt, event };
}

/** The aggregate's current revision after the existence, CAS and mismatch checks. */
function checkRevision(ctx: PlanContext, target: Target): number | Rejection {
  const { command } = ctx;
  // A work item's row is read whole here, once: the handler's lease and state checks reuse it.
  // Ids are global keys but groups are not: a new id must be free in every group, while an
  // existing item of another group does not exist for this command (NOT_FOUND below).
  const current = target.type === 'work_item'
    ? revisionOf(target.creates ? workItemRow(ctx, target.id) : workItem(ctx, target.id))
    : currentRevision(ctx.store, target);
  if (target.creates) {
    if (current !== null) return reject('ALREADY_EXISTS', `${target.type} ${target.id} already exists`, msg('reasons.authority.already_exists', { type: target.type, id: target.id }));
    if (command.expectedRevision !== null && command.expectedRevision !== 0) {
      return reject('REVISION_MISMATCH', `expected revision ${command.expectedRevision}, but ${target.id} does not exist yet (0)`,
        msg('reasons.authority.revision_not_yet', { expected: command.expectedRevision, id: target.id }));
    }
    return 0;
  }
  if (current === null) return reject('NOT_FOUND', `no ${target.type} ${target.id}`, msg('reasons.authority.not_found', { type: target.type, id: target.id }));
  if (ctx.design?.cas === 'ignored') return current; // the broken design: whatever revision the sender read
  if (command.expectedRevision === null) {
    return CAS_KINDS.has(command.kind) ? reject('CAS_REQUIRED', `${command.kind} is compare-and-set: send the expected revision of ${target.id}`,
      msg('reasons.authority.cas_required', { kind: command.kind, id: target.id })) : current;
  }
  if (command.expectedRevision !== current) {
    return reject('REVISION_MISMATCH', `expected revision ${command.expectedRevision} of ${target.id}, but it is at ${current}`,
      msg('reasons.authority.revision_mismatch', { expected: command.expectedRevision, id: target.id, current }));
  }
  return current;
}

function revisionOf(row: WorkItemRow | undefined): number | null {
  return row ? Number(row.revision) : null;
}

function appendEvent(store: Store, event: EventRecord): void {
  store.write('INSERT INTO events (event_id, group_id, seq, aggregate_id, aggregate_revision, kind, payload, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    [event.eventId, event.group, event.seq, event.aggregateId, event.aggregateRevision, event.kind, canonicalJson(event.payload), event.at]);
  store.write('UPDATE groups SET sequence = ? WHERE group_id = ?', [event.seq, event.group]);
}

export function findReceipt(store: Store, actor: string, actionId: string): Receipt | null {
  const row = store.get('SELECT receipt_id, actor_id, action_id, digest, event_id FROM receipts WHERE actor_id = ? AND action_id = ?', [actor, actionId]);
  return row ? {
    receiptId: String(row.receipt_id), actor: String(row.actor_id), actionId: String(row.action_id),
    digest: String(row.digest), eventId: String(row.event_id),
  } : null;
}

/** Registers an actor's public key (configuration, outside any group's history). */
export function registerActorKey(store: Store, actor: string, publicKeyHex: string): void {
  store.tx('register_key', () => store.run(
    'INSERT INTO actor_keys (actor_id, public_key) VALUES (?, ?) ON CONFLICT (actor_id) DO UPDATE SET public_key = excluded.public_key',
    [actor, publicKeyHex]));
}

/** Replay service: events of a group after `afterSeq`, at most `limit`, in order. */
export function eventsAfter(store: Store, group: string, afterSeq: number, limit: number): EventRecord[] {
  return store.all('SELECT * FROM events WHERE group_id = ? AND seq > ? ORDER BY seq LIMIT ?', [group, afterSeq, limit]).map((row) => ({
    eventId: String(row.event_id), group: String(row.group_id), seq: Number(row.seq), aggregateId: String(row.aggregate_id),
    aggregateRevision: Number(row.aggregate_revision), kind: String(row.kind),
    payload: JSON.parse(String(row.payload)) as Record<string, unknown>, at: Number(row.at),
  }));
}
