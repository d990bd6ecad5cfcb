/**
 * Runs the inspector's queries in a Web Worker with a time limit (query.worker.ts). A query
 * still running QUERY_LIMIT_MS after it began (the worker says when) is stopped by ending the worker — SQLite in sql.js has
 * no way to interrupt a statement from outside — and the next query gets a fresh worker.
 * One query at a time: a newer one replaces a pending one (the learner stepped on).
 */
import type { QueryResult } from '../../core/db/store';

export const QUERY_LIMIT_MS = 2000;

export interface QueryRequest { id: number; image: Uint8Array; sql: string }
export type QueryReply = { id: number; result: QueryResult } | { id: number; started: true };

let worker: Worker | null = null;
let nextId = 1;
let pending: { id: number; resolve: (result: QueryResult | null) => void; limitMs: number; timer?: ReturnType<typeof setTimeout> } | null = null;

/** Once the worker has begun the query: stop it if it runs past its limit. */
function startClock(id: number): void {
  if (!pending || pending.id !== id) return;
  const { limitMs } = pending;
  pending.timer = setTimeout(() => {
    if (pending?.id !== id) return;
    const { resolve } = pending;
    pending = null;
    worker?.terminate();
    worker = null;
    resolve({ ok: false, problem: { code: 'timeout', seconds: limitMs / 1000 } });
  }, limitMs);
}

function current(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./query.worker.ts', import.meta.url), { type: 'module' });
  started.onmessage = (event: MessageEvent<QueryReply>) => {
    const reply = event.data;
    if (!pending || reply.id !== pending.id) return;
    if ('started' in reply) return startClock(reply.id);
    clearTimeout(pending.timer);
    const { resolve } = pending;
    pending = null;
    resolve(reply.result);
  };
  worker = started;
  return started;
}

/** The query's result, a timeout problem, or null when a newer query replaced it. */
export function runQuery(image: Uint8Array, sql: string, limitMs = QUERY_LIMIT_MS): Promise<QueryResult | null> {
  if (pending) {
    // A newer query: the older one's answer no longer matters. If it is still running, the
    // worker is busy with it — end it so the new query does not wait behind it.
    clearTimeout(pending.timer);
    pending.resolve(null);
    pending = null;
    worker?.terminate();
    worker = null;
  }
  const id = nextId++;
  return new Promise((resolve) => {
    pending = { id, resolve, limitMs };
    current().postMessage({ id, image, sql } satisfies QueryRequest);
  });
}
