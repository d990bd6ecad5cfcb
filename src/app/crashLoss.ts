/**
 * What a crash lost, read from the trace alone (the crash panel's "lost" column; the "kept"
 * column reads the node's database and stays in the panel).
 *
 * A node's memory is not only its open transaction: a model may keep a node's in-process
 * state in a store of its own (a node spec with `memoryOf`, e.g. L05's `A_memory`, the
 * worker's in-memory checkpointer), and empty it in the step the owner crashes. Those rows
 * were in memory too, so they count as lost — with the rows the crash step's committed
 * transactions removed from that store, table by table — and a transaction that rolled
 * back there is the crashed node's unfinished work like one on its own store.
 */
import type { TxRecord } from '../core/db/store';
import type { NodeSpec } from '../sim/model';
import type { TraceEntry } from '../sim/world';

/** The latest crash in a trace, its restart (if any yet) and the frames to the node that died. */
export interface CrashAt {
  crash: TraceEntry;
  restart: TraceEntry | null;
  lostFrames: TraceEntry['dropped'];
}

/** The crash to show: the latest one at or before the cursor, and its restart if any. */
export function latestCrash(trace: readonly TraceEntry[]): CrashAt | null {
  for (let i = trace.length - 1; i >= 0; i--) {
    const crash = trace[i]!;
    if (!crash.crash) continue;
    const node = crash.crash.node;
    let restart: TraceEntry | null = null;
    const lostFrames: TraceEntry['dropped'] = [];
    for (let j = i; j < trace.length; j++) {
      const entry = trace[j]!;
      const action = entry.action as { type?: string; node?: string } | null;
      if (entry !== crash && action?.type === 'restart' && action.node === node) { restart = entry; break; }
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
  /** Rolled-back transactions on the crashed node's store or on one of its memory stores. */
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
  const rolledBack = crash.transactions.filter((t) => t.outcome === 'rollback' && (t.store === node || memoryStores.includes(t.store)));
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
