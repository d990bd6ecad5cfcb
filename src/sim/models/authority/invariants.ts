/**
 * L09 / L12 invariants (also L13's, through the outage model), over the authority's
 * database. `check` reads the whole history (the test oracle); `checkStep` looks again
 * only when this step committed writes to the tables a check reads, and AUTH-3 / AUTH-4
 * fold only the events appended since the last step they saw (a high-water mark kept in
 * `ctx.memo`, so undo and fork carry it). Agreement on random schedules: invariants.test.ts.
 */
import { eventsAfter } from '../../../core/authority/accept';
import { applyToState, emptyState, foldEvents, readState, type AuthorityState } from '../../../core/authority/fold';
import { historyProblems } from '../../../core/authority/history';
import { receiptProblems } from '../../../core/authority/inspect';
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

/** A check re-run only on steps that wrote one of `tables` (a table nobody wrote reads the same). */
function onWrites(tables: readonly string[], check: Invariant['check']): NonNullable<Invariant['checkStep']> {
  return (ctx, previous) => (authorityWrites(ctx, tables) === 'none' ? [...previous] : check(ctx));
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

/**
 * AUTH-1, shared by every model with an authority: the history runs 1 … its sequence
 * counter with nothing removed. The accept path cannot break it; the L11 design that
 * deletes an event to erase it does (shown in projection.test.ts and the property test).
 */
export function historyInvariant(groups: (ctx: ModelContext) => string[]): Invariant {
  const check = (ctx: ModelContext) => groups(ctx).flatMap((group) => historyProblems(ctx.store('authority'), group));
  return {
    id: 'AUTH-1', statement: "Each group's history runs 1, 2, 3 … up to its sequence counter: no event removed or renumbered.", rule: 'MWP-EVT-005, MWP-MSN-009',
    check,
    checkStep: onWrites(['events', 'groups'], check),
  };
}

const receiptsCheck = (ctx: ModelContext) => receiptProblems(ctx.store('authority'));

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

export const authorityInvariants: Invariant[] = [
  historyInvariant((ctx) => [groupOf(ctx)]),
  {
    id: 'AUTH-2', statement: 'Every event has exactly one receipt and one outbox row.', rule: 'MWP-EVT-005, MWP-EVT-003',
    check: receiptsCheck,
    checkStep: onWrites(['events', 'receipts', 'outbox'], receiptsCheck),
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
