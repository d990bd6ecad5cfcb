/**
 * L09 / L12 invariants (also L13's, through the outage model; AUTH-1 also L10 / L11's), over
 * the authority's database. `check` reads the whole history (the test oracle); `checkStep`
 * looks only at what this step wrote plus what is kept in `ctx.memo` (so undo and fork carry
 * it): AUTH-1 a shape per group and the events rowid seen, AUTH-2 its findings by rowid and
 * the rowids seen in events / receipts / outbox, AUTH-3 / AUTH-4 a fold and the last event
 * seq. Rows updated or deleted in place (whose old values a rowid does not give) make a step
 * form start over from the whole history. Agreement on random schedules, with undo / fork
 * and designs that break them: invariants.test.ts and authority.search.test.ts.
 */
import { eventsAfter } from '../../../core/authority/accept';
import { applyToState, emptyState, foldEvents, readState, type AuthorityState } from '../../../core/authority/fold';
import { eventSeqsAt, groupCounter, historyMessages, historyProblems, historyShape, lastEventRowid, type HistoryShape } from '../../../core/authority/history';
import { eventIdsAt, orphanReceiptsAt, receiptFindings, receiptFindingsFor, receiptMarks, receiptProblems, type ReceiptFinding } from '../../../core/authority/inspect';
import type { EventRecord } from '../../../core/authority/outcomes';
import { msg } from '../../../core/message';
import type { Invariant, ModelContext, Violation } from '../../model';
import { groupOf } from './view';

const ALL = 1_000_000;
const events = (ctx: ModelContext) => eventsAfter(ctx.store('authority'), groupOf(ctx), 0, ALL);

/** True when this step committed a write to the authority's database. */
const authorityCommitted = (ctx: ModelContext): boolean =>
  ctx.stepTransactions().some((tx) => tx.store === 'authority' && tx.outcome === 'commit' && Object.keys(tx.writes).length > 0);

/** What this step's committed transactions did to the authority's `tables`: nothing, only appends, or more. */
function authorityWrites(ctx: ModelContext, tables: readonly string[]): 'none' | 'inserts' | 'other' {
  let seen: 'none' | 'inserts' | 'other' = 'none';
  for (const tx of ctx.stepTransactions()) {
    if (tx.store !== 'authority' || tx.outcome !== 'commit') continue;
    for (const table of tables) {
      const w = tx.writes[table];
      if (!w) continue;
      if (w.update > 0 || w.delete > 0) return 'other';
      if (w.insert > 0) seen = 'inserts';
    }
  }
  return seen;
}

/**
 * The events after the mark in `memo`, moving the mark; null when this step changed or
 * removed events in place (the caller then starts over from the full history). Reading
 * from the mark rather than from this step's rowids also catches up a memo that starts
 * late (a World opened from cached post-setup images has no memo yet).
 */
function sinceMark(ctx: ModelContext, memo: { seq: number }): EventRecord[] | null {
  if (authorityWrites(ctx, ['events']) === 'other') return null;
  const fresh = eventsAfter(ctx.store('authority'), groupOf(ctx), memo.seq, ALL);
  if (fresh.length > 0) memo.seq = fresh[fresh.length - 1]!.seq;
  return fresh;
}

/** The rowids this step's committed transactions inserted into the authority's `table`. */
function insertedRowids(ctx: ModelContext, table: string): number[] {
  const out: number[] = [];
  for (const tx of ctx.stepTransactions()) {
    if (tx.store === 'authority' && tx.outcome === 'commit') out.push(...(tx.rowids[table]?.insert ?? []));
  }
  return out;
}

/**
 * A group's kept history shape moved to `counter` with the events `added` (inserted since):
 * the numbers 1 … counter with no event, and the events outside 1 … counter, worked out
 * from the old shape alone (an old event inside 1 … old counter is one not missing; one
 * outside it is in `beyond`), so the cost is the step's rows plus how far the counter moved.
 */
export function advanceShape(shape: HistoryShape, counter: number, added: readonly number[]): HistoryShape {
  const old = Math.max(shape.counter, 0);
  const isNew = new Set(added);
  const wasBeyond = new Set(shape.beyond);
  const wasMissing = new Set(shape.missing);
  const missing = shape.missing.filter((m) => m <= counter && !isNew.has(m));
  for (let s = old + 1; s <= counter; s++) if (!wasBeyond.has(s) && !isNew.has(s)) missing.push(s);
  const beyond = new Set([...shape.beyond, ...added].filter((s) => s < 1 || s > counter));
  for (let s = Math.max(counter, 0) + 1; s <= old; s++) if (!wasMissing.has(s)) beyond.add(s);
  return { counter, missing, beyond: [...beyond].sort((a, b) => a - b) };
}

interface HistoryMemo {
  /** Highest events rowid seen; -1 until the first full read. */
  rowid: number;
  shapes: Record<string, HistoryShape>;
}

/**
 * AUTH-1's step form: a shape per group (counter, missing numbers, events outside) kept in
 * the memo with the events rowid last seen. A step that only inserted events moves each
 * shape by the rows it inserted (and any after the mark, so a late memo catches up) and the
 * counter as it now reads — whatever the counter did, so a sequence bump and a broken
 * design's jump are judged alike. An event updated or deleted in place (L11's
 * erase-by-delete) starts over from the whole history; so does a group seen for the first time.
 */
export function historyStep(ctx: ModelContext, groups: readonly string[], advance = advanceShape): Violation[] {
  const store = ctx.store('authority');
  const memo = ctx.memo<HistoryMemo>('authority.AUTH-1', () => ({ rowid: -1, shapes: {} }));
  const words = () => groups.flatMap((group) => historyMessages(group, memo.shapes[group]!));
  const known = groups.every((group) => memo.shapes[group] !== undefined);
  if (memo.rowid >= 0 && known && authorityWrites(ctx, ['events', 'groups']) === 'none') return words();
  if (memo.rowid < 0 || authorityWrites(ctx, ['events']) === 'other') {
    memo.rowid = lastEventRowid(store);
    memo.shapes = Object.fromEntries(groups.map((group) => [group, historyShape(store, group)]));
    return words();
  }
  const fresh = eventSeqsAt(store, insertedRowids(ctx, 'events'), memo.rowid);
  const shapes: Record<string, HistoryShape> = {};
  for (const group of groups) {
    const kept = memo.shapes[group];
    shapes[group] = kept
      ? advance(kept, groupCounter(store, group), fresh.filter((e) => e.group === group).map((e) => e.seq))
      : historyShape(store, group);
  }
  memo.shapes = shapes; // a group no longer listed is dropped: were it listed again, it is read whole
  for (const e of fresh) memo.rowid = Math.max(memo.rowid, e.rowid);
  return words();
}

/**
 * AUTH-1, shared by every model with an authority: the history runs 1 … its sequence
 * counter with nothing removed. The accept path cannot break it; the L11 design that
 * deletes an event to erase it does (shown in projection.test.ts and the property test).
 */
export function historyInvariant(groups: (ctx: ModelContext) => string[]): Invariant {
  return {
    id: 'AUTH-1', statement: "Each group's history runs 1, 2, 3 … up to its sequence counter: no event removed or renumbered.", rule: 'MWP-EVT-005, MWP-MSN-009',
    check: (ctx) => groups(ctx).flatMap((group) => historyProblems(ctx.store('authority'), group)),
    checkStep: (ctx) => historyStep(ctx, groups(ctx)),
  };
}

interface ReceiptMemo {
  /** Highest rowids seen in events / receipts / outbox; null until the first full read. */
  marks: { events: number; receipts: number; outbox: number } | null;
  events: ReceiptFinding[];
  orphans: ReceiptFinding[];
}

/**
 * AUTH-2's step form: the findings so far (keyed by rowid) and the rowids last seen in
 * events, receipts and outbox, in the memo. A step that only inserted rows judges again just
 * the events it inserted and those its new receipts and outbox rows name (their counts read
 * by index), its new receipts for a missing event, and the kept orphan receipts against its
 * new events. An update or delete in any of the three tables starts over from the whole
 * history: from rowids alone the old value of a changed row is unknown, so which event lost
 * its receipt or outbox row cannot be told. (The feed marking outbox rows published is such
 * an update; AUTH-2 runs in L09/L12/L13, which have no feed, but a model that publishes
 * would read the whole history on each publishing step.) One difference from
 * the oracle's SQL, for a broken design only: an event with a NULL event_id makes the
 * oracle's NOT IN report no orphan receipt, the step form's NOT EXISTS still would.
 */
export function receiptStep(ctx: ModelContext, skip: { receipts?: boolean } = {}): Violation[] {
  const store = ctx.store('authority');
  const memo = ctx.memo<ReceiptMemo>('authority.AUTH-2', () => ({ marks: null, events: [], orphans: [] }));
  const words = () => [...memo.events, ...memo.orphans].map((f) => f.message);
  const writes = authorityWrites(ctx, ['events', 'receipts', 'outbox']);
  if (memo.marks && writes === 'none') return words();
  if (!memo.marks || writes === 'other') {
    const all = receiptFindings(store);
    memo.marks = receiptMarks(store);
    memo.events = all.events;
    memo.orphans = all.orphans;
    return words();
  }
  const marks = memo.marks;
  const newEvents = eventIdsAt(store, 'events', insertedRowids(ctx, 'events'), marks.events);
  const receiptRowids = skip.receipts ? [] : insertedRowids(ctx, 'receipts');
  const receiptMark = skip.receipts ? Number.MAX_SAFE_INTEGER : marks.receipts;
  const touched = new Set([...newEvents, ...eventIdsAt(store, 'receipts', receiptRowids, receiptMark), ...eventIdsAt(store, 'outbox', insertedRowids(ctx, 'outbox'), marks.outbox)]);
  const { found, present } = receiptFindingsFor(store, [...touched]);
  const byRowid = (a: ReceiptFinding, b: ReceiptFinding) => a.rowid - b.rowid;
  memo.events = [...memo.events.filter((f) => !touched.has(f.event)), ...found].sort(byRowid);
  const fresh = orphanReceiptsAt(store, receiptRowids, receiptMark);
  const freshRowids = new Set(fresh.map((f) => f.rowid));
  memo.orphans = [...memo.orphans.filter((f) => !present.has(f.event) && !freshRowids.has(f.rowid)), ...fresh].sort(byRowid);
  memo.marks = receiptMarks(store);
  return words();
}

const compareFold = (folded: AuthorityState, stored: AuthorityState): Violation[] =>
  JSON.stringify(folded) === JSON.stringify(stored) ? [] : [msg('violations.authority.state_differs')];

/** Epoch claims in event order, judged against the highest epoch seen for the item so far (`seen` is updated). */
function judgeClaims(list: readonly EventRecord[], seen: Record<string, number>): Violation[] {
  const out: Violation[] = [];
  for (const e of list) {
    if (e.kind !== 'work_item_claimed') continue;
    const item = String(e.payload.work_item);
    const epoch = Number(e.payload.epoch);
    if (epoch <= (seen[item] ?? 0)) out.push(msg('violations.authority.epoch_went_back', { item, epoch, before: seen[item] ?? 'undefined' }));
    seen[item] = epoch;
  }
  return out;
}

/**
 * The rules each shared property states in the authority labs (L09, L12). The same objects
 * run in the outage model without them: there the rules table would ask L13 for the broken
 * designs below, which only the authority model has. AUTH-1 names none here: no accept
 * design in these labs breaks the history's numbering (L11's erase-by-delete does, in the
 * projection model, whose copy states the rule).
 */
const AUTHORITY_RULES: Record<string, readonly string[]> = {
  'AUTH-2': ['MWP-EVT-005'], 'AUTH-3': ['MWP-EVT-005'], 'AUTH-4': ['MWP-WRK-019'],
};

/** The shared properties with the rules they state in the authority labs. */
export const authorityRuledInvariants = (): Invariant[] =>
  authorityInvariants.map((inv) => (AUTHORITY_RULES[inv.id] ? { ...inv, rules: AUTHORITY_RULES[inv.id] } : inv));

export const authorityInvariants: Invariant[] = [
  historyInvariant((ctx) => [groupOf(ctx)]),
  {
    id: 'AUTH-2', statement: 'Every event has exactly one receipt and one outbox row.', rule: 'MWP-EVT-005, MWP-EVT-003',
    check: (ctx) => receiptProblems(ctx.store('authority')),
    checkStep: (ctx) => receiptStep(ctx),
  },
  {
    id: 'AUTH-3', statement: 'The state tables equal the state folded from the events.', rule: 'SPEC §2, MWP-FND-023',
    check: (ctx) => compareFold(foldEvents(events(ctx)), readState(ctx.store('authority'))),
    checkStep(ctx, previous) {
      // The fold so far lives in the memo; a step folds only the events appended since.
      const memo = ctx.memo('authority.AUTH-3', () => ({ seq: -1, state: emptyState() }));
      if (memo.seq >= 0 && !authorityCommitted(ctx)) return [...previous];
      const fresh = memo.seq < 0 ? null : sinceMark(ctx, memo);
      if (fresh === null) {
        const all = events(ctx);
        memo.seq = all.length ? all[all.length - 1]!.seq : 0;
        memo.state = foldEvents(all);
      } else {
        for (const e of fresh) applyToState(memo.state, e);
      }
      return compareFold(memo.state, readState(ctx.store('authority')));
    },
  },
  {
    id: 'AUTH-4', statement: "A work item's ownership epoch only grows.", rule: 'MWP-WRK-019',
    check: (ctx) => judgeClaims(events(ctx), {}),
    checkStep(ctx) {
      // What was found so far lives in the memo with the mark, so judging one step twice
      // (an async model's continued step) neither loses nor repeats a violation.
      const memo = ctx.memo('authority.AUTH-4', () => ({ seq: -1, seen: {} as Record<string, number>, found: [] as Violation[] }));
      if (memo.seq >= 0 && !authorityCommitted(ctx)) return [...memo.found];
      const fresh = memo.seq < 0 ? null : sinceMark(ctx, memo);
      if (fresh === null) {
        const all = events(ctx);
        memo.seq = all.length ? all[all.length - 1]!.seq : 0;
        memo.seen = {};
        memo.found = judgeClaims(all, memo.seen);
      } else {
        memo.found.push(...judgeClaims(fresh, memo.seen));
      }
      return [...memo.found];
    },
  },
];
