/**
 * The Search panel's Web Worker: runs the explorer off the main thread so the page stays
 * responsive; posts progress about twice a second and the result at the end.
 *
 * An exhaustive search always coordinates a pool of `workers` Web Workers (pool.worker.ts,
 * at least one): one search, the result of one thread (src/sim/explorer/parallel.ts). So
 * this worker awaits between batches and hears a `stop`: the search ends where it is and
 * its result — what it covered, `stoppedBy: 'cancelled'` — is posted like any other. A
 * swarm runs here; an asynchronous one (L05) hears `stop` between walks, a synchronous one
 * only when it is done, so the page also terminates a worker that does not answer in time.
 */
import wasmUrl from 'sql.js/dist/sql-wasm.wasm?url';
import { initSqlJsOnce } from '../../core/db/sqljs';
import { labCard, searchLab, searchLabParallel } from '../../lab/search';
import { panelBounds } from '../../lab/panelBounds';
import { messagePool, type PoolReply } from '../../sim/explorer/parallel';
import type { Progress } from '../../sim/explorer/result';
import type { SearchReply, SearchRequest, StopRequest } from './protocol';

const post = (reply: SearchReply) => (self as unknown as Worker).postMessage(reply);
let stopped = false;

self.onmessage = async (event: MessageEvent<SearchRequest | StopRequest>) => {
  const request = event.data;
  if (request.type === 'stop') { stopped = true; return; }
  try {
    await initSqlJsOnce(wasmUrl);
    let last = -Infinity;
    const search = {
      switches: request.switches, initial: request.initial, prefix: request.prefix,
      // The panel's own defaults for this lab (deeper than the CI bounds: the search is pooled), then the student's.
      bounds: { ...(request.swarm ? {} : panelBounds(request.lab, request.switches)), ...request.bounds },
      recover: request.recover, now: () => performance.now(), stop: () => stopped,
      // An asynchronous transition costs ≈10 ms: ask often, post at most every 400 ms (below).
      progressEvery: 20,
      onProgress: (progress: Progress) => {
        if (progress.elapsedMs - last < 400) return;
        last = progress.elapsedMs;
        post({ type: 'progress', progress });
      },
    };
    // Any lab: an asynchronous model's engine is awaited inside each step (LangGraph loads in the pool then).
    // Not reduced: on today's footprints the reduction saves at most 7% of transitions and
    // costs more than that in bookkeeping (npm run bench, `reduction …` lines).
    const result = request.swarm
      ? { ...await searchLab(request.lab, { ...search, swarm: request.swarm }), workers: 1 }
      : await searchLabParallel(request.lab, search, poolOf(Math.max(1, request.workers ?? 1)));
    // Safety counterexamples first, then states the recovery cannot settle (the panel shows the first).
    const cards = [...result.counterexamples, ...(result.unrecoverable ?? [])].map((found) => labCard(request.lab, result, found, request.initial));
    post({ type: 'result', result, cards });
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};

/** `size` pool workers (they end when this worker is terminated). */
function poolOf(size: number) {
  return messagePool(Array.from({ length: size }, () => {
    const worker = new Worker(new URL('./pool.worker.ts', import.meta.url), { type: 'module' });
    return {
      post: (request: unknown) => worker.postMessage(request),
      onReply: (handler: (reply: PoolReply) => void) => {
        worker.onmessage = (event: MessageEvent<PoolReply>) => handler(event.data);
        worker.onerror = (event) => handler({ type: 'error', id: -1, message: event.message || 'a pool worker failed' });
      },
    };
  }));
}
