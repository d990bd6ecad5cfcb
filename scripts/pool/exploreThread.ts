/**
 * A worker_threads worker of the CLI's search pool (threadPool.ts): holds one search's
 * cursor World and expands the nodes it is sent (src/sim/explorer/parallel.ts).
 */
import { parentPort } from 'node:worker_threads';
import { initSqlJsOnce } from '../../src/core/db/sqljs';
import '../../src/lab/models'; // the models the searched Worlds are created by id from
import { expansionSession, type ExpansionSession } from '../../src/sim/explorer/explore';
import { expansionServer } from '../../src/sim/explorer/parallel';

if (!parentPort) throw new Error('exploreThread: run me as a worker');
const port = parentPort;
let session: ExpansionSession | null = null;
port.on('message', expansionServer({
  open: async (job) => {
    await initSqlJsOnce();
    session?.dispose();
    session = await expansionSession(job.options, job.asynchronous);
    return session;
  },
  session: () => session,
  reply: (reply) => port.postMessage(reply),
}));
