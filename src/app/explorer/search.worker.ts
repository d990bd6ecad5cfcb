/**
 * The Search panel's Web Worker: runs the explorer off the main thread so the page stays
 * responsive; posts progress about twice a second and the result at the end. Cancel is
 * the page terminating the worker (whether the search is synchronous or awaits an
 * asynchronous engine — L05, L06's LangGraph executor — between steps).
 */
import wasmUrl from 'sql.js/dist/sql-wasm.wasm?url';
import { initSqlJsOnce } from '../../core/db/sqljs';
import { labCard, searchLabAsync } from '../../lab/search';
import type { SearchReply, SearchRequest } from './protocol';

const post = (reply: SearchReply) => (self as unknown as Worker).postMessage(reply);

self.onmessage = async (event: MessageEvent<SearchRequest>) => {
  const request = event.data;
  try {
    await initSqlJsOnce(wasmUrl);
    let last = -Infinity;
    // Any lab: an asynchronous model's engine is awaited inside each step (LangGraph loads in this worker then).
    const result = await searchLabAsync(request.lab, {
      switches: request.switches, initial: request.initial, prefix: request.prefix, bounds: request.bounds,
      swarm: request.swarm, recover: request.recover, now: () => performance.now(),
      // An asynchronous transition costs ≈10 ms: ask often, post at most every 400 ms (below).
      progressEvery: 20,
      onProgress: (progress) => {
        if (progress.elapsedMs - last < 400) return;
        last = progress.elapsedMs;
        post({ type: 'progress', progress });
      },
    });
    // Safety counterexamples first, then states the recovery cannot settle (the panel shows the first).
    const cards = [...result.counterexamples, ...(result.unrecoverable ?? [])].map((found) => labCard(request.lab, result, found, request.initial));
    post({ type: 'result', result, cards });
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
