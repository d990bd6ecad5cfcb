/**
 * L09 invariants, checked after every step over the authority's database.
 */
import { eventsAfter } from '../../../core/authority/accept';
import { foldEvents, readState } from '../../../core/authority/fold';
import { historyProblems } from '../../../core/authority/history';
import { receiptProblems } from '../../../core/authority/inspect';
import type { Invariant, ModelContext } from '../../model';
import { groupOf } from './view';

const events = (ctx: ModelContext) => eventsAfter(ctx.store('authority'), groupOf(ctx), 0, 100_000);

/**
 * AUTH-1, shared by every model with an authority: the history runs 1 … its sequence
 * counter with nothing removed. The accept path cannot break it; the L11 design that
 * deletes an event to erase it does (shown in projection.test.ts and the property test).
 */
export function historyInvariant(groups: (ctx: ModelContext) => string[]): Invariant {
  return {
    id: 'AUTH-1', statement: "Each group's history runs 1, 2, 3 … up to its sequence counter: no event removed or renumbered.", rule: 'MWP-EVT-005, MWP-MSN-009',
    check: (ctx) => groups(ctx).flatMap((group) => historyProblems(ctx.store('authority'), group)),
  };
}

export const authorityInvariants: Invariant[] = [
  historyInvariant((ctx) => [groupOf(ctx)]),
  {
    id: 'AUTH-2', statement: 'Every event has exactly one receipt and one outbox row.', rule: 'MWP-EVT-005, MWP-EVT-003',
    check: (ctx) => receiptProblems(ctx.store('authority')),
  },
  {
    id: 'AUTH-3', statement: 'The state tables equal the state folded from the events.', rule: 'SPEC §2, MWP-FND-023',
    check: (ctx) => {
      const folded = JSON.stringify(foldEvents(events(ctx)));
      const stored = JSON.stringify(readState(ctx.store('authority')));
      return folded === stored ? [] : ['state tables differ from the fold of the events'];
    },
  },
  {
    id: 'AUTH-4', statement: "A work item's ownership epoch only grows.", rule: 'MWP-WRK-019',
    check: (ctx) => {
      const seen = new Map<string, number>();
      const out: string[] = [];
      for (const e of events(ctx)) {
        if (e.kind !== 'work_item_claimed') continue;
        const item = String(e.payload.work_item);
        const epoch = Number(e.payload.epoch);
        if (epoch <= (seen.get(item) ?? 0)) out.push(`${item} claimed at epoch ${epoch} after epoch ${seen.get(item)}`);
        seen.set(item, epoch);
      }
      return out;
    },
  },
];
