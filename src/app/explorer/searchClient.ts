/**
 * Runs a search in Web Workers. An exhaustive search runs in one search worker that
 * coordinates a pool of `navigator.hardwareConcurrency - 1` Web Workers (at least 1; one
 * core left for the page): one search, level by level, the result of one thread
 * (src/sim/explorer/parallel.ts); the result says how many workers ran it. A swarm splits
 * its walks over a small pool, as many workers as the cores allow (at most 4), each taking
 * a contiguous range of walk indices — the seed still reproduces every walk.
 *
 * Cancel asks each worker to stop: the search ends where it is and its result, what it
 * covered so far (`stoppedBy: 'cancelled'`), comes back like any result. A worker that does
 * not answer within STOP_GRACE_MS (a synchronous swarm hears nothing until it is done) is
 * terminated, and the job ends as cancelled with nothing kept.
 */
import type { Bounds } from '../../sim/explorer/bounds';
import type { Counterexample, ExploreResult, Progress } from '../../sim/explorer/result';
import type { Lab } from '../../lab/schema';
import type { SearchReply, SearchRequest, StopRequest } from './protocol';

/** How long a cancelled search may take to post what it covered before its workers are ended. */
const STOP_GRACE_MS = 2_000;

export interface SearchJob {
  done: Promise<{ result: ExploreResult & { workers?: number }; cards: Record<string, unknown>[] }>;
  /** Stop and keep what was covered: `done` resolves with a `cancelled` result (or rejects, past the grace). */
  cancel(): void;
  /** End at once, keeping nothing (the panel is gone, or a new search replaces this one). */
  terminate(): void;
  /** Workers running the search (an exhaustive search: its pool's size). */
  workers: number;
}

export interface SearchParams {
  lab: Lab;
  switches: Record<string, string>;
  initial?: Record<string, unknown>;
  prefix?: unknown[];
  bounds: Partial<Bounds>;
  swarm?: { seed: number; runs: number };
  recover?: boolean;
}

/** Workers for an exhaustive search: every core but the page's, at least one. */
export function exhaustiveWorkers(): number {
  const cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency || 1 : 1;
  return Math.max(1, cores - 1);
}

export function poolSize(runs: number): number {
  const cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency || 1 : 1;
  return Math.max(1, Math.min(4, cores - 1, runs));
}

export function startSearch(params: SearchParams, onProgress: (progress: Progress) => void): SearchJob {
  const size = params.swarm ? poolSize(params.swarm.runs) : 1;
  const workers = Array.from({ length: size }, () => new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module' }));
  const latest: Progress[] = workers.map(() => ({ states: 0, transitions: 0, depth: 0, elapsedMs: 0 }));
  let cancelled = false;
  const terminate = () => {
    for (const worker of workers) worker.terminate();
    rejectAll(new Error('cancelled'));
  };
  let rejectAll: (reason: Error) => void = () => undefined;
  const parts = workers.map((worker, i) => new Promise<{ result: ExploreResult; cards: Record<string, unknown>[] }>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<SearchReply>) => {
      const reply = event.data;
      if (reply.type === 'progress') {
        latest[i] = reply.progress;
        onProgress(sum(latest));
      } else if (reply.type === 'result') {
        resolve(reply);
        worker.terminate();
      } else {
        reject(new Error(reply.message));
        worker.terminate();
      }
    };
    worker.onerror = (event) => {
      reject(new Error(event.message || 'the search worker failed'));
      worker.terminate();
    };
    const request: SearchRequest = {
      type: 'run', lab: params.lab, switches: params.switches, initial: params.initial, prefix: params.prefix, bounds: params.bounds,
      ...(params.recover && !params.swarm ? { recover: true } : {}),
      ...(params.swarm ? {} : { workers: exhaustiveWorkers() }),
      ...(params.swarm ? { swarm: { seed: params.swarm.seed, ...share(params.swarm.runs, size, i) } } : {}),
    };
    worker.postMessage(request);
  }));
  const done = new Promise<{ result: ExploreResult; cards: Record<string, unknown>[] }>((resolve, reject) => {
    rejectAll = reject;
    Promise.all(parts).then((all) => resolve(merge(all)), reject);
  });
  return {
    done,
    workers: params.swarm ? size : exhaustiveWorkers(),
    cancel() {
      if (cancelled) return;
      cancelled = true;
      for (const worker of workers) worker.postMessage({ type: 'stop' } satisfies StopRequest);
      const timer = setTimeout(terminate, STOP_GRACE_MS);
      done.then(() => clearTimeout(timer), () => clearTimeout(timer));
    },
    terminate() {
      cancelled = true;
      terminate();
    },
  };
}

/** Walks [from, from + runs) of worker i out of n. */
function share(runs: number, n: number, i: number): { from: number; runs: number } {
  const base = Math.floor(runs / n);
  const extra = runs % n;
  const from = i * base + Math.min(i, extra);
  return { from, runs: base + (i < extra ? 1 : 0) };
}

function sum(all: Progress[]): Progress {
  return all.reduce((a, p) => ({
    states: a.states + p.states, transitions: a.transitions + p.transitions,
    depth: Math.max(a.depth, p.depth), elapsedMs: Math.max(a.elapsedMs, p.elapsedMs),
  }), { states: 0, transitions: 0, depth: 0, elapsedMs: 0 });
}

/** One result from a pool's parts: counts added, the shortest counterexample per invariant kept. */
function merge(all: { result: ExploreResult; cards: Record<string, unknown>[] }[]): { result: ExploreResult; cards: Record<string, unknown>[] } {
  if (all.length === 1) return all[0]!;
  const best = new Map<string, { found: Counterexample; card: Record<string, unknown> }>();
  for (const { result, cards } of all) {
    result.counterexamples.forEach((found, i) => {
      const known = best.get(found.invariant);
      if (!known || known.found.steps > found.steps) best.set(found.invariant, { found, card: cards[i]! });
    });
  }
  const first = all[0]!.result;
  const kept = [...best.values()].sort((a, b) => a.found.steps - b.found.steps);
  const runs = all.reduce((n, p) => n + (p.result.runs ?? 0), 0);
  return {
    result: {
      ...first,
      states: all.reduce((n, p) => n + p.result.states, 0),
      transitions: all.reduce((n, p) => n + p.result.transitions, 0),
      elapsedMs: Math.max(...all.map((p) => p.result.elapsedMs)),
      stoppedBy: all.find((p) => p.result.stoppedBy)?.result.stoppedBy ?? null,
      runs,
      boundsText: first.boundsText.replace(/^\d+ random walks/, `${runs} random walks`),
      counterexamples: kept.map((k) => k.found),
    },
    cards: kept.map((k) => k.card),
  };
}
