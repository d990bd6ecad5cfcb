/**
 * A node's tables as a step left them, for the crash panel and slide: what the crashed
 * node's database kept. The open World is read at the cursor; another step is read from a
 * throwaway session replayed to it.
 */
import type { CheckpointRow } from '../core/workflow/threadView';
import type { World } from '../sim/world';
import { LabSession } from './session';

/** Rows shown per table. */
const MAX_ROWS = 6;

/** A table's first rows as stored, or — for LangGraph's checkpoint table — its checkpoints as readable rows. */
export interface TableRows { table: string; columns: string[]; rows: unknown[][]; total: number; checkpoints?: CheckpointRow[] }

/**
 * The node's tables as they stood right after the crash step. At the crash step itself the
 * open World is that state; later, a throwaway session replays up to the crash step.
 */
export async function keptRows(session: LabSession, node: string, crashStep: number): Promise<TableRows[]> {
  const snapshot = session.snapshot;
  // A session closed meanwhile (the learner left the lab) has nothing to show, as a replay that fails.
  if (snapshot.cursor === crashStep) return session.read((world) => readTables(world, node)).catch(() => []);
  let scratch: LabSession;
  try {
    scratch = (await LabSession.open(session.lab, { ...snapshot, cursor: crashStep })).session;
  } catch {
    return [];
  }
  try {
    return readTables(scratch.current, node);
  } finally {
    scratch.dispose();
  }
}

/** Each table of `node`'s database: its first rows, or LangGraph's checkpoints as readable rows. */
export function readTables(world: World, node: string): TableRows[] {
  try {
    const store = world.store(node);
    // The checkpoint table's cells are whole serialized checkpoints: the model reads them into rows instead.
    const readable = world.engineCheckpoints(node);
    return store.tables().map((table) => {
      if (readable?.table === table) return { table, columns: [], rows: [], total: readable.rows.length, checkpoints: readable.rows.slice(0, MAX_ROWS) };
      const result = store.readOnlyQuery(`SELECT * FROM "${table}"`);
      if (!result.ok) return { table, columns: [], rows: [], total: 0 };
      return { table, columns: result.columns, rows: result.rows.slice(0, MAX_ROWS), total: result.rows.length };
    });
  } catch {
    return [];
  }
}
