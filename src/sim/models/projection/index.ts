/**
 * The projection model (labs L10 and L11): the authority accepts commands and publishes
 * their events; a worker applies them through the seven-step cycle into its own database,
 * ACKs its durable cursor, replays after reconnecting, and restores from a signed snapshot
 * when it has fallen behind the replay window.
 */
import { z } from 'zod';
import { zodProblem } from '../../zodProblem';
import { accept, eventsAfter, registerActorKey } from '../../../core/authority/accept';
import { canonicalJson } from '../../../core/authority/canonical';
import { signCommand, type CommandContent } from '../../../core/authority/commands';
import { foldEvents } from '../../../core/authority/fold';
import { seededKeyPair } from '../../../core/authority/keys';
import type { EventRecord } from '../../../core/authority/outcomes';
import { AUTHORITY_SCHEMA } from '../../../core/authority/schema';
import { addTombstone, archiveGroup, REPLAY_ARCHIVE_SCHEMA } from '../../../core/snapshot/archive';
import { makeSnapshot, verifySnapshot } from '../../../core/snapshot/snapshot';
import { decodeFrame, encodeFrame, type TransportFrame } from '../../../core/transport/frames';
import { ApplyFaultPoint, applyEvent, drainBuffer, projectionGeneration, readCursor, recordAck, restoreFromSnapshot, setMode, wipeProjection, type ApplyVariant } from '../../../core/worker/apply';
import { cursorMachine } from '../../../core/worker/cursorMachine';
import { PROJECTION_SCHEMA } from '../../../core/worker/schema';
import type { Model, ModelContext } from '../../model';
import type { Frame } from '../../network';
import { describeProjectionAction, parseProjectionAction, type ProjectionAction, type TamperKind } from './actions';
import { projectionInvariants } from './invariants';
import { AUTHORITY, settingsOf, WORKER } from './nodes';
import { describeProjectionNodes, observeProjection } from './view';


const initialSchema = z.object({ org: z.string().min(1), group: z.string().min(1), replay_window: z.number().int().min(1).optional() }).strict();


const authorityKey = (ctx: ModelContext) => seededKeyPair(ctx.rng.seed, 'authority');

export const projectionModel: Model<ProjectionAction> = {
  id: 'projection',
  switches: [
    { key: 'apply', label: 'Apply cycle', options: [
      { value: 'correct', label: 'the seven steps (correct)' }, { value: 'no_dedupe', label: 'no dedupe (wrong)' },
      { value: 'cursor_on_receipt', label: 'cursor moves on receipt (wrong)' }, { value: 'ack_before_commit', label: 'ACK before commit (wrong)' }], default: 'correct' },
    { key: 'window', label: 'Replay window', options: [{ value: 'all', label: 'all events' }, { value: '3', label: 'last 3 events' }], default: 'all' },
  ],
  faultPoints: Object.values(ApplyFaultPoint).map((point) => ({ point, node: WORKER, label: `worker crashes at ${point}` })),
  nodes: () => [
    { id: AUTHORITY, kind: 'authority', label: 'Authority (group history)', schema: `${AUTHORITY_SCHEMA}\n${REPLAY_ARCHIVE_SCHEMA}` },
    { id: WORKER, kind: 'worker', label: 'Worker (projection)', schema: PROJECTION_SCHEMA },
  ],
  edges: [{ from: AUTHORITY, to: WORKER, label: 'events · acks · replay' }],
  validateInitial: (raw) => zodProblem(initialSchema, raw),

  setup(ctx, raw) {
    const initial = initialSchema.parse(raw);
    const store = ctx.store(AUTHORITY);
    for (const actor of ['lead', 'agent-1']) registerActorKey(store, actor, seededKeyPair(ctx.rng.seed, actor).publicKeyHex);
    const boot: Omit<CommandContent, 'actor' | 'group' | 'actionId'>[] = [
      { kind: 'create_group', expectedRevision: null, payload: { org: initial.org } },
      { kind: 'add_member', expectedRevision: 1, payload: { agent: 'agent-1', role: 'worker' } },
      { kind: 'create_mission', expectedRevision: null, payload: { mission: 'M1', budget_cents: 100000 } },
    ];
    boot.forEach((c, i) => command(ctx, { ...c, actor: 'lead', group: initial.group, actionId: `setup-${i + 1}` }));
    // The starting point: the worker has already applied and acknowledged the setup events.
    const events = eventsAfter(store, initial.group, 0, boot.length);
    for (const event of events) applyEvent(ctx.store(WORKER), ctx.faults(WORKER), event, { variant: 'correct' });
    recordAck(ctx.store(WORKER), initial.group, boot.length);
    store.tx('replay_policy', () => {
      store.run('UPDATE outbox SET published = 1');
      store.run("INSERT INTO subscriptions (worker, acked_seq) VALUES ('worker', ?)", [boot.length]);
      store.run("INSERT INTO ack_log (worker, generation, cursor) VALUES ('worker', 0, ?)", [boot.length]);
    });
    ctx.note(`${initial.group} starts with ${boot.length} events; the worker has applied and acknowledged them.`);
  },

  parseAction: parseProjectionAction,
  describeAction: describeProjectionAction,
  precondition(ctx, action) {
    if (action.type === 'disconnect' && ctx.isPartitioned(AUTHORITY, WORKER)) return 'The worker is already disconnected.';
    if (ctx.status(WORKER) === 'crashed' && ['rebuild', 'reconnect'].includes(action.type)) return 'The worker is crashed; restart it first.';
    return null;
  },

  apply(ctx, action) {
    switch (action.type) {
      case 'emit':
        for (let i = 0; i < action.count; i++) emitNext(ctx);
        return publishPending(ctx);
      case 'redeliver':
        return redeliver(ctx);
      case 'disconnect':
        return ctx.partition(AUTHORITY, WORKER);
      case 'reconnect':
        // Also the worker's remedy when it is stuck (a lost replay request): ask again.
        if (ctx.isPartitioned(AUTHORITY, WORKER)) ctx.heal();
        return requestReplay(ctx);
      case 'rebuild':
        wipeProjection(ctx.store(WORKER));
        ctx.note('The worker forgets its whole projection — cursor 0 — and asks for everything again.');
        return requestReplay(ctx);
      case 'tamper':
        ctx.arm(`tamper.${action.check}`);
        return ctx.note(`The next snapshot will arrive with its ${action.check} altered.`);
      case 'tombstone': {
        const ok = addTombstone(ctx.store(AUTHORITY), ctx.clock, action.event_id, 'security_redaction', 'redacted for the lab');
        return ctx.note(ok ? `Tombstone recorded for ${action.event_id}; the event keeps its ID and sequence.` : `No event ${action.event_id}.`);
      }
      case 'archive': {
        const { org, group } = settingsOf(ctx);
        const { finalSeq } = archiveGroup(ctx.store(AUTHORITY), ctx.clock, ctx.rng.seed, org, group, authorityKey(ctx).privateKey);
        return ctx.note(`${group} archived: a signed final snapshot at sequence ${finalSeq} and an encrypted audit log of every event.`);
      }
    }
  },

  receive(ctx, frame) {
    const decoded = decodeFrame(new TextEncoder().encode(String(frame.body.bytes)));
    if (!decoded.ok) throw new Error(`undecodable frame #${frame.id}: ${decoded.error}`);
    if (frame.to === AUTHORITY) authorityReceives(ctx, decoded.frame);
    else workerReceives(ctx, decoded.frame, frame);
  },

  afterAdvance: () => undefined,
  afterRestart(ctx, node) {
    if (node !== WORKER) return;
    ctx.note('The worker restarts from its durable cursor and asks for what comes after it.');
    requestReplay(ctx);
  },
  observe: observeProjection,
  invariants: projectionInvariants,
  machines: (ctx) => [{ id: 'cursor', title: 'Projection cursor', machine: cursorMachine, state: readCursor(ctx.store(WORKER), settingsOf(ctx).group).mode }],
  describeNodes: describeProjectionNodes,
};

function command(ctx: ModelContext, content: CommandContent): void {
  const result = accept(ctx.store(AUTHORITY), ctx.clock, ctx.faults(AUTHORITY), signCommand(seededKeyPair(ctx.rng.seed, content.actor), content));
  if (result.code !== 'ACCEPTED') throw new Error(`scripted command ${content.kind} was ${result.code}`);
}

/** The next scripted command: create a work item, then claim it, and so on. */
function emitNext(ctx: ModelContext): void {
  const store = ctx.store(AUTHORITY);
  const { group } = settingsOf(ctx);
  const n = Number(store.get('SELECT count(*) AS n FROM work_items')!.n);
  const last = store.get("SELECT work_item_id, status FROM work_items ORDER BY rowid DESC LIMIT 1");
  const seq = Number(store.get('SELECT sequence FROM groups WHERE group_id = ?', [group])!.sequence);
  if (last && last.status === 'queued') {
    command(ctx, { actor: 'agent-1', actionId: `emit-${seq + 1}`, group, kind: 'claim', expectedRevision: 1, payload: { work_item: String(last.work_item_id), lease_ticks: 1000 } });
  } else {
    command(ctx, { actor: 'lead', actionId: `emit-${seq + 1}`, group, kind: 'create_work_item', expectedRevision: null, payload: { work_item: `W${n + 1}`, mission: 'M1' } });
  }
}

function sendFrame(ctx: ModelContext, from: string, to: string, frame: TransportFrame): void {
  ctx.send(from, to, frame.type, { bytes: new TextDecoder().decode(encodeFrame(frame)), ...(frame.type === 'event' ? { seq: frame.event.seq } : {}) });
}

/** Publishes outbox rows (written in the accept transaction) as event frames. */
function publishPending(ctx: ModelContext): void {
  const store = ctx.store(AUTHORITY);
  const { group } = settingsOf(ctx);
  const pending = store.all('SELECT seq FROM outbox WHERE published = 0 ORDER BY seq').map((r) => Number(r.seq));
  if (pending.length === 0) return;
  const events = eventsAfter(store, group, pending[0]! - 1, pending.length);
  store.tx('publish_outbox', () => store.run('UPDATE outbox SET published = 1 WHERE published = 0'));
  for (const event of events) sendFrame(ctx, AUTHORITY, WORKER, { v: 1, type: 'event', event });
}

function redeliver(ctx: ModelContext): void {
  const store = ctx.store(AUTHORITY);
  const { group } = settingsOf(ctx);
  const acked = Number(store.get("SELECT acked_seq FROM subscriptions WHERE worker = 'worker'")!.acked_seq);
  const events = eventsAfter(store, group, acked, 1000);
  ctx.note(`At-least-once: the authority re-sends ${events.length} event(s) after the last ACK (${acked}).`);
  for (const event of events) sendFrame(ctx, AUTHORITY, WORKER, { v: 1, type: 'event', event });
}

function requestReplay(ctx: ModelContext): void {
  const { group } = settingsOf(ctx);
  sendFrame(ctx, WORKER, AUTHORITY, { v: 1, type: 'replay_request', group, afterSeq: readCursor(ctx.store(WORKER), group).seq });
}

function authorityReceives(ctx: ModelContext, frame: TransportFrame): void {
  const store = ctx.store(AUTHORITY);
  if (frame.type === 'ack') {
    const moved = store.tx('record_ack', () => {
      store.run("INSERT INTO ack_log (worker, generation, cursor) VALUES ('worker', ?, ?)", [frame.generation, frame.cursor]);
      return store.run(`UPDATE subscriptions SET
          acked_seq = CASE WHEN generation < :gen THEN :cursor ELSE max(acked_seq, :cursor) END,
          generation = max(generation, :gen)
        WHERE worker = 'worker' AND generation <= :gen`, { ':gen': frame.generation, ':cursor': frame.cursor }) === 1;
    });
    ctx.note(moved ? `The authority records the worker's ACK for ${frame.cursor}; its history stays whole.` : `A stale ACK (${frame.cursor}) from an older projection is ignored.`);
    return;
  }
  if (frame.type !== 'replay_request') return;
  const { org, group } = settingsOf(ctx);
  const latest = Number(store.get('SELECT sequence FROM groups WHERE group_id = ?', [group])!.sequence);
  const window = ctx.switches.window === 'all' ? Infinity : Number(ctx.switches.window);
  const oldest = Math.max(1, latest - window + 1);
  const acked = Number(store.get("SELECT acked_seq FROM subscriptions WHERE worker = 'worker'")!.acked_seq);
  if (frame.afterSeq < acked) ctx.note(`The worker asks for replay from ${frame.afterSeq + 1}, before its last ACK (${acked}): it is starting over.`);
  if (frame.afterSeq + 1 < oldest) {
    const seq = oldest - 1;
    const bytes = tampered(ctx, makeSnapshot(org, group, seq, foldEvents(eventsAfter(store, group, 0, seq)), authorityKey(ctx).privateKey), seq);
    ctx.note(`CURSOR_TOO_OLD: the replay window starts at ${oldest}, the worker asked for ${frame.afterSeq + 1}. The authority offers a signed snapshot at ${seq}.`);
    sendFrame(ctx, AUTHORITY, WORKER, { v: 1, type: 'cursor_too_old', group, requested: frame.afterSeq + 1, oldestAvailable: oldest, snapshot: { org, group, seq, bytes } });
    return;
  }
  const events = eventsAfter(store, group, frame.afterSeq, 1000);
  ctx.note(`Replay from ${frame.afterSeq + 1}: ${events.length} event(s).`);
  for (const event of events) sendFrame(ctx, AUTHORITY, WORKER, { v: 1, type: 'event', event });
}

/** An armed tamper alters the snapshot on its way (a broken transport, or a replayed snapshot). */
function tampered(ctx: ModelContext, bytes: string, seq: number): string {
  const kinds: TamperKind[] = ['schema', 'hash', 'signature', 'organization', 'group', 'sequence'];
  const kind = kinds.find((k) => ctx.consume(`tamper.${k}`));
  if (!kind) return bytes;
  const { org, group } = settingsOf(ctx);
  const snap = JSON.parse(bytes) as Record<string, unknown>;
  const store = ctx.store(AUTHORITY);
  const stateAt = (s: number) => foldEvents(eventsAfter(store, group, 0, s));
  switch (kind) {
    case 'schema': return canonicalJson({ ...snap, schema: 'durable-lab/projection-snapshot@0' });
    case 'hash': return canonicalJson({ ...snap, state: `${String(snap.state).slice(0, -1)} }` });
    case 'signature': return makeSnapshot(org, group, seq, stateAt(seq), seededKeyPair(ctx.rng.seed, 'mallory').privateKey);
    case 'organization': return makeSnapshot('other-org', group, seq, stateAt(seq), authorityKey(ctx).privateKey);
    case 'group': return makeSnapshot(org, 'G2', seq, stateAt(seq), authorityKey(ctx).privateKey);
    case 'sequence': return makeSnapshot(org, group, Math.max(0, seq - 1), stateAt(Math.max(0, seq - 1)), authorityKey(ctx).privateKey);
  }
}

function workerReceives(ctx: ModelContext, frame: TransportFrame, raw: Frame): void {
  const store = ctx.store(WORKER);
  const variant = ctx.switches.apply as ApplyVariant;
  // The broken variant ACKs from inside the apply transaction, before its commit.
  const options = { variant, ackEarly: (cursor: number) => sendAck(ctx, cursor, false) };
  if (frame.type === 'event') {
    const outcome = applyEvent(store, ctx.faults(WORKER), frame.event, options);
    const drained = outcome === 'APPLIED' ? drainBuffer(store, ctx.faults(WORKER), frame.event.group, options) : [];
    ctx.note(describeOutcome(frame.event, outcome, drained, raw));
    if (variant !== 'ack_before_commit') sendAck(ctx, readCursor(store, frame.event.group).seq);
    return;
  }
  if (frame.type === 'cursor_too_old') restore(ctx, frame);
}

function sendAck(ctx: ModelContext, cursor: number, record = true): void {
  const { group } = settingsOf(ctx);
  if (record) recordAck(ctx.store(WORKER), group, cursor);
  sendFrame(ctx, WORKER, AUTHORITY, { v: 1, type: 'ack', group, cursor, generation: projectionGeneration(ctx.store(WORKER)) });
}

function restore(ctx: ModelContext, frame: Extract<TransportFrame, { type: 'cursor_too_old' }>): void {
  const store = ctx.store(WORKER);
  const { org, group } = settingsOf(ctx);
  setMode(store, group, 'CURSOR_TOO_OLD');
  const verified = verifySnapshot(frame.snapshot.bytes, {
    org, group, seq: frame.snapshot.seq, cursor: readCursor(store, group).seq, authorityPublicKeyHex: authorityKey(ctx).publicKeyHex,
  });
  if (!verified.ok) {
    store.tx('refuse_snapshot', () => store.run('INSERT INTO snapshot_log (seq, result) VALUES (?, ?)', [frame.snapshot.seq, `REFUSED ${verified.check}`]));
    setMode(store, group, 'REFUSED');
    ctx.note(`The worker refuses the snapshot: ${verified.check} — ${verified.message}. Its projection is untouched.`);
    return;
  }
  restoreFromSnapshot(store, group, verified.snapshot.seq, verified.state);
  store.tx('log_snapshot', () => store.run("INSERT INTO snapshot_log (seq, result) VALUES (?, 'RESTORED')", [verified.snapshot.seq]));
  ctx.note(`All six checks pass; the worker restores the snapshot at ${verified.snapshot.seq} and asks for what follows it.`);
  sendFrame(ctx, WORKER, AUTHORITY, { v: 1, type: 'replay_request', group, afterSeq: verified.snapshot.seq });
}

function describeOutcome(event: EventRecord, outcome: string, drained: EventRecord[], raw: Frame): string {
  const what = `event ${event.seq} (${event.kind})${raw.copyOf ? ' — a duplicate copy' : ''}`;
  switch (outcome) {
    case 'APPLIED': return `The worker applies ${what}${drained.length ? `, then drains ${drained.map((e) => e.seq).join(', ')} from its buffer` : ''}.`;
    case 'DUPLICATE': return `The worker has already processed ${event.eventId}: ${what} is ignored.`;
    case 'BUFFERED': return `Gap: ${what} arrived early; it is buffered and the cursor stays put.`;
    default: return `${what} is at or behind the cursor: ignored.`;
  }
}
