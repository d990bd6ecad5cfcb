/**
 * The view's `work_items` (each work item's status, per group) kept in `ctx.memo` instead
 * of read from every projection row at every observe (3,000 steps into L10: ~1,000 rows,
 * 2-4 ms per observe). `trackWorkItems` (the model's `track`, after every step) re-reads
 * only the work-item rows the step inserted or updated (the update hook's rowids), and a
 * group's whole list when the step deleted projection rows (a rebuild, a snapshot restore:
 * a deleted row's rowid no longer says which row it was) or the group is new to the memo.
 * view.test.ts compares it with the full read after every move of random schedules.
 */
import { projectionRowsAt, workItemStatus, workItemStatuses } from '../../../core/worker/inspect';
import type { MemoCopy, ModelContext } from '../../model';
import { groupsOf, WORKER } from './nodes';

/**
 * Group → work item → status. Each group's record is never changed in place — a step
 * that changes it puts a new one — so a checkpoint shares them (WORK_ITEMS_COPY: one
 * pointer per group, where a structuredClone of 1,000 entries took ~0.5 ms) and observe
 * hands them out as they are.
 */
type WorkItemsMemo = Record<string, Readonly<Record<string, string>>>;

const MEMO = 'view.work_items';
const WORK_ITEMS_COPY: MemoCopy<WorkItemsMemo> = { save: (memo) => ({ ...memo }), load: (saved) => ({ ...(saved as WorkItemsMemo) }) };

/**
 * Brings the kept statuses up to date after a step. Idempotent (it may run twice for one
 * step). `onDelete: 'reread'` re-reads after deletes; 'ignore' is a broken variant for a test.
 */
export function trackWorkItems(ctx: ModelContext, onDelete: 'reread' | 'ignore' = 'reread'): void {
  const memo = ctx.memo<WorkItemsMemo>(MEMO, () => ({}), WORK_ITEMS_COPY);
  const worker = ctx.store(WORKER);
  const committed = ctx.stepTransactions().filter((tx) => tx.outcome === 'commit' && tx.store === WORKER && tx.writes.projection_rows);
  const everything = onDelete === 'reread' && committed.some((tx) => tx.writes.projection_rows!.delete > 0);
  for (const { group } of groupsOf(ctx)) if (everything || !memo[group]) memo[group] = workItemStatuses(worker, group);
  if (everything) return;
  const rowids = committed.flatMap((tx) => (tx.rowids.projection_rows ? [...tx.rowids.projection_rows.insert, ...tx.rowids.projection_rows.update] : []));
  const changed = new Map<string, Record<string, string>>();
  for (const row of projectionRowsAt(worker, [...new Set(rowids)])) {
    if (row.kind !== 'workItems' || !memo[row.group]) continue;
    const status = workItemStatus(worker, row.group, row.id);
    const kept = memo[row.group]!;
    if (status === null || kept[row.id] === status) continue;
    let next = changed.get(row.group);
    if (!next) changed.set(row.group, (next = { ...kept }));
    next[row.id] = status;
  }
  // A new work item goes to its place in id order (W10 before W9, as the full read lists them).
  for (const [group, next] of changed) memo[group] = Object.keys(next).length > Object.keys(memo[group]!).length ? inIdOrder(next) : next;
}

/** The entries in id order, as the full read lists them (SQLite's BINARY order; ids are ASCII). */
function inIdOrder(statuses: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(statuses).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** A group's kept statuses (never changed in place), or the full read when none is kept. */
export function workItems(ctx: ModelContext, group: string): Readonly<Record<string, string>> {
  return ctx.memo<WorkItemsMemo>(MEMO, () => ({}), WORK_ITEMS_COPY)[group] ?? workItemStatuses(ctx.store(WORKER), group);
}
