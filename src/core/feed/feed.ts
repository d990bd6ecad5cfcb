/**
 * The authority's feed (SPEC §4, §5): publishing the outbox after commit, re-sending after
 * the last ACK (at-least-once), recording ACKs (MWP-WRK-030) and answering replay requests
 * inside the online replay window — or with CURSOR_TOO_OLD and a signed snapshot outside it.
 *
 * Every function decides and returns its effects as data — the frames to send, the note to
 * tell — and the caller (the World's model wiring) performs them. Per group throughout: a
 * worker's cursor, ACK and gaps in one group never touch another's (MWP-WRK-008).
 */
import { eventsAfter } from '../authority/accept';
import { foldEvents } from '../authority/fold';
import type { EventRecord } from '../authority/outcomes';
import type { Store } from '../db/store';
import { msg, type Message } from '../message';
import { makeSnapshot } from '../snapshot/snapshot';
import { carriedFields } from './redaction';
import { FRAME_VERSION, type TransportFrame } from '../transport/frames';

export interface FeedOutput {
  frames: TransportFrame[];
  notes: Message[];
}

const eventFrame = (event: EventRecord): TransportFrame => ({ v: FRAME_VERSION, type: 'event', event });

/** Groups the authority holds, in creation order. */
export function feedGroups(store: Store): { org: string; group: string }[] {
  return store.all('SELECT org_id, group_id FROM groups ORDER BY rowid').map((r) => ({ org: String(r.org_id), group: String(r.group_id) }));
}

export function groupSequence(store: Store, group: string): number {
  return Number(store.get('SELECT sequence FROM groups WHERE group_id = ?', [group])?.sequence ?? 0);
}

/** A worker starts out subscribed to a group, having applied and acknowledged `seq`. */
export function subscribe(store: Store, worker: string, group: string, seq: number): void {
  store.tx('feed.subscribe', () => {
    store.run('UPDATE outbox SET published = 1 WHERE group_id = ? AND seq <= ?', [group, seq]);
    store.run('INSERT INTO subscriptions (worker, group_id, acked_seq) VALUES (?, ?, ?)', [worker, group, seq]);
    store.run('INSERT INTO ack_log (worker, group_id, generation, cursor) VALUES (?, ?, 0, ?)', [worker, group, seq]);
  });
}

/** Publishes outbox rows (written in the accept transaction) as event frames, in order. */
export function publishPending(store: Store): FeedOutput {
  const pending = store.all('SELECT group_id, seq FROM outbox WHERE published = 0 ORDER BY rowid');
  if (pending.length === 0) return { frames: [], notes: [] };
  const frames = pending.map((r) => eventFrame(eventsAfter(store, String(r.group_id), Number(r.seq) - 1, 1)[0]!));
  store.tx('feed.publish_outbox', () => store.run('UPDATE outbox SET published = 1 WHERE published = 0'));
  return { frames, notes: [] };
}

export function ackedSeq(store: Store, worker: string, group: string): number {
  return Number(store.get('SELECT acked_seq FROM subscriptions WHERE worker = ? AND group_id = ?', [worker, group])?.acked_seq ?? 0);
}

/** The projection generation of the worker's last recorded ACK for a group (-1 if none). */
export function ackedGeneration(store: Store, worker: string, group: string): number {
  return Number(store.get('SELECT generation FROM subscriptions WHERE worker = ? AND group_id = ?', [worker, group])?.generation ?? -1);
}

/** At-least-once: every event of the group after the worker's last ACK, again. */
export function redeliver(store: Store, worker: string, group: string): FeedOutput {
  const acked = ackedSeq(store, worker, group);
  const events = eventsAfter(store, group, acked, 1000);
  return { frames: events.map(eventFrame), notes: [msg('feed.redeliver', { group, count: events.length, acked })] };
}

/**
 * Records an ACK. Within one projection generation the ACK only moves forward; an ACK from
 * a newer generation (the worker rebuilt) replaces the old one; an older generation's ACK
 * is ignored. History is never touched (MWP-WRK-030).
 */
export function receiveAck(store: Store, worker: string, ack: Extract<TransportFrame, { type: 'ack' }>): FeedOutput {
  const moved = store.tx('feed.record_ack', () => {
    store.run('INSERT INTO ack_log (worker, group_id, generation, cursor) VALUES (?, ?, ?, ?)', [worker, ack.group, ack.generation, ack.cursor]);
    store.run('INSERT OR IGNORE INTO subscriptions (worker, group_id) VALUES (?, ?)', [worker, ack.group]);
    return store.run(`UPDATE subscriptions SET
        acked_seq = CASE WHEN generation < :gen THEN :cursor ELSE max(acked_seq, :cursor) END,
        generation = max(generation, :gen)
      WHERE worker = :worker AND group_id = :group AND generation <= :gen`,
    { ':gen': ack.generation, ':cursor': ack.cursor, ':worker': worker, ':group': ack.group }) === 1;
  });
  return { frames: [], notes: [msg(moved ? 'feed.ack_recorded' : 'feed.ack_stale', { group: ack.group, cursor: ack.cursor })] };
}

export interface ReplayPolicy {
  /** How many of the newest events the online replay window serves (Infinity: all). */
  window: number;
  /** The authority's signing key for snapshots. */
  snapshotKey: Uint8Array;
  /** Whether a replay carries the group's redaction notices (false: the `history_only` design). */
  notices?: boolean;
}

/** The oldest sequence the replay window still serves for a group. */
export function oldestServed(store: Store, group: string, window: number): number {
  return Math.max(1, groupSequence(store, group) - window + 1);
}

/**
 * A replay request: the events after `afterSeq`, or — when the window no longer holds
 * them — CURSOR_TOO_OLD with a signed snapshot at the sequence just before the window.
 */
export function serveReplay(store: Store, worker: string, request: Extract<TransportFrame, { type: 'replay_request' }>, policy: ReplayPolicy): FeedOutput {
  const { group, afterSeq } = request;
  const org = String(store.get('SELECT org_id FROM groups WHERE group_id = ?', [group])?.org_id ?? '');
  const notes: Message[] = [];
  const acked = ackedSeq(store, worker, group);
  if (afterSeq < acked) notes.push(msg('feed.replay_before_ack', { group, from: afterSeq + 1, acked }));
  const oldest = oldestServed(store, group, policy.window);
  if (afterSeq + 1 < oldest) {
    const seq = oldest - 1;
    const bytes = makeSnapshot(org, group, seq, foldEvents(eventsAfter(store, group, 0, seq)), policy.snapshotKey);
    notes.push(msg('feed.cursor_too_old', { group, oldest, requested: afterSeq + 1, seq }));
    return { notes, frames: [{ v: FRAME_VERSION, type: 'cursor_too_old', group, requested: afterSeq + 1, oldestAvailable: oldest, snapshot: { org, group, seq, bytes } }] };
  }
  const events = eventsAfter(store, group, afterSeq, 1000);
  notes.push(msg('feed.replay', { group, from: afterSeq + 1, count: events.length }));
  return { notes, frames: [...(policy.notices === false ? [] : redactionNotices(store, group)), ...events.map(eventFrame)] };
}

/**
 * Redaction notices for every tombstone of the group, ahead of the events: a worker that
 * was away when a tombstone was written hears of it on its next replay — also one that
 * wiped its store and may still receive an old copy of the event from before the
 * tombstone (a notice for an event it does not hold yet scrubs that copy when it comes).
 * Notices are idempotent; only tombstones whose fields really left the history are sent.
 */
function redactionNotices(store: Store, group: string): TransportFrame[] {
  return store.all('SELECT t.event_id, t.seq, t.fields, e.payload FROM tombstones t JOIN events e ON e.event_id = t.event_id WHERE t.group_id = ? ORDER BY t.n', [group])
    .filter((t) => carriedFields(JSON.parse(String(t.payload)) as Record<string, unknown>, String(t.fields).split(',')).length === 0)
    .map((t) => ({ v: FRAME_VERSION, type: 'redaction' as const, group, eventId: String(t.event_id), seq: Number(t.seq), fields: String(t.fields).split(',') }));
}
