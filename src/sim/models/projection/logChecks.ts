/**
 * PROJ-1, PROJ-2 and PROJ-3's step forms: the worker's `applied_log` and `acks_sent` are
 * append-only logs numbered by an AUTOINCREMENT key, so instead of reading each log whole
 * at every step (what `check` does, O(history)), a step form keeps in ctx.memo what it
 * has read so far — the number of the last row, a mark of that row, and what the rows
 * added up to — and reads only the rows after it (a range of the primary key).
 *
 * The logs shrink only when the projection is wiped (a rebuild deletes every row) or the
 * World goes back (undo, fork and restore carry the memo with the databases). Either way
 * the row at the kept number is then gone or is another row, so the mark check starts
 * the sum again from the first row: the verdict always equals the full scan (AUTOINCREMENT
 * never hands out a number twice, and a rolled-back insert is never read).
 *
 * What a verdict also reads besides a log — each group's durable cursor, the ACK the
 * authority recorded, the projection generation — is one row per group, read again on
 * every step that wrote one of the tables the check reads (else the previous verdict
 * stands, as in onWrites.ts). `check` stays the oracle: oracle.test.ts has both agree on
 * random schedules, and shows a follower that ignores its mark caught.
 */
import { ackedGeneration, ackedSeq } from '../../../core/feed/feed';
import { msg } from '../../../core/message';
import { projectionGeneration, readCursor } from '../../../core/worker/apply';
import { ackAt, acksSentAfter, appliedEventAt, appliedLogAfter, type AckRow, type AppliedRow } from '../../../core/worker/inspect';
import type { ModelContext, Violation } from '../../model';
import { AUTHORITY, groupsOf, WORKER } from './nodes';
import { wroteAny, type TablesRead } from './onWrites';

/** Every table each check reads (its `check` and its step form alike). */
export const PROJ1_READS: TablesRead = { [AUTHORITY]: ['groups'], [WORKER]: ['cursors', 'applied_log'] };
export const PROJ2_READS: TablesRead = { [AUTHORITY]: ['groups', 'subscriptions'], [WORKER]: ['acks_sent', 'cursors', 'meta'] };
export const PROJ3_READS: TablesRead = { [WORKER]: ['applied_log'] };

/** Where a step form stopped reading a log: the last row's number and what that row was. */
export interface LogMark { n: number; mark: string | null }

/** A log as a step form follows it. */
export interface LogSource<Row extends { n: number }> {
  after(n: number): Row[];
  /** What identifies row `n` now (null when there is none). */
  at(n: number): string | null;
  markOf(row: Row): string;
}

/**
 * The rows after the mark, moving it; `restart` is true when the row at the mark is gone or
 * different (wipe, undo, restore), and then `rows` are all the rows from the first. Replaceable
 * so a test can break it.
 */
export type Follow = <Row extends { n: number }>(kept: LogMark, log: LogSource<Row>) => { restart: boolean; rows: Row[] };

export const follow: Follow = (kept, log) => {
  const restart = kept.n > 0 && log.at(kept.n) !== kept.mark;
  if (restart) {
    kept.n = 0;
    kept.mark = null;
  }
  const rows = log.after(kept.n);
  const last = rows[rows.length - 1];
  if (last) {
    kept.n = last.n;
    kept.mark = log.markOf(last);
  }
  return { restart, rows };
};

const appliedLog = (ctx: ModelContext): LogSource<AppliedRow> => {
  const worker = ctx.store(WORKER);
  return { after: (n) => appliedLogAfter(worker, n), at: (n) => appliedEventAt(worker, n), markOf: (row) => row.eventId };
};

const ackLog = (ctx: ModelContext): LogSource<AckRow> => {
  const worker = ctx.store(WORKER);
  return { after: (n) => acksSentAfter(worker, n), at: (n) => ackAt(worker, n), markOf: (row) => `${row.group}\u0000${row.cursor}` };
};

// ── PROJ-1: the durable cursor never passes a gap ─────────────────────────────────────────

/** Per group, the sequences applied so far as sorted, disjoint, non-adjacent [first, last] runs. */
interface AppliedRuns extends LogMark { runs: Record<string, [number, number][]> }

export function cursorGapStep(ctx: ModelContext, previous: readonly Violation[], followLog: Follow = follow): Violation[] {
  if (!wroteAny(ctx, PROJ1_READS)) return [...previous];
  const kept = ctx.memo<AppliedRuns>('PROJ-1', () => ({ n: 0, mark: null, runs: {} }));
  const { restart, rows } = followLog(kept, appliedLog(ctx));
  if (restart) kept.runs = {};
  for (const row of rows) addToRuns((kept.runs[row.group] ??= []), row.seq);
  const worker = ctx.store(WORKER);
  return groupsOf(ctx).flatMap(({ group }) => {
    const cursor = readCursor(worker, group);
    const missing = gapsIn(kept.runs[group] ?? [], cursor.base + 1, cursor.seq);
    return missing.length ? [msg('violations.projection.cursor_past_gap', { group, cursor: cursor.seq, missing: missing.join(', ') })] : [];
  });
}

/** Adds `seq` to sorted disjoint runs, merging the runs it joins. Appending past the last run is O(1). */
export function addToRuns(runs: [number, number][], seq: number): void {
  let i = runs.length;
  while (i > 0 && runs[i - 1]![0] > seq) i--; // runs[i - 1] starts at or before seq
  const before = runs[i - 1];
  if (before && seq <= before[1]) return;
  const after = runs[i];
  const joinsBefore = before !== undefined && before[1] + 1 === seq;
  const joinsAfter = after !== undefined && after[0] - 1 === seq;
  if (joinsBefore && joinsAfter) {
    before[1] = after[1];
    runs.splice(i, 1);
  } else if (joinsBefore) {
    before[1] = seq;
  } else if (joinsAfter) {
    after[0] = seq;
  } else {
    runs.splice(i, 0, [seq, seq]);
  }
}

/** The sequences in [from, to] no run covers, ascending. */
export function gapsIn(runs: readonly (readonly [number, number])[], from: number, to: number): number[] {
  const missing: number[] = [];
  let next = from;
  for (const [first, last] of runs) {
    if (next > to) break;
    if (last < next) continue;
    for (let seq = next; seq < Math.min(first, to + 1); seq++) missing.push(seq);
    next = Math.max(next, last + 1);
  }
  for (let seq = next; seq <= to; seq++) missing.push(seq);
  return missing;
}

// ── PROJ-2: ACKs never go down, never run ahead of what is durable ────────────────────────

/** Per group, the highest ACK sent so far and every descent found, in the order sent. */
interface AckRecord extends LogMark { highest: Record<string, number>; descents: Record<string, [number, number][]> }

export function ackStep(ctx: ModelContext, previous: readonly Violation[], followLog: Follow = follow): Violation[] {
  if (!wroteAny(ctx, PROJ2_READS)) return [...previous];
  const kept = ctx.memo<AckRecord>('PROJ-2', () => ({ n: 0, mark: null, highest: {}, descents: {} }));
  const { restart, rows } = followLog(kept, ackLog(ctx));
  if (restart) {
    kept.highest = {};
    kept.descents = {};
  }
  for (const { group, cursor } of rows) {
    const highest = kept.highest[group] ?? -1;
    if (cursor < highest) (kept.descents[group] ??= []).push([highest, cursor]);
    kept.highest[group] = Math.max(highest, cursor);
  }
  return groupsOf(ctx).flatMap(({ group }) => {
    const out: Violation[] = (kept.descents[group] ?? []).map(([from, to]) => msg('violations.projection.ack_went_down', { group, from, to }));
    const ahead = ackAhead(ctx, group);
    if (ahead) out.push(ahead);
    return out;
  });
}

/** The ACK the authority recorded for this projection is past the worker's durable cursor (one row each). */
export function ackAhead(ctx: ModelContext, group: string): Violation | null {
  const worker = ctx.store(WORKER);
  const durable = readCursor(worker, group).seq;
  const generation = ackedGeneration(ctx.store(AUTHORITY), WORKER, group);
  const acked = ackedSeq(ctx.store(AUTHORITY), WORKER, group);
  return generation === projectionGeneration(worker) && acked > durable ? msg('violations.projection.ack_ahead', { group, acked, durable }) : null;
}

// ── PROJ-3: every accepted event is applied at most once ──────────────────────────────────

/**
 * The events applied so far, once each, as ONE string (ids joined by NUL), and those applied
 * more than once with their count. One string, not an object keyed by event: the memo is
 * structuredClone'd at every checkpoint (every step in the lab session), and cloning an object
 * of thousands of keys costs milliseconds where a string of the same ids costs microseconds.
 */
interface ApplyCounts extends LogMark { seen: string; twice: Record<string, number> }

const SEP = '\u0000';

/**
 * The set behind a memo's `seen` string, per memo object: built from the string the first
 * time a memo object is read (a new World, or a clone put back by undo, fork or restore) and
 * moved forward with it. Derived only from the memo, so it can never disagree with it.
 */
const seenSets = new WeakMap<ApplyCounts, Set<string>>();

function seenSet(kept: ApplyCounts): Set<string> {
  let set = seenSets.get(kept);
  if (!set) seenSets.set(kept, (set = new Set(kept.seen === '' ? [] : kept.seen.split(SEP))));
  return set;
}

export function appliedOnceStep(ctx: ModelContext, previous: readonly Violation[], followLog: Follow = follow): Violation[] {
  if (!wroteAny(ctx, PROJ3_READS)) return [...previous];
  const kept = ctx.memo<ApplyCounts>('PROJ-3', () => ({ n: 0, mark: null, seen: '', twice: {} }));
  const { restart, rows } = followLog(kept, appliedLog(ctx));
  if (restart) {
    kept.seen = '';
    kept.twice = {};
    seenSets.delete(kept);
  }
  const seen = seenSet(kept);
  for (const { eventId } of rows) {
    if (!seen.has(eventId)) {
      seen.add(eventId);
      kept.seen = kept.seen === '' ? eventId : kept.seen + SEP + eventId;
    } else {
      kept.twice[eventId] = (kept.twice[eventId] ?? 1) + 1;
    }
  }
  return Object.keys(kept.twice).sort().map((event) => msg('violations.projection.applied_twice', { event, times: String(kept.twice[event]) }));
}
