/**
 * One exhaustive search over several workers (worker_threads in the CLI, Web Workers in
 * the Search panel): level by level, the frontier is cut into batches; each worker holds
 * its own cursor World over the same config and expands the nodes it is sent (explore.ts
 * `expansionSession`); this side merges the expansions in frontier order (`Levels`), so
 * the visited set, the next frontier and the first counterexample per invariant are
 * exactly those of one worker. Only paths, budgets, sleep sets and 53-bit state keys
 * cross a postMessage; the visited set stays here (a level's merge is cheap next to its
 * probes).
 *
 * Pure like the rest of the explorer: the pool that runs workers is lent by the caller.
 */
import { boundsWith } from './bounds';
import { Levels, type Expansion, type ExpansionSession, type ExploreOptions, type Node, type Root } from './explore';
import type { ExploreResult } from './result';

/** What a pool worker is started with: the search's plain-data options. */
export interface PoolJob {
  options: Pick<ExploreOptions, 'config' | 'prefix' | 'bounds' | 'recover' | 'reduce'>;
  /** The model awaits an engine (runStep). */
  asynchronous: boolean;
}

/** Workers, each started on one job: `start` answers with the search's root, `expand` with one expansion per node. */
export interface ExpandPool {
  readonly size: number;
  start(worker: number, job: PoolJob): Promise<Root>;
  expand(worker: number, nodes: readonly Node[]): Promise<Expansion[]>;
}

/**
 * Nodes sent to a worker at once: small enough to share a level fairly, large enough to keep
 * postMessage cheap. An asynchronous step costs ≈10 ms (a LangGraph run), so its batches are
 * smaller: a batch then takes about as long as a synchronous one, and a stop is heard soon.
 */
const BATCH = 32;
const ASYNC_BATCH = 4;

/**
 * Batches each worker has asked of it at once. With one, a worker that finished a batch
 * waits idle until this side has merged it and sent the next — on a machine with no core
 * to spare for the coordinator, most of a second worker's gain. With two, the next batch
 * is already in its queue (`expansionServer` runs them one after the other).
 */
const IN_FLIGHT = 2;

export async function exploreParallel(options: ExploreOptions & { asynchronous: boolean }, pool: ExpandPool): Promise<ExploreResult & { workers: number }> {
  if (pool.size < 1) throw new Error('exploreParallel: a pool needs at least one worker');
  if (options.model) throw new Error('exploreParallel: a model object cannot be sent to a worker (the worker takes it from the registry)');
  const bounds = boundsWith(options.bounds);
  const job: PoolJob = {
    options: { config: options.config, prefix: options.prefix, bounds, recover: options.recover, reduce: options.reduce },
    asynchronous: options.asynchronous,
  };
  const roots = await Promise.all(Array.from({ length: pool.size }, (_, w) => pool.start(w, job)));
  const levels = new Levels(options, bounds, roots[0]!);
  const now = options.now;
  const started = now?.();
  const outOfTime = () => (now !== undefined && now() - started! >= bounds.maxMs) || options.stop?.() === true;

  for (let nodes = levels.start(); nodes; nodes = levels.next()) {
    const batches: Node[][] = [];
    const size = options.asynchronous ? ASYNC_BATCH : BATCH;
    for (let i = 0; i < nodes.length; i += size) batches.push(nodes.slice(i, i + size));
    const results: (Expansion[] | undefined)[] = new Array(batches.length);
    let merged = 0;
    let stop = false;
    /** Merges every finished batch in order, as far as the first unfinished one. */
    const mergeReady = () => {
      while (!stop && merged < batches.length && results[merged]) {
        const batch = batches[merged]!;
        for (const [i, node] of batch.entries()) {
          if (!levels.wants(node)) { stop = true; break; }
          levels.merge(node, results[merged]![i]!);
        }
        results[merged] = undefined; // merged: let it go
        merged++;
      }
    };
    let taken = 0;
    const work = async (worker: number) => {
      while (!stop && taken < batches.length && !outOfTime()) {
        const index = taken++;
        results[index] = await pool.expand(worker, batches[index]!);
        mergeReady();
      }
    };
    await Promise.all(Array.from({ length: pool.size * IN_FLIGHT }, (_, lane) => work(lane % pool.size)));
    mergeReady();
    // Batches never sent (out of time): `wants` stops the level at the first of them.
    if (!stop && merged < batches.length) levels.wants(batches[merged]![0]!);
  }
  return { ...levels.result('undo'), workers: pool.size };
}

/** Messages between a pool and its workers (plain data). */
export type PoolRequest = { type: 'start'; id: number; job: PoolJob } | { type: 'expand'; id: number; nodes: Node[] };
export type PoolReply =
  | { type: 'root'; id: number; root: Root }
  | { type: 'expanded'; id: number; expansions: Expansion[] }
  | { type: 'error'; id: number; message: string };

/** A worker's side of the protocol, whatever carries the messages (worker_threads, Web Workers). */
export type ExpansionHost = {
  open(job: PoolJob): Promise<ExpansionSession>;
  session(): ExpansionSession | null;
  reply(reply: PoolReply): void;
};

/**
 * A worker's message handler: requests served one after the other, in the order they came.
 * The pool keeps more than one batch queued per worker (IN_FLIGHT), and an asynchronous
 * model's expansion awaits its engine: served as they arrive, two batches would move the
 * one cursor World at once.
 */
export function expansionServer(host: ExpansionHost): (message: unknown) => void {
  let queue: Promise<void> = Promise.resolve();
  return (message) => {
    queue = queue.then(() => serveExpansions(message, host));
  };
}

async function serveExpansions(message: unknown, host: ExpansionHost): Promise<void> {
  const request = message as PoolRequest;
  try {
    if (request.type === 'start') {
      const session = await host.open(request.job);
      host.reply({ type: 'root', id: request.id, root: session.root });
    } else if (request.type === 'expand') {
      const session = host.session();
      if (!session) throw new Error('pool worker: expand before start');
      host.reply({ type: 'expanded', id: request.id, expansions: await session.expand(request.nodes) });
    } else {
      throw new Error(`pool worker: unknown request ${JSON.stringify((request as { type?: unknown }).type)}`);
    }
  } catch (error) {
    host.reply({ type: 'error', id: request.id, message: error instanceof Error ? error.stack ?? error.message : String(error) });
  }
}

/**
 * A pool over anything that posts messages (a worker_threads Worker, a Web Worker):
 * requests answered by id (a worker serves its own in order: `expansionServer`); an error
 * reply with id -1 (the worker itself failed) rejects everything still waiting.
 */
export function messagePool(ports: readonly { post(request: PoolRequest): void; onReply(handler: (reply: PoolReply) => void): void }[]): ExpandPool {
  let nextId = 1;
  const waiting = new Map<number, { resolve: (reply: PoolReply) => void; reject: (error: Error) => void }>();
  for (const port of ports) {
    port.onReply((reply) => {
      if (reply.type === 'error' && reply.id < 0) {
        // The worker itself failed: nothing it was asked will be answered.
        for (const wait of waiting.values()) wait.reject(new Error(`search worker: ${reply.message}`));
        waiting.clear();
        return;
      }
      const wait = waiting.get(reply.id);
      if (!wait) return;
      waiting.delete(reply.id);
      if (reply.type === 'error') wait.reject(new Error(`search worker: ${reply.message}`));
      else wait.resolve(reply);
    });
  }
  const ask = (worker: number, request: { type: 'start'; job: PoolJob } | { type: 'expand'; nodes: Node[] }) => new Promise<PoolReply>((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, { resolve, reject });
    ports[worker]!.post({ ...request, id } as PoolRequest);
  });
  return {
    size: ports.length,
    start: async (worker, job) => ((await ask(worker, { type: 'start', job })) as Extract<PoolReply, { type: 'root' }>).root,
    expand: async (worker, nodes) => ((await ask(worker, { type: 'expand', nodes: [...nodes] })) as Extract<PoolReply, { type: 'expanded' }>).expansions,
  };
}
