/**
 * Incremental invariants by the tables they read: a check's verdict is a function of the
 * rows it reads, so on a step that committed no write to any of those tables the previous
 * step's verdict still holds and nothing is read again. The tables written come from the
 * update hook (`ctx.stepTransactions()`: per store, per table, committed or rolled back).
 * Used by the projection (L10, L11) and outage (L13) models; agreement with the
 * full-history `check` on random schedules is tested in each model's oracle test.
 *
 * The table list must name EVERY table the check (and the helpers it calls) reads; a
 * missing one makes the step oracle keep a stale verdict, which the agreement test catches
 * (it is shown failing with a list that leaves one out).
 */
import type { Invariant, ModelContext } from '../../model';

/** The tables a check reads, per node. */
export type TablesRead = Readonly<Record<string, readonly string[]>>;

/** True when this step committed a write (insert, update or delete) to one of the tables in `reads`. */
export function wroteAny(ctx: ModelContext, reads: TablesRead): boolean {
  for (const tx of ctx.stepTransactions()) {
    if (tx.outcome !== 'commit') continue;
    const tables = reads[tx.store];
    if (tables && tables.some((table) => tx.writes[table] !== undefined)) return true;
  }
  return false;
}

/** `check` with a `checkStep` that re-runs it only on steps that wrote a table it reads. */
export function rerunOnWrites(reads: TablesRead, check: Invariant['check']): Pick<Invariant, 'check' | 'checkStep'> {
  return { check, checkStep: (ctx, previous) => (wroteAny(ctx, reads) ? check(ctx) : [...previous]) };
}
