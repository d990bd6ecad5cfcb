/**
 * The safe local apply cycle (SPEC §4), ONE local transaction per event:
 *   1 begin · 2 ignore a duplicate Event ID · 3 check it is the next contiguous sequence
 *   (otherwise buffer it) · 4 update the projection and the work queue · 5 persist the
 *   checkpoint / outbox intent · 6 advance the durable cursor · 7 commit.
 * A named fault point sits between each step. After a commit, buffered events that became
 * contiguous are drained (MWP-WRK-029). The broken variants are here too, as options, so
 * the lab can show what each breaks.
 */
import type { AuthorityState } from '../authority/fold';
import type { EventRecord } from '../authority/outcomes';
import type { Store } from '../db/store';
import type { FaultPoints } from '../faults';
import { scrubFields } from '../feed/redaction';
import { nextState } from '../machines';
import { cursorMachine, type CursorEvent } from './cursorMachine';
import { startIntent } from './effects';
import { applyToRows, readProjection, writeProjection } from './projectionRows';

export { readProjection };

export const ApplyFaultPoint = {
  afterBegin: 'apply.after_begin',
  afterDedupe: 'apply.after_dedupe',
  afterSequenceCheck: 'apply.after_sequence_check',
  afterProjection: 'apply.after_projection',
  afterOutbox: 'apply.after_outbox',
  afterCursorAdvance: 'apply.after_cursor_advance',
} as const;

/** `correct`, or one of the broken designs the lab demonstrates. */
export type ApplyVariant = 'correct' | 'no_dedupe' | 'cursor_on_receipt' | 'ack_before_commit' | 'ack_new_only';

export type ApplyOutcome = 'APPLIED' | 'DUPLICATE' | 'BUFFERED' | 'STALE';

export interface ApplyOptions {
  variant: ApplyVariant;
  /** Called inside the transaction by the `ack_before_commit` variant (the mistake). */
  ackEarly?: (cursor: number) => void;
}

export interface Cursor {
  seq: number;
  acked: number;
  mode: string;
  base: number;
}

export function readCursor(store: Store, group: string): Cursor {
  const row = store.get('SELECT seq, acked, mode, base FROM cursors WHERE group_id = ?', [group]);
  return row ? { seq: Number(row.seq), acked: Number(row.acked), mode: String(row.mode), base: Number(row.base) } : { seq: 0, acked: 0, mode: 'in_order', base: 0 };
}

/** Step 6, a visible call: the durable cursor moves to `seq`. */
export function advanceCursor(store: Store, group: string, seq: number): void {
  store.run('INSERT INTO cursors (group_id, seq) VALUES (?, ?) ON CONFLICT (group_id) DO UPDATE SET seq = excluded.seq', [group, seq]);
}

/** Records the ACK this worker sends. */
export function recordAck(store: Store, group: string, cursor: number): void {
  store.tx('record_ack', () => {
    store.run('UPDATE cursors SET acked = ? WHERE group_id = ?', [cursor, group]);
    store.run('INSERT INTO acks_sent (group_id, cursor) VALUES (?, ?)', [group, cursor]);
  });
}

function moveMode(store: Store, group: string, event: CursorEvent): void {
  const next = nextState(cursorMachine, readCursor(store, group).mode, event);
  if (next) store.run('UPDATE cursors SET mode = ? WHERE group_id = ?', [next, group]);
}

/** One event through the seven steps. */
export function applyEvent(store: Store, faults: FaultPoints, received: EventRecord, options: ApplyOptions): ApplyOutcome {
  const group = received.group;
  return store.tx('apply_event', (): ApplyOutcome => {                                              // 1 begin
    // A redaction notice can overtake the event it redacts (MWP-MSN-009): whatever this copy
    // carries, the worker keeps — buffer, checkpoint — only what the notice left.
    const event = withoutRedacted(store, received);
    // The group's cursor row exists from here on. Read first and inserted only when missing
    // (the same row and bytes as INSERT OR IGNORE, without a write statement per event);
    // nothing writes it before step 6, so this read is also step 3's cursor.
    const held = store.get('SELECT seq FROM cursors WHERE group_id = ?', [group]);
    if (!held) store.run('INSERT INTO cursors (group_id) VALUES (?)', [group]);
    faults.reach(ApplyFaultPoint.afterBegin);
    if (options.variant !== 'no_dedupe' && store.get('SELECT 1 FROM inbox WHERE event_id = ?', [event.eventId])) return 'DUPLICATE'; // 2 dedupe
    faults.reach(ApplyFaultPoint.afterDedupe);
    const cursor = held ? Number(held.seq) : 0;                                                      // 3 sequence
    if (options.variant !== 'cursor_on_receipt') {
      if (event.seq <= cursor && options.variant !== 'no_dedupe') return 'STALE';
      if (event.seq > cursor + 1) {
        store.run('INSERT OR IGNORE INTO buffer (group_id, seq, event_id, event) VALUES (?, ?, ?, ?)', [group, event.seq, event.eventId, JSON.stringify(event)]);
        moveMode(store, group, 'GAP_DETECTED');
        return 'BUFFERED';
      }
    }
    faults.reach(ApplyFaultPoint.afterSequenceCheck);
    applyToRows(store, event);                                                                       // 4 projection + queue
    updateQueue(store, group, event);
    store.run('INSERT OR IGNORE INTO inbox (event_id, group_id, seq) VALUES (?, ?, ?)', [event.eventId, group, event.seq]);
    store.run('INSERT INTO applied_log (event_id, group_id, seq) VALUES (?, ?, ?)', [event.eventId, group, event.seq]);
    faults.reach(ApplyFaultPoint.afterProjection);
    persistIntent(store, group, event);                                                              // 5 checkpoint / outbox
    faults.reach(ApplyFaultPoint.afterOutbox);
    const next = Math.max(cursor, event.seq);                                                        // 6 cursor
    advanceCursor(store, group, next);
    if (options.variant === 'ack_before_commit') options.ackEarly?.(next);
    faults.reach(ApplyFaultPoint.afterCursorAdvance);
    return 'APPLIED';                                                                                // 7 commit (on return)
  });
}

/** The event as the worker may keep it: the fields of a redaction notice it recorded are scrubbed. */
function withoutRedacted(store: Store, event: EventRecord): EventRecord {
  const notice = store.get('SELECT fields FROM redactions WHERE event_id = ?', [event.eventId]);
  return notice ? { ...event, payload: scrubFields(event.payload, String(notice.fields).split(',')) } : event;
}

/** After a commit: apply buffered events that are now contiguous, each in its own transaction. */
export function drainBuffer(store: Store, faults: FaultPoints, group: string, options: ApplyOptions): EventRecord[] {
  const drained: EventRecord[] = [];
  for (let guard = 0; guard < 10_000; guard++) {
    const cursor = readCursor(store, group).seq;
    const row = store.get('SELECT event FROM buffer WHERE group_id = ? AND seq = ?', [group, cursor + 1]);
    if (!row) break;
    const event = JSON.parse(String(row.event)) as EventRecord;
    applyEvent(store, faults, event, options);
    store.tx('unbuffer', () => store.run('DELETE FROM buffer WHERE group_id = ? AND seq <= ?', [group, event.seq]));
    drained.push(event);
  }
  if (!store.get('SELECT 1 FROM buffer WHERE group_id = ?', [group]) && readCursor(store, group).mode === 'buffering') {
    store.tx('gap_filled', () => moveMode(store, group, 'GAP_FILLED'));
  }
  return drained;
}

export function bufferedSeqs(store: Store, group: string): number[] {
  return store.all('SELECT seq FROM buffer WHERE group_id = ? ORDER BY seq', [group]).map((r) => Number(r.seq));
}

/** Replaces the projection with a verified snapshot's state; resumes strictly after its sequence. */
export function restoreFromSnapshot(store: Store, group: string, seq: number, state: AuthorityState): void {
  store.tx('restore_snapshot', () => {
    store.run('INSERT OR IGNORE INTO cursors (group_id) VALUES (?)', [group]);
    writeProjection(store, group, state);
    store.run('DELETE FROM work_queue WHERE group_id = ?', [group]);
    for (const [id, item] of Object.entries(state.workItems)) {
      store.run('INSERT INTO work_queue (group_id, work_item_id, status) VALUES (?, ?, ?)', [group, id, item.status]);
    }
    store.run('DELETE FROM buffer WHERE group_id = ? AND seq <= ?', [group, seq]);
    store.run('UPDATE cursors SET seq = ?, base = ? WHERE group_id = ?', [seq, seq, group]);
    moveMode(store, group, 'RESTORED');
  });
}

export function setMode(store: Store, group: string, event: CursorEvent): void {
  store.tx(`cursor_${event.toLowerCase()}`, () => {
    store.run('INSERT OR IGNORE INTO cursors (group_id) VALUES (?)', [group]);
    moveMode(store, group, event);
  });
}

/**
 * The worker loses its whole store (the rebuild exercise): the projection, its logs and its
 * copies of effect receipts. Everything must come back identical from the group's events;
 * the dedupe receipts that keep an intent from happening twice are the authority's
 * (MWP-FND-023), so a replayed intent is not carried out again. Kept: the groups it follows
 * (its configuration) and the generation counter, bumped so the authority can tell ACKs of
 * the lost projection from the new one's.
 */
export function wipeProjection(store: Store): void {
  store.tx('wipe_projection', () => {
    // WHERE true: a DELETE without WHERE is SQLite's truncate optimization, which skips the
    // update hook, and the step's record would then say nothing was deleted (the incremental
    // views and PROJ-4's step form re-read everything on a delete).
    for (const table of ['cursors', 'inbox', 'buffer', 'projection_rows', 'work_queue', 'checkpoints', 'outbox', 'applied_log', 'acks_sent', 'redactions', 'effect_receipts']) store.run(`DELETE FROM ${table} WHERE true`);
    store.run("UPDATE meta SET value = value + 1 WHERE key = 'generation'");
  });
}

export function projectionGeneration(store: Store): number {
  return Number(store.get("SELECT value FROM meta WHERE key = 'generation'")!.value);
}

function updateQueue(store: Store, group: string, event: EventRecord): void {
  const item = event.payload.work_item;
  if (typeof item !== 'string') return;
  const status = event.kind === 'work_item_created' ? 'queued' : event.kind === 'work_item_claimed' ? 'running' : event.kind === 'work_item_completed' ? 'done' : null;
  if (status) store.run('INSERT INTO work_queue (group_id, work_item_id, status) VALUES (?, ?, ?) ON CONFLICT (group_id, work_item_id) DO UPDATE SET status = excluded.status', [group, item, status]);
}

function persistIntent(store: Store, group: string, event: EventRecord): void {
  if (event.kind === 'progress_reported') {
    store.run('INSERT INTO checkpoints (work_item_id, group_id, seq, note) VALUES (?, ?, ?, ?) ON CONFLICT (work_item_id) DO UPDATE SET seq = excluded.seq, note = excluded.note',
      [String(event.payload.work_item), group, event.seq, String(event.payload.note ?? '')]);
  }
  if (event.kind === 'work_item_claimed') {
    store.run('INSERT OR IGNORE INTO outbox (group_id, seq, intent, operation_id) VALUES (?, ?, ?, ?)',
      [group, event.seq, startIntent(String(event.payload.work_item), String(event.payload.owner)), operationIdOf(group, event.seq)]);
  }
}

/** An intent is named by the event that caused it: a replay of that event names it again. */
export const operationIdOf = (group: string, seq: number) => `${group}#${seq}`;
