/**
 * What the worker does with each frame from the authority (SPEC §4, §5), decided here and
 * returned as data — frames to send back and notes — for the caller to perform:
 * - an event runs through the seven-step cycle, then the buffer drains, the intents it
 *   persisted are performed and receipted, and the durable cursor is ACKed;
 * - CURSOR_TOO_OLD brings a snapshot: six checks, then restore and replay after it, or a
 *   refusal that leaves the projection untouched;
 * - a redaction notice scrubs the worker's own copies.
 */
import type { EventRecord } from '../authority/outcomes';
import type { Store } from '../db/store';
import type { FaultPoints } from '../faults';
import { msg, type Message } from '../message';
import { verifySnapshot } from '../snapshot/snapshot';
import { FRAME_VERSION, type TransportFrame } from '../transport/frames';
import { applyEvent, drainBuffer, projectionGeneration, readCursor, recordAck, restoreFromSnapshot, setMode, type ApplyVariant } from './apply';
import { intentWords, performPendingIntents, type Dispatched, type EffectDispatch } from './effects';
import { applyRedaction } from './redaction';

export interface WorkerOutput {
  frames: TransportFrame[];
  notes: Message[];
}

export interface WorkerEnv {
  variant: ApplyVariant;
  now: number;
  authorityPublicKeyHex: string;
  /** The frame is a copy made by a duplicating network (for the narration only). */
  duplicateCopy: boolean;
  /** The `ack_before_commit` mistake: sends an ACK at once, from inside the transaction. */
  sendNow(frame: TransportFrame): void;
  /** Where the intents an event persisted are carried out (the authority's receipt check). */
  dispatch: EffectDispatch;
}

/** The notes of dispatched intents: carried out, or already receipted by the authority. */
export function effectNotes(done: readonly Dispatched[]): Message[] {
  // The receipt itself (`performed: <intent>`, data) is in the tables, not in the note: no template quotes it.
  return done.map(({ intent, performed, receiptsAt }) => msg(receiptsAt === 'worker' ? 'worker.effect_local' : performed ? 'worker.effect_receipt' : 'worker.effect_already',
    { operation: intent.operationId, intent: intentWords(intent.intent) }));
}

/** The ACK frame for a group's durable cursor, recorded as sent. */
export function ackFrame(store: Store, group: string, record = true): TransportFrame {
  const cursor = readCursor(store, group).seq;
  if (record) recordAck(store, group, cursor);
  return { v: FRAME_VERSION, type: 'ack', group, cursor, generation: projectionGeneration(store) };
}

export function replayRequest(store: Store, group: string): TransportFrame {
  return { v: FRAME_VERSION, type: 'replay_request', group, afterSeq: readCursor(store, group).seq };
}

export function followedGroups(store: Store): { group: string; org: string }[] {
  return store.all('SELECT group_id, org_id FROM followed ORDER BY rowid').map((r) => ({ group: String(r.group_id), org: String(r.org_id) }));
}

export function follow(store: Store, group: string, org: string): void {
  store.tx('worker.follow', () => store.run('INSERT OR IGNORE INTO followed (group_id, org_id) VALUES (?, ?)', [group, org]));
}

export function workerReceives(store: Store, faults: FaultPoints, frame: TransportFrame, env: WorkerEnv): WorkerOutput {
  switch (frame.type) {
    case 'event': return receiveEvent(store, faults, frame.event, env);
    case 'cursor_too_old': return restore(store, frame, env);
    case 'redaction': {
      const scrubbed = applyRedaction(store, frame);
      return { frames: [], notes: [msg('worker.redaction', { event: frame.eventId, fields: frame.fields.join(', '), copies: scrubbed })] };
    }
    default: return { frames: [], notes: [] };
  }
}

function receiveEvent(store: Store, faults: FaultPoints, event: EventRecord, env: WorkerEnv): WorkerOutput {
  const early = (cursor: number) => env.sendNow({ v: FRAME_VERSION, type: 'ack', group: event.group, cursor, generation: projectionGeneration(store) });
  const options = { variant: env.variant, ackEarly: early };
  const outcome = applyEvent(store, faults, event, options);
  const drained = outcome === 'APPLIED' ? drainBuffer(store, faults, event.group, options) : [];
  const key = outcome === 'APPLIED' && drained.length ? 'worker.event_applied_drained' : `worker.event_${outcome.toLowerCase()}`;
  const notes: Message[] = [msg(key, {
    group: event.group, seq: event.seq, kind: event.kind, event: event.eventId, copy: env.duplicateCopy, drained: drained.map((e) => e.seq).join(', '),
  })];
  notes.push(...effectNotes(performPendingIntents(store, faults, env.now, env.dispatch)));
  // The broken variant already ACKed from inside the transaction. Every other copy is ACKed
  // too — a duplicate, a stale or a buffered one: the feed re-sends until it hears the
  // durable cursor, and a lost ACK is only made good by the next one (MWP-WRK-030). The
  // `ack_new_only` mistake stays silent unless the copy was applied.
  const silent = env.variant === 'ack_before_commit' || (env.variant === 'ack_new_only' && outcome !== 'APPLIED');
  const frames = silent ? [] : [ackFrame(store, event.group)];
  return { frames, notes };
}

function restore(store: Store, frame: Extract<TransportFrame, { type: 'cursor_too_old' }>, env: WorkerEnv): WorkerOutput {
  const group = frame.group;
  const org = followedGroups(store).find((g) => g.group === group)?.org ?? '';
  setMode(store, group, 'CURSOR_TOO_OLD');
  const verified = verifySnapshot(frame.snapshot.bytes, {
    org, group, seq: frame.snapshot.seq, cursor: readCursor(store, group).seq, authorityPublicKeyHex: env.authorityPublicKeyHex,
  });
  if (!verified.ok) {
    store.tx('refuse_snapshot', () => store.run('INSERT INTO snapshot_log (group_id, seq, result) VALUES (?, ?, ?)', [group, frame.snapshot.seq, `REFUSED ${verified.check}`]));
    setMode(store, group, 'REFUSED');
    return { frames: [], notes: [msg('worker.snapshot_refused', { group, check: verified.check, reason: verified.reason })] };
  }
  restoreFromSnapshot(store, group, verified.snapshot.seq, verified.state);
  store.tx('log_snapshot', () => store.run("INSERT INTO snapshot_log (group_id, seq, result) VALUES (?, ?, 'RESTORED')", [group, verified.snapshot.seq]));
  return {
    frames: [{ v: FRAME_VERSION, type: 'replay_request', group, afterSeq: verified.snapshot.seq }],
    notes: [msg('worker.snapshot_restored', { group, seq: verified.snapshot.seq })],
  };
}
