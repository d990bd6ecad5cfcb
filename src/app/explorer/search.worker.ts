/**
 * The Search panel's Web Worker: runs the explorer off the main thread so the page stays
 * responsive; posts progress about twice a second and the result at the end. Cancel is
 * the page terminating the worker (the search itself is synchronous).
 */
import wasmUrl from 'sql.js/dist/sql-wasm.wasm?url';
import { initSqlJsOnce } from '../../core/db/sqljs';
import { labCard, searchLab } from '../../lab/search';
import type { SearchReply, SearchRequest } from './protocol';

const post = (reply: SearchReply) => (self as unknown as Worker).postMessage(reply);

self.onmessage = async (event: MessageEvent<SearchRequest>) => {
  const request = event.data;
  try {
    await initSqlJsOnce(wasmUrl);
    let last = -Infinity;
    const result = searchLab(request.lab, {
      switches: request.switches, initial: request.initial, prefix: request.prefix, bounds: request.bounds,
      swarm: request.swarm, now: () => performance.now(),
      onProgress: (progress) => {
        if (progress.elapsedMs - last < 400) return;
        last = progress.elapsedMs;
        post({ type: 'progress', progress });
      },
    });
    const cards = result.counterexamples.map((found) => labCard(request.lab, result, found, request.initial));
    post({ type: 'result', result, cards });
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
