/**
 * Stored names for LangGraph's checkpoint and task ids, so a worker database's bytes are
 * the same for the same seed and actions.
 *
 * LangGraph names a checkpoint with a uuid6 (wall clock + counter) and stamps it with the
 * wall-clock time; a task's id is a uuid5 of its checkpoint's id. LangGraph.js 1.7.3 has no
 * hook to supply either (`createCheckpoint` calls `uuid6` itself; the loop keeps the
 * checkpoint's own id and ignores what `put` returns). So the saver translates at its
 * border: it STORES a name from a per-World sequence (checkpoint n of the World is
 * `0000000n-0000-6000-8000-000000000000`, task n `0000000n-0000-5000-8000-…`; UUID-shaped
 * because LangGraph derives task ids from a checkpoint id as a UUID namespace, and
 * zero-padded hex so text order is sequence order, which is the creation order the
 * engine's time-ordered ids had) and HANDS BACK the engine's own id (and timestamp) on
 * every read. LangGraph never sees a stored name, so nothing it computes from ids changes:
 * a resumed run matches its saved pending writes to its tasks exactly as before.
 *
 * A name is given at the FIRST call that mentions an id (put or putWrites — LangGraph can
 * save a task's writes before its checkpoint's put runs), synchronously at call entry, so
 * the order is the engine's call order, which the World makes deterministic.
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
}

export function newIdTable(): CheckpointIdTable {
  return { next: { checkpoint: 0, task: 0 }, stored: {}, engine: {} };
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

/** Sequence names kept in `table` (see the module comment); timestamps from the virtual clock. */
export function sequenceNaming(table: CheckpointIdTable): CheckpointNaming {
  const name = (kind: 'checkpoint' | 'task', engineId: string): string => {
    const known = table.stored[engineId];
    if (known !== undefined) return known;
    table.next[kind] += 1;
    const stored = `${hex(table.next[kind], 8)}-0000-${kind === 'checkpoint' ? '6' : '5'}000-8000-000000000000`;
    table.stored[engineId] = stored;
    table.engine[stored] = { id: engineId };
    return stored;
  };
  return {
    checkpoint: (engineId) => name('checkpoint', engineId),
    task: (engineId) => name('task', engineId),
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
