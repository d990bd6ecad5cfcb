/**
 * The CLI's search pool: `size` worker_threads, each running exploreThread.ts (under tsx's
 * loader: thread.mjs). `close` ends them.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { messagePool, type ExpandPool, type PoolReply } from '../../src/sim/explorer/parallel';

export function defaultWorkers(): number {
  return availableParallelism();
}

export function threadPool(size: number): ExpandPool & { close(): Promise<void> } {
  const workers = Array.from({ length: size }, () => new Worker(new URL('./thread.mjs', import.meta.url)));
  const pool = messagePool(workers.map((worker) => ({
    post: (request) => worker.postMessage(request),
    onReply: (handler: (reply: PoolReply) => void) => {
      worker.on('message', handler);
      worker.on('error', (error) => handler({ type: 'error', id: -1, message: error.message }));
    },
  })));
  return { ...pool, close: async () => { await Promise.all(workers.map((w) => w.terminate())); } };
}
