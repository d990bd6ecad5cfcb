/**
 * Stored names for LangGraph's checkpoint and task ids, so a worker database's bytes are
 * the same for the same seed and actions.
 *
 * LangGraph names a checkpoint with a uuid6 (wall clock + counter) and stamps it with the
 * wall-clock time; a task's id is a uuid5 of its checkpoint's id. LangGraph.js 1.7.3 has no
 * hook to supply either (`createCheckpoint` calls `uuid6` itself; the loop keeps the
 * checkpoint's own id and ignores what `put` returns). So the saver translates at its
 * border: it STORES a name that depends only on the order of calls (which the World makes
 * deterministic) and HANDS BACK the engine's own id (and timestamp) on every read. LangGraph
 * never sees a stored name, so nothing it computes from ids changes: a resumed run matches
 * its saved pending writes to its tasks exactly as before.
 *
 * Names are UUID-shaped (LangGraph derives task ids from a checkpoint id as a UUID
 * namespace). A task is named by a sequence (task n: `0000000n-0000-5000-8000-…`). A
 * checkpoint name must also keep the ORDER of the engine's ids, which are time-ordered and
 * which "latest", `list` and `before` sort by: the checkpoint a new id follows gets
 * `0000000n-0000-6000-8000-000000000000`; an id first seen AFTER a later one (a run that
 * stalled with an unsaved checkpoint while another worker saved newer ones) gets a name
 * between its neighbours' — fixed-width hex, so text order is the engine's order.
 *
 * A name is given at the FIRST call that mentions an id (put or putWrites — LangGraph can
 * save a task's writes before its checkpoint's put runs), synchronously at call entry.
 *
 * The table is plain data: the workflow model keeps it in `ctx.memo`, so the World
 * checkpoints and restores it together with the databases. It is simulator bookkeeping, not
 * worker state: a real worker would store the engine's ids as they are.
 */

export interface CheckpointIdTable {
  /** Names handed out so far, per kind. */
  next: { checkpoint: number; task: number };
  /** Engine id → stored name. */
  stored: Record<string, string>;
  /** Stored name → the engine's id and (checkpoints only) its timestamp. */
  engine: Record<string, { id: string; ts?: string }>;
  /** The engine's checkpoint ids named so far, in their own (text) order. */
  checkpointOrder: string[];
}

export function newIdTable(): CheckpointIdTable {
  return { next: { checkpoint: 0, task: 0 }, stored: {}, engine: {}, checkpointOrder: [] };
}

/** How a saver names ids in its tables. */
export interface CheckpointNaming {
  /** The stored name of an engine checkpoint id, giving it the next one if it has none. */
  checkpoint(engineId: string): string;
  /** The stored name of an engine task id, giving it the next one if it has none. */
  task(engineId: string): string;
  /** The timestamp to store for a checkpoint (remembering the engine's own, to hand back). */
  stamp(storedId: string, engineTs: string, virtualTs: string): string;
  /** The stored name to look up for an id the engine passes in (unknown ids pass unchanged). */
  lookup(engineId: string): string;
  /** The engine's id for a stored name (a name not in the table is handed out as it is). */
  engineId(storedId: string): string;
  /** The engine's timestamp for a stored checkpoint, or the stored one. */
  engineTs(storedId: string, storedTs: string): string;
}

/** Stores the engine's ids and timestamps as they are (LangGraph's conformance suite, plain use). */
export const engineNaming: CheckpointNaming = {
  checkpoint: (id) => id,
  task: (id) => id,
  stamp: (_id, engineTs) => engineTs,
  lookup: (id) => id,
  engineId: (id) => id,
  engineTs: (_id, ts) => ts,
};

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/** A checkpoint name is an 80-bit rank: the sequence in its top 32 bits, room to insert below it in the other 48. */
const LOW_BITS = 48n;
function rankName(rank: bigint): string {
  const h = rank.toString(16).padStart(20, '0');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-6${h.slice(12, 15)}-8${h.slice(15, 18)}-${h.slice(18, 20)}0000000000`;
}
function nameRank(name: string): bigint {
  const h = name.replace(/-/g, '');
  return BigInt(`0x${h.slice(0, 12)}${h.slice(13, 16)}${h.slice(17, 22)}`);
}

/** Sequence names kept in `table` (see the module comment); timestamps from the virtual clock. */
export function sequenceNaming(table: CheckpointIdTable): CheckpointNaming {
  const remember = (engineId: string, stored: string): string => {
    table.stored[engineId] = stored;
    table.engine[stored] = { id: engineId };
    return stored;
  };
  const task = (engineId: string): string => {
    const known = table.stored[engineId];
    if (known !== undefined) return known;
    table.next.task += 1;
    return remember(engineId, `${hex(table.next.task, 8)}-0000-5000-8000-000000000000`);
  };
  const checkpoint = (engineId: string): string => {
    const known = table.stored[engineId];
    if (known !== undefined) return known;
    const order = table.checkpointOrder;
    let at = order.length;
    while (at > 0 && order[at - 1]! > engineId) at -= 1;
    const below = at > 0 ? nameRank(table.stored[order[at - 1]!]!) : null;
    const above = at < order.length ? nameRank(table.stored[order[at]!]!) : null;
    let rank: bigint;
    if (above === null) {
      table.next.checkpoint += 1;
      rank = BigInt(table.next.checkpoint) << LOW_BITS;
    } else {
      rank = ((below ?? 0n) + above) / 2n;
      if (rank === below || rank === above) throw new Error('checkpointIds: no name left between two checkpoints');
    }
    order.splice(at, 0, engineId);
    return remember(engineId, rankName(rank));
  };
  return {
    checkpoint,
    task,
    stamp: (storedId, engineTs, virtualTs) => {
      const entry = table.engine[storedId];
      if (entry) entry.ts = engineTs;
      return virtualTs;
    },
    lookup: (engineId) => table.stored[engineId] ?? engineId,
    engineId: (storedId) => table.engine[storedId]?.id ?? storedId,
    engineTs: (storedId, storedTs) => table.engine[storedId]?.ts ?? storedTs,
  };
}
