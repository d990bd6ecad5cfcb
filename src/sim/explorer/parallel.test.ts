/**
 * One search over a pool gives the result of one thread: the same states, transitions,
 * depth and counterexamples (the same shortest ones, by the same schedules), whatever the
 * number of workers and whichever finishes first. Workers here are in-process sessions
 * answering through the real message protocol, each with its own World, finishing in a
 * shuffled order; the CLI's worker_threads pool is tested in scripts/explore.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { external, L07 } from '../../test/fencingConfigs';
import { explore, expansionSession, type ExpansionSession } from './explore';
import { expansionServer, exploreParallel, messagePool, type PoolReply, type PoolRequest } from './parallel';

useSqlJs();


/** `size` in-process workers; worker i answers after i·50 microtask hops, so replies arrive out of order. */
function localPool(size: number) {
  const sessions: (ExpansionSession | null)[] = Array.from({ length: size }, () => null);
  return messagePool(sessions.map((_, i) => {
    let handler: (reply: PoolReply) => void = () => undefined;
    const serve = expansionServer({
      open: async (job) => (sessions[i] = await expansionSession(job.options, job.asynchronous)),
      session: () => sessions[i]!,
      reply: (reply) => handler(reply),
    });
    return {
      post: (request: PoolRequest) => {
        void (async () => {
          for (let hop = 0; hop < i * 50; hop++) await null; // later workers answer later
          serve(request);
        })();
      },
      onReply: (h: (reply: PoolReply) => void) => { handler = h; },
    };
  }));
}

const summary = (r: { states: number; transitions: number; depthCompleted: number; stoppedBy: unknown; counterexamples: { invariant: string; steps: number; actions: unknown[] }[] }) => ({
  states: r.states, transitions: r.transitions, depth: r.depthCompleted, stoppedBy: r.stoppedBy,
  counterexamples: r.counterexamples.map((c) => ({ invariant: c.invariant, steps: c.steps, actions: c.actions })),
});

describe('exploreParallel', () => {
  it('gives the result of one thread, with 1, 2 and 3 workers, reduced or not', async () => {
    for (const reduce of [false, true]) {
      const one = explore({ config: L07, bounds: { depth: 3 }, reduce });
      for (const size of [1, 2, 3]) {
        const many = await exploreParallel({ config: L07, bounds: { depth: 3 }, reduce, asynchronous: false }, localPool(size));
        expect(summary(many)).toEqual(summary(one));
        expect(many.workers).toBe(size);
      }
    }
  });

  it('finds the same first counterexamples, and stops where one thread stops', async () => {
    const one = explore({ config: external, bounds: { depth: 4 } });
    const many = await exploreParallel({ config: external, bounds: { depth: 4 }, asynchronous: false }, localPool(3));
    expect(summary(many)).toEqual(summary(one));
    expect(one.counterexamples.length).toBeGreaterThan(0);
    const capped = explore({ config: L07, bounds: { depth: 5, maxStates: 60 } });
    const cappedMany = await exploreParallel({ config: L07, bounds: { depth: 5, maxStates: 60 }, asynchronous: false }, localPool(2));
    expect(summary(cappedMany)).toEqual(summary(capped));
    expect(capped.stoppedBy).toBe('maxStates');
  });

  it('hears a stop between batches and reports what it covered', async () => {
    const full = explore({ config: L07, bounds: { depth: 5 } });
    let stopAsked = false;
    const result = await exploreParallel({
      config: L07, bounds: { depth: 5 }, asynchronous: false,
      onProgress: () => { stopAsked = true; }, progressEvery: 100, stop: () => stopAsked,
    }, localPool(2));
    expect(result.stoppedBy).toBe('cancelled');
    expect(result.states).toBeGreaterThan(1);
    expect(result.states).toBeLessThan(full.states);
  });

  it('a worker serves the batches queued for it one after the other, in order', async () => {
    const log: string[] = [];
    let busy = false;
    const replies: PoolReply[] = [];
    const slowSession = {
      root: {} as ExpansionSession['root'],
      dispose: () => undefined,
      // An asynchronous model's expansion: it awaits, and nothing else may move the World meanwhile.
      expand: async (nodes: readonly unknown[]) => {
        expect(busy).toBe(false);
        busy = true;
        log.push(`start ${nodes.length}`);
        for (let hop = 0; hop < 40 - nodes.length * 10; hop++) await null; // the first batch takes longer
        log.push(`end ${nodes.length}`);
        busy = false;
        return [];
      },
    } as unknown as ExpansionSession;
    let done: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => { done = resolve; });
    const serve = expansionServer({ open: async () => slowSession, session: () => slowSession, reply: (r) => { if (replies.push(r) === 3) done(); } });
    serve({ type: 'start', id: 1, job: { options: { config: L07 }, asynchronous: true } });
    serve({ type: 'expand', id: 2, nodes: [{}] as never });
    serve({ type: 'expand', id: 3, nodes: [{}, {}, {}] as never });
    await answered;
    expect(log).toEqual(['start 1', 'end 1', 'start 3', 'end 3']);
    expect(replies.map((r) => `${r.type} ${r.id}`)).toEqual(['root 1', 'expanded 2', 'expanded 3']);
  });

  it('checks recovery from the same states', async () => {
    const one = explore({ config: L07, bounds: { depth: 2 }, recover: true });
    const many = await exploreParallel({ config: L07, bounds: { depth: 2 }, recover: true, asynchronous: false }, localPool(2));
    expect(many.recovered).toBe(one.recovered);
    expect(many.unrecoverable).toEqual(one.unrecoverable);
  });
});
