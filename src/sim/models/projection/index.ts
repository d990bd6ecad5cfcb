/**
 * The projection model (labs L10 and L11) — wiring only. The authority accepts commands
 * (`core/authority`) and its feed publishes, re-sends, records ACKs, serves replay or a
 * signed snapshot, and redacts (`core/feed`); the worker applies events through the
 * seven-step cycle, records effect receipts, restores snapshots and scrubs redacted copies
 * (`core/worker`). Core functions return frames and notes as data; this file sends and
 * tells them. One or more groups, each with its own cursor, ACK and gaps (MWP-WRK-008).
 */
import { z } from 'zod';
import { zodProblem } from '../../zodProblem';
import { accept, registerActorKey } from '../../../core/authority/accept';
import { signCommand, type CommandContent } from '../../../core/authority/commands';
import { AUTHORITY_SCHEMA } from '../../../core/authority/schema';
import { publishPending, receiveAck, redeliver, serveReplay, subscribe, type FeedOutput } from '../../../core/feed/feed';
import { redactEvent, type RedactionVariant } from '../../../core/feed/redaction';
import { FEED_SCHEMA } from '../../../core/feed/schema';
import { namesFor, nextScriptedCommand, scriptedReport } from '../../../core/feed/script';
import { msg } from '../../../core/message';
import { archiveGroup, ARCHIVE_SCHEMA, isArchived } from '../../../core/snapshot/archive';
import { decodeFrame, encodeFrame, type TransportFrame } from '../../../core/transport/frames';
import { ApplyFaultPoint, applyEvent, readCursor, recordAck, wipeProjection, type ApplyVariant } from '../../../core/worker/apply';
import { cursorMachine } from '../../../core/worker/cursorMachine';
import { EffectFaultPoint, performPendingIntents, type EffectDispatch } from '../../../core/worker/effects';
import { carryOutEffect } from '../../../core/feed/receipts';
import { effectNotes, follow, followedGroups, replayRequest, workerReceives } from '../../../core/worker/receive';
import { PROJECTION_SCHEMA } from '../../../core/worker/schema';
import { eventsAfter } from '../../../core/authority/accept';
import type { Model, ModelContext } from '../../model';
import { describeProjectionAction, parseProjectionAction, type ProjectionAction } from './actions';
import { projectionInvariants } from './invariants';
import { projectionEndConditions, projectionRecoveryMoves } from './recovery';
import { AUTHORITY, authorityKey, groupsOf, keyOf, settingsOf, WORKER } from './nodes';
import { tampered } from './tamper';
import { trackFeedText } from './feedText';
import { trackWorkItems } from './workItems';
import { describeProjectionNodes, observeProjection, projectionEnabled, projectionFingerprint } from './view';
import { footprintProjection } from './footprint';

const initialSchema = z.object({
  org: z.string().min(1), group: z.string().min(1), replay_window: z.number().int().min(1).optional(),
  /** Further groups of the same organization, each with its own history, cursor and ACK (MWP-WRK-008). */
  more_groups: z.array(z.string().min(1).max(16)).max(2).optional(),
}).strict();


/** The frame as the wire carries it: canonical bytes (as text), validated again where it enters. */
const wireSchema = z.object({ bytes: z.string() }).passthrough();

export const projectionModel: Model<ProjectionAction> = {
  id: 'projection',
  switches: [
    { key: 'apply', label: 'Apply cycle', options: [
      { value: 'correct', label: 'the seven steps in one transaction', presented: 'right' },
      { value: 'no_dedupe', label: 'without the inbox check', presented: 'wrong' },
      { value: 'cursor_on_receipt', label: 'cursor moves when an event arrives', presented: 'wrong' },
      { value: 'ack_before_commit', label: 'ACK sent inside the transaction', presented: 'wrong' },
      { value: 'ack_new_only', label: 'ACK sent only for a newly applied event', presented: 'wrong' }], default: 'correct' },
    { key: 'receipts', label: 'Dedupe receipts of side effects', options: [
      { value: 'authority', label: "kept by the authority, beside the group's history", presented: 'right' },
      { value: 'worker', label: "kept only in the worker's own database", presented: 'wrong' }], default: 'authority' },
    { key: 'window', label: 'Replay window', options: [{ value: 'all', label: 'all events' }, { value: '3', label: 'last 3 events' }], default: 'all' },
    { key: 'redaction', label: 'A tombstone', options: [
      { value: 'tombstone', label: 'removes the field from the stored history', presented: 'right' },
      { value: 'flag_only', label: 'adds a row and leaves the event as it was', presented: 'wrong' },
      { value: 'delete_event', label: 'deletes the event', presented: 'wrong' },
      { value: 'history_only', label: 'removes the field from the stored history; workers are not told', presented: 'wrong' }], default: 'tombstone' },
    { key: 'archive', label: 'Archiving a group', options: [
      { value: 'closes', label: 'closes it: nothing is accepted after the final snapshot', presented: 'right' },
      { value: 'stays_open', label: 'writes the final snapshot and keeps accepting', presented: 'wrong' }], default: 'closes' },
  ],
  faultPoints: [
    ...Object.values(ApplyFaultPoint).map((point) => ({ point, node: WORKER, label: `worker crashes at ${point}` })),
    { point: EffectFaultPoint.beforeReceipt, node: WORKER, label: 'worker crashes after an effect, before its receipt' },
  ],
  nodes: () => [
    { id: AUTHORITY, kind: 'authority', label: msg('view.projection.node.authority'), schema: `${AUTHORITY_SCHEMA}\n${FEED_SCHEMA}\n${ARCHIVE_SCHEMA}` },
    { id: WORKER, kind: 'worker', label: msg('view.projection.node.worker'), schema: PROJECTION_SCHEMA },
  ],
  edges: [{ from: AUTHORITY, to: WORKER, label: msg('view.projection.edge.feed') }],
  validateInitial: (raw) => zodProblem(initialSchema, raw),

  setup(ctx, raw) {
    const initial = initialSchema.parse(raw);
    const store = ctx.store(AUTHORITY);
    for (const actor of ['lead', 'agent-1']) registerActorKey(store, actor, keyOf(ctx, actor).publicKeyHex);
    for (const [index, group] of [initial.group, ...(initial.more_groups ?? [])].entries()) {
      const boot: Omit<CommandContent, 'actor' | 'group' | 'actionId'>[] = [
        { kind: 'create_group', expectedRevision: null, payload: { org: initial.org } },
        { kind: 'add_member', expectedRevision: 1, payload: { agent: 'agent-1', role: 'worker' } },
        { kind: 'create_mission', expectedRevision: null, payload: { mission: namesFor(group, index === 0).mission, budget_cents: 100000 } },
      ];
      boot.forEach((c, i) => command(ctx, { ...c, actor: 'lead', group, actionId: index === 0 ? `setup-${i + 1}` : `setup-${group}-${i + 1}` }));
      // The starting point: the worker has already applied and acknowledged the setup events.
      follow(ctx.store(WORKER), group, initial.org);
      for (const event of eventsAfter(store, group, 0, boot.length)) applyEvent(ctx.store(WORKER), ctx.faults(WORKER), event, { variant: 'correct' });
      recordAck(ctx.store(WORKER), group, boot.length);
      subscribe(store, WORKER, group, boot.length);
      ctx.note(msg('projection.setup', { group, count: boot.length }));
    }
  },

  parseAction: parseProjectionAction,
  describeAction: describeProjectionAction,
  precondition(ctx, action) {
    if (action.type === 'disconnect' && ctx.isPartitioned(AUTHORITY, WORKER)) return msg('refusals.projection.already_disconnected');
    if (ctx.status(WORKER) === 'crashed' && ['rebuild', 'reconnect'].includes(action.type)) return msg('refusals.projection.worker_crashed');
    if ((action.type === 'emit' || action.type === 'report') && action.group && !groupsOf(ctx).some((g) => g.group === action.group)) return msg('refusals.projection.no_group', { group: action.group });
    // An archived group is closed: its signed final snapshot is the end of its history (MWP-MSN-009).
    if ((action.type === 'emit' || action.type === 'report') && ctx.switches.archive !== 'stays_open' && isArchived(ctx.store(AUTHORITY), action.group ?? settingsOf(ctx).group)) {
      return msg('refusals.projection.group_archived', { group: action.group ?? settingsOf(ctx).group });
    }
    if (action.type === 'report' && !scriptedReport(ctx.store(AUTHORITY), action.group ?? settingsOf(ctx).group, action.note)) return msg('refusals.projection.no_running_item');
    return null;
  },

  apply(ctx, action) {
    switch (action.type) {
      case 'emit': {
        const group = action.group ?? settingsOf(ctx).group;
        const first = group === settingsOf(ctx).group;
        for (let i = 0; i < action.count; i++) command(ctx, nextScriptedCommand(ctx.store(AUTHORITY), group, first));
        return perform(ctx, AUTHORITY, publishPending(ctx.store(AUTHORITY)));
      }
      case 'report': {
        command(ctx, scriptedReport(ctx.store(AUTHORITY), action.group ?? settingsOf(ctx).group, action.note)!);
        return perform(ctx, AUTHORITY, publishPending(ctx.store(AUTHORITY)));
      }
      case 'redeliver':
        for (const { group } of groupsOf(ctx)) perform(ctx, AUTHORITY, redeliver(ctx.store(AUTHORITY), WORKER, group));
        return;
      case 'disconnect':
        return ctx.partition(AUTHORITY, WORKER);
      case 'reconnect':
        // Also the worker's remedy when it is stuck (a lost replay request): ask again.
        if (ctx.isPartitioned(AUTHORITY, WORKER)) ctx.heal();
        return requestReplay(ctx);
      case 'rebuild':
        wipeProjection(ctx.store(WORKER));
        ctx.note(msg('projection.rebuild'));
        return requestReplay(ctx);
      case 'tamper':
        ctx.arm(`tamper.${action.check}`);
        return ctx.note(msg('projection.tamper_armed', { check: action.check }));
      case 'tombstone': {
        const seal = { seed: ctx.rng.seed, org: settingsOf(ctx).org, authorityKey: authorityKey(ctx).privateKey };
        const result = redactEvent(ctx.store(AUTHORITY), ctx.clock, { eventId: action.event_id, kind: action.kind, reason: action.reason, by: 'lead' }, ctx.switches.redaction as RedactionVariant, seal);
        return perform(ctx, AUTHORITY, result);
      }
      case 'archive': {
        const { org, group } = settingsOf(ctx);
        const { finalSeq } = archiveGroup(ctx.store(AUTHORITY), ctx.clock, ctx.rng.seed, org, group, authorityKey(ctx).privateKey);
        return ctx.note(msg('projection.archived', { group, seq: finalSeq }));
      }
    }
  },

  receive(ctx, frame) {
    const wire = wireSchema.safeParse(frame.body);
    const decoded = wire.success ? decodeFrame(new TextEncoder().encode(wire.data.bytes)) : { ok: false as const, error: 'no bytes' };
    if (!decoded.ok) throw new Error(`undecodable frame #${frame.id}: ${decoded.error}`);
    if (frame.to === AUTHORITY) return authorityReceives(ctx, decoded.frame);
    return perform(ctx, WORKER, workerReceives(ctx.store(WORKER), ctx.faults(WORKER), decoded.frame, {
      variant: ctx.switches.apply as ApplyVariant, now: ctx.clock.now, authorityPublicKeyHex: authorityKey(ctx).publicKeyHex,
      duplicateCopy: frame.copyOf !== undefined, sendNow: (f) => sendFrame(ctx, WORKER, AUTHORITY, f), dispatch: effectDispatch(ctx),
    }));
  },

  afterAdvance: () => undefined,
  afterRestart(ctx, node) {
    if (node !== WORKER) return;
    ctx.note(msg('projection.restart'));
    // Intents persisted before the crash and not yet receipted are dispatched now.
    dispatchPending(ctx);
    requestReplay(ctx);
  },
  observe: (ctx) => observeProjection(ctx),
  track: (ctx) => {
    trackFeedText(ctx);
    trackWorkItems(ctx);
  },
  invariants: projectionInvariants,
  endConditions: projectionEndConditions,
  recoveryMoves: projectionRecoveryMoves,
  // A replay is one delivery per frame on L10's held network: a rebuild of six events and
  // their ACKs, a redelivery and a resync fit in 40 steps.
  recoveryBound: 40,
  machines: (ctx) => groupsOf(ctx).map(({ group }, i) => ({
    id: i === 0 ? 'cursor' : `cursor-${group}`, title: msg('view.projection.machine.cursor', { group }), machine: cursorMachine, state: readCursor(ctx.store(WORKER), group).mode,
  })),
  describeNodes: describeProjectionNodes,
  enabled: projectionEnabled,
  fingerprint: projectionFingerprint,
  footprint: footprintProjection,
};

function command(ctx: ModelContext, content: CommandContent): void {
  const result = accept(ctx.store(AUTHORITY), ctx.clock, ctx.faults(AUTHORITY), signCommand(keyOf(ctx, content.actor), content));
  if (result.code !== 'ACCEPTED') throw new Error(`scripted command ${content.kind} was ${result.code}`);
}

function sendFrame(ctx: ModelContext, from: string, to: string, frame: TransportFrame): void {
  ctx.send(from, to, frame.type, { bytes: new TextDecoder().decode(encodeFrame(frame)), ...(frame.type === 'event' ? { seq: frame.event.seq, group: frame.event.group } : {}) });
}

/** Performs what a core function decided: its notes, then its frames, to the other node. */
function perform(ctx: ModelContext, from: string, output: Pick<FeedOutput, 'frames' | 'notes'>): void {
  for (const note of output.notes) ctx.note(note);
  for (const frame of output.frames) sendFrame(ctx, from, from === AUTHORITY ? WORKER : AUTHORITY, frame);
}

/**
 * Intents are carried out through the authority, which keeps the dedupe receipts
 * (MWP-FND-023) — or, in the `receipts=worker` design, by a call that trusts the worker's
 * own receipts alone. (Called inside a worker step: the intent was persisted by an event
 * that just arrived, or before a crash the worker is recovering from.)
 */
function effectDispatch(ctx: ModelContext): EffectDispatch {
  return {
    receiptsAt: ctx.switches.receipts === 'worker' ? 'worker' : 'authority',
    carryOut: (intent) => carryOutEffect(ctx.store(AUTHORITY), intent, ctx.clock.now, ctx.switches.receipts !== 'worker'),
  };
}

function dispatchPending(ctx: ModelContext): void {
  for (const note of effectNotes(performPendingIntents(ctx.store(WORKER), ctx.faults(WORKER), ctx.clock.now, effectDispatch(ctx)))) ctx.note(note);
}

function requestReplay(ctx: ModelContext): void {
  for (const { group } of followedGroups(ctx.store(WORKER))) sendFrame(ctx, WORKER, AUTHORITY, replayRequest(ctx.store(WORKER), group));
}

function authorityReceives(ctx: ModelContext, frame: TransportFrame): void {
  const store = ctx.store(AUTHORITY);
  if (frame.type === 'ack') return perform(ctx, AUTHORITY, receiveAck(store, WORKER, frame));
  if (frame.type !== 'replay_request') return;
  const window = ctx.switches.window === 'all' ? Infinity : Number(ctx.switches.window);
  const output = serveReplay(store, WORKER, frame, { window, snapshotKey: authorityKey(ctx).privateKey, notices: ctx.switches.redaction !== 'history_only' });
  // An armed tamper alters the snapshot on its way (a broken transport, or a replayed snapshot).
  const frames = output.frames.map((f) => (f.type === 'cursor_too_old' ? { ...f, snapshot: { ...f.snapshot, bytes: tampered(ctx, f.snapshot.bytes, f.snapshot.seq, f.group) } } : f));
  perform(ctx, AUTHORITY, { notes: output.notes, frames });
}

