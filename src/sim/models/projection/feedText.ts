/**
 * The view's `feed_text` — each free-text field of the main group's events as the feed
 * serves it now — kept in `ctx.memo` instead of read from every event at every observe.
 *
 * Events are appended (new sequences) and rewritten only by a redaction: the `tombstone`
 * variant updates the payload, `delete_event` deletes the row. So the memo keeps the text
 * of the events up to `lastSeq`; `trackFeedText` (the model's `track`, after every step)
 * reads only the events after it, and starts again from the first event when the step
 * committed an update or a delete to the authority's `events` table. The full read stays
 * as the oracle (`feedTextOf`): feedText.test.ts has both agree on random schedules with
 * Back and fork, and shows a memo that misses a redaction caught.
 */
import { eventsAfter } from '../../../core/authority/accept';
import { REDACTABLE_FIELDS } from '../../../core/feed/redaction';
import type { EventRecord } from '../../../core/authority/outcomes';
import type { ModelContext } from '../../model';
import { AUTHORITY, settingsOf } from './nodes';

interface FeedTextMemo {
  /** The highest sequence of the main group whose fields are in `text`. */
  lastSeq: number;
  /** `eventId.field` → the field's text, in sequence order. */
  text: Record<string, string>;
}

const MEMO = 'view.feed_text';
const ALL = 1_000_000;

function addFields(text: Record<string, string>, events: readonly EventRecord[]): void {
  for (const e of events) {
    for (const f of REDACTABLE_FIELDS[e.kind] ?? []) if (f in e.payload) text[`${e.eventId}.${f}`] = String(e.payload[f]);
  }
}

/** The full read (the oracle, and the first fill): every event of the main group. */
export function feedTextOf(ctx: ModelContext): Record<string, string> {
  const text: Record<string, string> = {};
  addFields(text, eventsAfter(ctx.store(AUTHORITY), settingsOf(ctx).group, 0, ALL));
  return text;
}

/** Whether this step committed a rewrite (update or delete) of stored events: the kept text may be stale. */
export function eventsRewritten(ctx: ModelContext): boolean {
  return ctx.stepTransactions().some((tx) => tx.outcome === 'commit' && tx.store === AUTHORITY && Boolean(tx.writes.events?.update || tx.writes.events?.delete));
}

/**
 * Brings the kept text up to date after a step: the events appended since, or all of them
 * again after a rewrite. Idempotent (it may run twice for one step). `rewritten` is
 * replaceable so a test can break it.
 */
export function trackFeedText(ctx: ModelContext, rewritten: (ctx: ModelContext) => boolean = eventsRewritten): void {
  const memo = ctx.memo<FeedTextMemo>(MEMO, () => ({ lastSeq: 0, text: {} }));
  if (rewritten(ctx)) {
    memo.lastSeq = 0;
    memo.text = {};
  }
  catchUp(ctx, memo);
}

function catchUp(ctx: ModelContext, memo: FeedTextMemo): void {
  const events = eventsAfter(ctx.store(AUTHORITY), settingsOf(ctx).group, memo.lastSeq, ALL);
  if (events.length === 0) return;
  addFields(memo.text, events);
  memo.lastSeq = events[events.length - 1]!.seq;
}

/** The kept text, as a copy (the memo changes in place after later steps). */
export function feedText(ctx: ModelContext): Record<string, string> {
  const memo = ctx.memo<FeedTextMemo>(MEMO, () => ({ lastSeq: 0, text: {} }));
  // A no-op after `track`; a context that never tracked (a test double) fills it here.
  catchUp(ctx, memo);
  return { ...memo.text };
}
