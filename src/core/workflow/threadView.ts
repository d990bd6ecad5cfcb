/**
 * Where the LangGraph run stands, as plain data for the lab's graph view and crash panel.
 *
 * Three sources, none of them a copy kept by hand:
 * - the graph's shape is LangGraph's own description of the compiled graph
 *   (`getGraphAsync()`, turned into ids and edges by `describeGraph`), with the compiled
 *   graph's static breakpoints (`interruptBefore`);
 * - the position (`next`, the tasks of the coming super-step) is LangGraph's `getState()`,
 *   read after every job by the workflow model (refundWorkflow.ts `readThread`);
 * - the checkpoint trail is read here from the saver's tables (`lg_checkpoint`,
 *   `lg_write`): which node's super-step each checkpoint follows (the nodes whose
 *   `versions_seen` moved since its parent), which state channels it changed (versions that
 *   moved), and the pending writes stored on it.
 *
 * This module is light (no LangGraph import): the synchronous presenter and the app read it.
 */
import type { Store } from '../db/store';

export const START_NODE = '__start__';
export const END_NODE = '__end__';

export interface GraphEdge {
  from: string;
  to: string;
  /** A conditional edge (a routing function's possible destination). */
  conditional: boolean;
}

/** A compiled graph as LangGraph describes it: node ids (with `__start__` / `__end__`), edges, breakpoints. */
export interface GraphShape {
  nodes: string[];
  edges: GraphEdge[];
  /** Nodes the compiled graph stops before (`interruptBefore`). */
  breakpoints: string[];
}

/** The part of @langchain/core's `Graph` (runnables/graph) read here. */
export interface DrawableGraph {
  nodes: Record<string, { id: string }>;
  edges: { source: string; target: string; conditional?: boolean }[];
}

/** LangGraph's drawable graph → plain data, in LangGraph's own order. */
export function describeGraph(drawn: DrawableGraph, breakpoints: readonly string[]): GraphShape {
  return {
    nodes: Object.values(drawn.nodes).map((n) => n.id),
    edges: drawn.edges.map((e) => ({ from: e.source, to: e.target, conditional: e.conditional === true })),
    breakpoints: [...breakpoints],
  };
}

/** What `getState()` said after the latest job (task names only: LangGraph's task ids are wall-clock names). */
export interface ThreadPosition {
  /** The compiled graph the reader built (null before any job compiled one). */
  graph: GraphShape | null;
  /** `getState().next`: tasks of the coming super-step that have not saved writes yet. */
  next: string[];
  /** Every task of the coming super-step (`getState().tasks`). */
  tasks: string[];
  /** Tasks of the coming super-step whose latest attempt saved an error. */
  failed: string[];
}

export function noPosition(): ThreadPosition {
  return { graph: null, next: [], tasks: [], failed: [] };
}

/** One saved checkpoint, readable. */
export interface CheckpointRow {
  /** The stored id (a sequence name in the lab, checkpointIds.ts). */
  id: string;
  /** `#3` for the third checkpoint (`#3+` for one named between #3 and #4); other ids: their first 8 characters. */
  short: string;
  parent: string | null;
  /** LangGraph's metadata: the super-step (-1 for the input) and why it was saved (`input`, `loop`, `update`, `fork`). */
  step: number | null;
  source: string | null;
  /** Nodes whose super-step this checkpoint follows (their `versions_seen` moved since the parent). */
  after: string[];
  /** State channels whose value changed since the parent (internal `branch:` / `__` channels left out). */
  changed: string[];
  /** Pending writes stored on this checkpoint: tasks of the next super-step that finished (or failed) before it. */
  writes: number;
  /** Nodes with writes saved on it. */
  writers: string[];
  /** Nodes whose only write on it is an error. */
  failed: string[];
  savedAt: number;
}

type Versions = Record<string, unknown>;
interface Saved { channel_versions?: Versions; versions_seen?: Record<string, Versions> }

const SEQUENCE = /^([0-9a-f]{8})-([0-9a-f]{4})-6([0-9a-f]{3})-8([0-9a-f]{3})-([0-9a-f]{2})0{10}$/;

/** A checkpoint id a person can read and compare: the sequence number of the saver's names. */
export function shortCheckpointId(id: string): string {
  const m = SEQUENCE.exec(id);
  if (!m) return id.slice(0, 8);
  const n = parseInt(m[1]!, 16);
  return /^0+$/.test(m.slice(2).join('')) ? `#${n}` : `#${n}+`;
}

function parsed<T>(type: unknown, value: unknown): T | null {
  if (type !== 'json' || typeof value !== 'string') return null;
  try {
    return JSON.parse(value) as T;
  } catch {
    return null;
  }
}

/** LangGraph's own entries in `versions_seen` that are no node of the graph (`__input__`, `__interrupt__`). */
const marker = (node: string) => node.startsWith('__') && node !== START_NODE;
const internal = (channel: string) => channel.startsWith('branch:') || channel.startsWith('__');
/** A task path ends with the node's name (`~__pregel_pull, draft_note`). */
const nodeOf = (taskPath: unknown) => String(taskPath).split(', ').pop() ?? '';
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The checkpoints saved in `store` (the root namespace), oldest first, readable. */
export function checkpointRows(store: Store): CheckpointRow[] {
  const writes = new Map<string, { node: string; error: boolean }[]>();
  for (const w of store.all("SELECT checkpoint_id, task_path, channel FROM lg_write WHERE checkpoint_ns = '' ORDER BY checkpoint_id, task_id, idx")) {
    const id = String(w.checkpoint_id);
    writes.set(id, [...(writes.get(id) ?? []), { node: nodeOf(w.task_path), error: w.channel === '__error__' }]);
  }
  const rows = store.all("SELECT checkpoint_id, parent_checkpoint_id, type, checkpoint, metadata_type, metadata, saved_at FROM lg_checkpoint WHERE checkpoint_ns = '' ORDER BY checkpoint_id");
  const byId = new Map(rows.map((r) => [String(r.checkpoint_id), parsed<Saved>(r.type, r.checkpoint)]));
  return rows.map((r) => {
    const id = String(r.checkpoint_id);
    const parent = r.parent_checkpoint_id === null ? null : String(r.parent_checkpoint_id);
    const saved = byId.get(id) ?? null;
    const before = parent === null ? null : byId.get(parent) ?? null;
    const meta = parsed<{ step?: unknown; source?: unknown }>(r.metadata_type, r.metadata);
    const seen = saved?.versions_seen ?? {};
    const versions = saved?.channel_versions ?? {};
    const own = writes.get(id) ?? [];
    const nodes = [...new Set(own.map((w) => w.node))];
    return {
      id, short: shortCheckpointId(id), parent,
      step: typeof meta?.step === 'number' ? meta.step : null,
      source: typeof meta?.source === 'string' ? meta.source : null,
      after: Object.keys(seen).filter((node) => !marker(node) && !sameJson(seen[node], before?.versions_seen?.[node])),
      changed: Object.keys(versions).filter((ch) => !internal(ch) && !sameJson(versions[ch], before?.channel_versions?.[ch])),
      writes: own.length,
      writers: nodes.filter((n) => own.some((w) => w.node === n && !w.error)),
      failed: nodes.filter((n) => own.every((w) => w.node !== n || w.error)),
      savedAt: Number(r.saved_at ?? 0),
    };
  });
}

/**
 * Where the run stands, in LangGraph's terms:
 * - `none`: no checkpoint and no run asked for; `lost`: a run was started but its thread
 *   has no checkpoint (kept only in a process's memory, which a crash wiped);
 * - `paused`: the next task is a breakpoint (`interruptBefore`): the run stops before it;
 * - `resume`: the next tasks are where a resume (an invoke on the thread) starts;
 * - `saved`: every task of the coming super-step saved its writes (the run stopped before
 *   the checkpoint after them): a resume applies them and goes on after them;
 * - `done`: nothing left to run: the run reached `__end__`.
 */
export type ThreadStatus = 'none' | 'lost' | 'paused' | 'resume' | 'saved' | 'done';

export interface ThreadView {
  /** The database holding the thread's checkpoints (the design decides: the worker's own or its process memory). */
  store: string;
  graph: GraphShape | null;
  status: ThreadStatus;
  /** Where the run is or will resume: the next tasks (or `__end__` once done). */
  current: string[];
  /** Tasks of the coming super-step that finished with their writes saved (pending writes). */
  saved: string[];
  /** Tasks of the coming super-step whose attempt failed (an error saved, no writes). */
  failed: string[];
  /** Nodes a stalled run is inside (fault 6): it still holds its request. */
  running: string[];
  checkpoints: CheckpointRow[];
}

export function threadView(input: { store: string; position: ThreadPosition; checkpoints: CheckpointRow[]; started: boolean; running: string[] }): ThreadView {
  const { store, position, checkpoints, started, running } = input;
  const { graph, next, tasks } = position;
  const saved = tasks.filter((t) => !next.includes(t));
  // A task with saved writes is done even if an error was saved beside them (a sibling's failure aborted it).
  const failed = position.failed.filter((t) => next.includes(t));
  const base = { store, graph, saved, failed, running, checkpoints };
  if (checkpoints.length === 0) return { ...base, status: started ? 'lost' : 'none', current: [], saved: [], failed: [] };
  if (next.length > 0) {
    const paused = failed.length === 0 && next.some((n) => graph?.breakpoints.includes(n));
    return { ...base, status: paused ? 'paused' : 'resume', current: next };
  }
  if (saved.length > 0) return { ...base, status: 'saved', current: [] };
  return { ...base, status: 'done', current: [END_NODE] };
}
