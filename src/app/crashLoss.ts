/**
 * What a crash lost, read from the trace alone (the crash panel's "lost" column; the "kept"
 * column reads the node's database and stays in the panel).
 *
 * Every transaction that rolled back in the crash step is work the crash cut short, wherever
 * it was writing: a worker can hold a transaction open in another node's database (L04's
 * worker-1 writes `shop.refund_local` into the shop's), and the crash is the only thing that
 * rolls a transaction back (Store.tx rolls back when its body throws, and a throw other than
 * the crash signal fails the whole step). The scenarios, exercises and lab actions of every
 * lab were run to check it: each rolled-back transaction sits in a step with a crash.
 *
 * A node's memory is not only its open transaction: a model may keep a node's in-process
 * state in a store of its own (a node spec with `memoryOf`, e.g. L05's `A_memory`, the
 * worker's in-memory checkpointer), and empty it in the step the owner crashes. Those rows
 * were in memory too, so they count as lost — with the rows the crash step's committed
 * transactions removed from that store, table by table.
 */
import type { TxRecord } from '../core/db/store';
import type { NodeSpec } from '../sim/model';
import type { TraceEntry } from '../sim/world';

/**
 * A restart and what recovery did after it. A restart is its own step (a `restart` action)
 * or happens inside the crash step itself: a model may crash a node and restart it in one
 * action (the refund model's crash_before_commit / crash_after_commit), and the World then
 * notes `world.restarted` after `world.crashed` in that entry.
 */
export interface Recovery {
  /** The step the node restarted in. */
  index: number;
  /** True when the node restarted inside the crash step. */
  inCrashStep: boolean;
  /**
   * The recovery's transactions and frames: in the crash step, those after the World's
   * restart mark (`TraceEntry.restarts`), the rest being what ran before the crash.
   */
  transactions: TxRecord[];
  sent: TraceEntry['sent'];
  /** From the restart note on. */
  notes: TraceEntry['notes'];
}

/** The latest crash in a trace, its restart (if any yet) and the frames to the node that died. */
export interface CrashAt {
  crash: TraceEntry;
  restart: Recovery | null;
  lostFrames: TraceEntry['dropped'];
}

const asMessage = (note: TraceEntry['notes'][number]) => (typeof note === 'string' ? null : note);

/** Where in `entry.notes` node `node` restarted after it crashed in that entry, or -1. */
export function restartNoteInCrashStep(entry: TraceEntry, node: string): number {
  if (entry.crash?.node !== node) return -1;
  const isFor = (key: string) => (note: TraceEntry['notes'][number]) => {
    const m = asMessage(note);
    return m?.key === key && (m.params as { node?: unknown } | undefined)?.node === node;
  };
  const crashed = entry.notes.findIndex(isFor('world.crashed'));
  if (crashed < 0) return -1;
  const restarted = entry.notes.slice(crashed + 1).findIndex(isFor('world.restarted'));
  return restarted < 0 ? -1 : crashed + 1 + restarted;
}

/** The crash to show: the latest one at or before the cursor, and its restart if any. */
export function latestCrash(trace: readonly TraceEntry[]): CrashAt | null {
  for (let i = trace.length - 1; i >= 0; i--) {
    const crash = trace[i]!;
    if (!crash.crash) continue;
    const node = crash.crash.node;
    let restart: Recovery | null = null;
    const lostFrames: TraceEntry['dropped'] = [];
    const inStep = restartNoteInCrashStep(crash, node);
    if (inStep >= 0) {
      // The World's mark for this restart (the one whose note this is): it splits the step's
      // transactions and frames at the restart. A hand-made trace may carry notes only.
      const mark = crash.restarts?.find((r) => r.node === node && r.notes === inStep);
      restart = {
        index: crash.index, inCrashStep: true, notes: crash.notes.slice(inStep),
        transactions: mark ? crash.transactions.slice(mark.transactions) : [], sent: mark ? crash.sent.slice(mark.sent) : [],
      };
      for (const frame of crash.dropped) if (frame.to === node) lostFrames.push(frame);
      return { crash, restart, lostFrames };
    }
    for (let j = i; j < trace.length; j++) {
      const entry = trace[j]!;
      const action = entry.action as { type?: string; node?: string } | null;
      if (entry !== crash && action?.type === 'restart' && action.node === node) {
        restart = { index: entry.index, inCrashStep: false, transactions: entry.transactions, sent: entry.sent, notes: entry.notes };
        break;
      }
      for (const frame of entry.dropped) if (frame.to === node) lostFrames.push(frame);
    }
    return { crash, restart, lostFrames };
  }
  return null;
}

/** A memory store of the crashed node and the rows the crash step removed from it, per table. */
export interface MemoryLoss {
  store: string;
  tables: { table: string; rows: number }[];
}

export interface CrashLoss {
  /** Every transaction that rolled back in the crash step, on whichever store. */
  rolledBack: TxRecord[];
  /** One entry per memory store the crash step committed to (tables: those with deletes). */
  memory: MemoryLoss[];
}

/** The stores that hold `node`'s process memory (node specs with `memoryOf: node`). */
export function memoryStoresOf(nodes: readonly Pick<NodeSpec, 'id' | 'memoryOf'>[], node: string): string[] {
  return nodes.filter((n) => n.memoryOf === node).map((n) => n.id);
}

/** What the crash at `crash` (a trace entry with `crash` set) lost, given the model's node specs. */
export function crashLoss(crash: TraceEntry, nodes: readonly Pick<NodeSpec, 'id' | 'memoryOf'>[]): CrashLoss {
  if (!crash.crash) return { rolledBack: [], memory: [] };
  const node = crash.crash.node;
  const memoryStores = memoryStoresOf(nodes, node);
  const rolledBack = crash.transactions.filter((t) => t.outcome === 'rollback');
  const memory: MemoryLoss[] = [];
  for (const store of memoryStores) {
    const committed = crash.transactions.filter((t) => t.store === store && t.outcome === 'commit');
    if (committed.length === 0) continue;
    // Summed over the step: rows a transaction of this same step inserted and the wipe then
    // removed were in memory at the crash as well.
    const removed = new Map<string, number>();
    for (const t of committed) {
      for (const [table, w] of Object.entries(t.writes)) if (w.delete > 0) removed.set(table, (removed.get(table) ?? 0) + w.delete);
    }
    memory.push({ store, tables: [...removed].map(([table, rows]) => ({ table, rows })) });
  }
  return { rolledBack, memory };
}
