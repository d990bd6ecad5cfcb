/**
 * Search reach for `npm run bench`: how deep each lab's own design is searched completely
 * within a budget on one worker, what partial-order reduction saves, what a second worker
 * buys, and how an asynchronous model's search compares with a synchronous one. Wall
 * clock, one run; every `ratio …` line ends in its number.
 */
import { resolve } from 'node:path';
import { loadLabsFromDir } from '../src/lab/nodeFiles';
import { searchLab, searchLabParallel } from '../src/lab/search';
import type { Lab } from '../src/lab/schema';
import type { ExploreResult } from '../src/sim/explorer/result';
import { threadPool } from '../scripts/pool/threadPool';

const REACH_BUDGET_MS = 10_000;

function labsById(): Map<string, Lab> {
  return new Map(loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [[l.lab.id, l.lab] as const] : [])));
}

/**
 * `reach <lab>: depth <d> complete in <s> s (<states> states)`: one reduced breadth-first
 * search with a deep bound and the budget; the deepest level finished, when it finished
 * and the states known then (read off the progress callback at the first transition of
 * the next level). "whole space" when the search ran out of states before the budget.
 */
export async function benchReach(): Promise<void> {
  for (const lab of labsById().values()) {
    let complete = { depth: 0, ms: 0, states: 1 };
    const result = await searchLab(lab, {
      reduce: true, bounds: { depth: 40, maxStates: 5_000_000, maxMs: REACH_BUDGET_MS }, now: () => performance.now(), progressEvery: 1,
      onProgress: (p) => { if (p.depth - 1 > complete.depth) complete = { depth: p.depth - 1, ms: p.elapsedMs, states: p.states }; },
    });
    if (result.stoppedBy === null) complete = { depth: result.depthCompleted, ms: result.elapsedMs, states: result.states };
    const whole = result.stoppedBy === null ? ', whole space' : '';
    const broken = result.counterexamples[0] ? `; ${result.counterexamples[0].invariant} in ${result.counterexamples[0].steps} steps` : '';
    console.log(`reach ${lab.id}: depth ${complete.depth} complete in ${(complete.ms / 1000).toFixed(1)} s (${complete.states} states${whole}${broken})`);
  }
}

/** `ratio states reduced/full <lab> @<depth>` (and transitions, time) for the lab's own design. */
export async function benchReduction(runs: readonly [string, number][]): Promise<void> {
  const labs = labsById();
  for (const [id, depth] of runs) {
    const lab = labs.get(id)!;
    const full = await searchLab(lab, { bounds: { depth, maxMs: 600_000 }, now: () => performance.now() });
    const reduced = await searchLab(lab, { bounds: { depth, maxMs: 600_000 }, reduce: true, now: () => performance.now() });
    const note = (r: ExploreResult) => `${r.states} states, ${r.transitions} transitions, ${(r.elapsedMs / 1000).toFixed(1)} s${r.stoppedBy ? `, stopped by ${r.stoppedBy}` : ''}`;
    console.log(`reduction ${id} @${depth}: full ${note(full)}; reduced ${note(reduced)}`);
    console.log(`ratio states reduced/full ${id} @${depth}: ${(reduced.states / full.states).toFixed(2)}`);
    console.log(`ratio transitions reduced/full ${id} @${depth}: ${(reduced.transitions / full.transitions).toFixed(2)}`);
  }
}

/**
 * `ratio explore 2 workers / 1 worker`: transitions per wall-clock second, L07's design at
 * depth 7, the same search on one thread in this process and over a pool of two worker
 * threads. Each side runs RUNS times and keeps its best: the first search in a fresh V8
 * isolate runs on cold code (measured: 5,100 transitions/s cold against 8,300 warm in
 * process, and the pool's workers start cold too), and a search long enough to want a pool
 * runs almost all of its time on warm code. Every run is printed.
 */
export async function benchWorkers(): Promise<void> {
  const RUNS = 5;
  const lab = labsById().get('L07')!;
  const bounds = { depth: 7 };
  const rate = (r: ExploreResult) => r.transitions / (r.elapsedMs / 1000);
  const best = (runs: ExploreResult[]) => runs.reduce((a, b) => (rate(b) > rate(a) ? b : a));
  const ones: ExploreResult[] = [];
  for (let i = 0; i < RUNS; i++) ones.push(await searchLab(lab, { bounds, now: () => performance.now() }));
  const pool = threadPool(2);
  try {
    // Worker start-up (loading the code, opening the first World) is not search time.
    const started = performance.now();
    const twos: ExploreResult[] = [];
    for (let i = 0; i < RUNS; i++) twos.push(await searchLabParallel(lab, { bounds, now: () => performance.now() }, pool));
    const runs = (rs: ExploreResult[]) => rs.map((r) => Math.round(r.elapsedMs)).join(' / ');
    const one = best(ones);
    const two = best(twos);
    console.log(`explore L07 depth 7 (${one.transitions} transitions): 1 worker ${runs(ones)} ms; 2 workers ${runs(twos)} ms (${Math.round(performance.now() - started)} ms with start-up)`);
    console.log(`ratio explore 2 workers / 1 worker: ${(rate(two) / rate(one)).toFixed(2)}`);
  } finally {
    await pool.close();
  }
}

/** `ratio explore async/sync`: transitions per second of L05 (LangGraph, awaited) over L07's, each at its default bounds. */
export async function benchLangGraphSearch(): Promise<void> {
  const labs = labsById();
  const rate = (r: ExploreResult) => r.transitions / (r.elapsedMs / 1000);
  const sync = await searchLab(labs.get('L07')!, { now: () => performance.now() });
  const async = await searchLab(labs.get('L05')!, { now: () => performance.now() });
  console.log(`explore L05 (asynchronous) ${Math.round(rate(async))} transitions/s (${async.replays ?? 0} fresh replays), L07 ${Math.round(rate(sync))} transitions/s`);
  console.log(`ratio explore async/sync: ${(rate(async) / rate(sync)).toFixed(2)}`);
}
