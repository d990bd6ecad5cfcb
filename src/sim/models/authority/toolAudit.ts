/**
 * L12's audit of the external tool (TOOL-1, TOOL-2): every call in the tool's log judged
 * against the authority's history at the moment it was made — the events up to the
 * sequence the log records, folded with the same reducer as the state tables. The judge
 * never trusts what the caller believed (its lease, its epoch, its key): it reads who held
 * the item then, and at which ownership epoch.
 */
import { eventsAfter } from '../../../core/authority/accept';
import { applyToState, emptyState } from '../../../core/authority/fold';
import { toolCalls } from '../../../core/authority/tool';
import { msg } from '../../../core/message';
import type { Invariant, ModelContext, Violation } from '../../model';
import { groupOf } from './view';

export interface ToolFindings {
  /** Calls made without the item's current, unexpired lease (MWP-WRK-013 / -014). */
  withoutLease: Violation[];
  /** Effects performed more than once for one attempt: one item at one ownership epoch (MWP-WRK-018). */
  twice: Violation[];
}

export function toolFindings(ctx: ModelContext): ToolFindings {
  const events = eventsAfter(ctx.store('authority'), groupOf(ctx), 0, 1_000_000);
  const state = emptyState();
  let next = 0;
  const performed = new Map<string, string[]>();
  const out: ToolFindings = { withoutLease: [], twice: [] };
  for (const call of toolCalls(ctx.store('tool'))) {
    while (next < events.length && events[next]!.seq <= call.authoritySeq) applyToState(state, events[next++]!);
    const w = state.workItems[call.workItem];
    // checkLease's rule: a lease is current until (not at) its end time.
    const held = w !== undefined && w.status === 'running' && w.owner === call.actor && w.leaseUntil !== null && call.at < w.leaseUntil;
    if (!held) {
      out.withoutLease.push(msg('violations.authority.tool_without_lease', {
        actor: call.actor, item: call.workItem, at: call.at, status: w?.status ?? 'missing', owner: w?.owner ?? '–',
      }));
    }
    if (!call.performed) continue;
    const attempt = `${call.workItem}@${w?.epoch ?? 0}`;
    const keys = [...(performed.get(attempt) ?? []), call.attemptKey];
    performed.set(attempt, keys);
    if (keys.length > 1) out.twice.push(msg('violations.authority.attempt_twice', { item: call.workItem, epoch: w?.epoch ?? 0, count: keys.length, keys: keys.join(', ') }));
  }
  return out;
}

/** True when this step called the tool (the only writes to its store). */
const toolCalled = (ctx: ModelContext): boolean =>
  ctx.stepTransactions().some((tx) => tx.store === 'tool' && tx.outcome === 'commit');

/**
 * The two properties. A step that called no tool leaves them as they were: a call is
 * judged once, against the history up to it, and nothing later changes that history.
 */
export const toolInvariants: Invariant[] = [
  {
    id: 'TOOL-1', statement: "An agent calls the external tool only while it holds the work item's current, unexpired lease.",
    rule: 'MWP-WRK-013, MWP-WRK-014', rules: ['MWP-WRK-013', 'MWP-WRK-014'],
    check: (ctx) => toolFindings(ctx).withoutLease,
    checkStep: (ctx, previous) => (toolCalled(ctx) ? toolFindings(ctx).withoutLease : [...previous]),
  },
  {
    id: 'TOOL-2', statement: "One attempt — a work item at one ownership epoch — has its external effect performed at most once, however often it is retried or resumed.",
    rule: 'MWP-WRK-018', rules: ['MWP-WRK-018'],
    check: (ctx) => toolFindings(ctx).twice,
    checkStep: (ctx, previous) => (toolCalled(ctx) ? toolFindings(ctx).twice : [...previous]),
  },
];
