/**
 * A Web Worker of the Search panel's pool: holds one search's cursor World and expands
 * the nodes the search worker (search.worker.ts, the coordinator) sends it
 * (src/sim/explorer/parallel.ts).
 */
import wasmUrl from 'sql.js/dist/sql-wasm.wasm?url';
import { initSqlJsOnce } from '../../core/db/sqljs';
import '../../lab/models'; // the models the searched Worlds are created by id from
import { expansionSession, type ExpansionSession } from '../../sim/explorer/explore';
import { expansionServer, type PoolReply } from '../../sim/explorer/parallel';

let session: ExpansionSession | null = null;
const post = (reply: PoolReply) => (self as unknown as Worker).postMessage(reply);

const serve = expansionServer({
  open: async (job) => {
    await initSqlJsOnce(wasmUrl);
    session?.dispose();
    session = await expansionSession(job.options, job.asynchronous);
    return session;
  },
  session: () => session,
  reply: post,
});
self.onmessage = (event: MessageEvent<unknown>) => serve(event.data);
