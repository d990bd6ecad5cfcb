/**
 * The SQL inspector's worker: runs one read-only query on a copy of a node's database
 * (readOnlyQuery: the image opened afresh, `PRAGMA query_only`). Off the main thread so a
 * query that never ends (a recursive CTE without a limit) cannot freeze the page: the page
 * stops this worker when the time is up and starts another.
 */
import wasmUrl from 'sql.js/dist/sql-wasm.wasm?url';
import { initSqlJsOnce } from '../../core/db/sqljs';
import { readOnlyQuery } from '../../core/db/store';
import type { QueryReply, QueryRequest } from './queryClient';

self.onmessage = async (event: MessageEvent<QueryRequest>) => {
  const { id, image, sql } = event.data;
  const engine = await initSqlJsOnce(wasmUrl);
  // The time limit counts from here: starting a worker (sql.js's wasm) is not the query's time.
  (self as unknown as Worker).postMessage({ id, started: true } satisfies QueryReply);
  const reply: QueryReply = { id, result: readOnlyQuery(engine, image, sql) };
  (self as unknown as Worker).postMessage(reply);
};
