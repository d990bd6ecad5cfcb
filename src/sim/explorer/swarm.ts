/**
 * Swarm mode: seeded random walks that go deeper than exhaustive search can. Walk `r` of a
 * swarm with seed `S` uses its own RNG seeded from (S, r), so the seed alone reproduces
 * every walk (and a pool of workers can split the walks between them). A counterexample is
 * shrunk by dropping actions while the same invariant still breaks.
 *
 * Written once as a generator (drive.ts): `swarm` steps synchronous Worlds, `swarmAsync`
 * steps with `runStep` (each walk and each shrink attempt a fresh replay, so nothing of
 * an asynchronous model's runtime is ever carried over by an undo).
 */
import type { ModelAction } from '../model';
import { SeededRng } from '../rng';
import { replaySteps, runStep } from '../asyncStep';
import { World, type StepOutcome, type WorldConfig } from '../world';
import { boundsWith, describeBounds, type Bounds } from './bounds';
import { EMPTY_BUDGET, spend } from './budget';
import { worldEnabled } from './enabled';
import { hash53, worldFingerprint } from './fingerprint';
import { counterexampleFrom, errorCounterexample, plainAction, type Counterexample, type ExploreResult, type Progress } from './result';
import { driveAsync, driveSync, replay, step, type Search, type SearchRequest } from './drive';

export interface SwarmOptions {
  config: WorldConfig;
  prefix?: readonly unknown[];
  /** `depth` is the length of each walk. */
  bounds?: Partial<Bounds>;
  seed: number;
  runs: number;
  /** Only walks with index in [from, from + runs) (a pool worker's share); default 0. */
  from?: number;
  now?: () => number;
  onProgress?: (progress: Progress) => void;
  /** True ends the swarm between walks, with the walks done (`stoppedBy: 'cancelled'`). */
  stop?: () => boolean;
}

/** The RNG seed of walk `run` in a swarm with `seed`. */
export function walkSeed(seed: number, run: number): number {
  return hash53(`${seed}:${run}`) % 2 ** 31;
}

/** A swarm over a synchronous model. */
export function swarm(options: SwarmOptions): ExploreResult {
  return driveSync(swarmSearch(options), answerSync);
}

/** A swarm over any model, stepping with `runStep` (an asynchronous engine awaited inside each step). */
export function swarmAsync(options: SwarmOptions): Promise<ExploreResult> {
  return driveAsync(swarmSearch(options), answerAsync);
}

function answerSync(request: SearchRequest): unknown {
  if (request.kind === 'replay') return World.replay(request.config, request.actions);
  if (request.kind === 'step') return request.world.step(request.action);
  throw new Error(`swarm: no ${request.kind} here`);
}

function answerAsync(request: SearchRequest): Promise<unknown> {
  if (request.kind === 'replay') return replaySteps(request.config, request.actions);
  if (request.kind === 'step') return runStep(request.world, request.action);
  throw new Error(`swarmAsync: no ${request.kind} here`);
}

function* swarmSearch(options: SwarmOptions): Search<ExploreResult> {
  const bounds = boundsWith(options.bounds);
  const now = options.now ?? (() => 0);
  const started = now();
  const prefix = options.prefix ?? [];
  const found = new Map<string, Counterexample>();
  const seen = new Set<number>();
  let transitions = 0;
  let stoppedBy: ExploreResult['stoppedBy'] = null;
  const from = options.from ?? 0;
  let runs = 0;
  for (let run = from; run < from + options.runs; run++) {
    if (options.now && now() - started >= bounds.maxMs) { stoppedBy = 'maxMs'; break; }
    if (options.stop?.()) { stoppedBy = 'cancelled'; break; }
    runs++;
    transitions += yield* walk(options.config, prefix, bounds, walkSeed(options.seed, run), found, seen);
    options.onProgress?.({ states: seen.size, transitions, depth: bounds.depth, elapsedMs: now() - started });
  }
  const counterexamples: Counterexample[] = [];
  for (const c of found.values()) counterexamples.push(c.invariant === 'ERROR' ? c : yield* shrinkSearch(options.config, prefix, c));
  return {
    mode: 'swarm',
    model: options.config.model,
    switches: { ...options.config.switches },
    bounds,
    boundsText: `${runs} random walks of ≤ ${bounds.depth} steps, ${describeBounds(bounds)}`,
    states: seen.size,
    transitions,
    depthCompleted: 0,
    elapsedMs: now() - started,
    stoppedBy,
    space: 'replay',
    counterexamples: counterexamples.sort((a, b) => a.steps - b.steps || a.invariant.localeCompare(b.invariant)),
    seed: options.seed,
    runs,
  };
}

/** One random walk; keeps the shortest counterexample per invariant. Returns its step count. */
function* walk(config: WorldConfig, prefix: readonly unknown[], bounds: Bounds, seed: number,
  found: Map<string, Counterexample>, seen: Set<number>): Search<number> {
  const rng = new SeededRng(seed);
  const world = yield* replay(config, prefix);
  const prefixLength = world.actions.length;
  let budget = EMPTY_BUDGET;
  let steps = 0;
  const path: ModelAction[] = [];
  try {
    for (let depth = 0; depth < bounds.depth; depth++) {
      const actions = worldEnabled(world, bounds, budget);
      if (actions.length === 0) break;
      const action = actions[rng.int(0, actions.length - 1)]!;
      path.push(action);
      const outcome = yield* step(world, action);
      steps++;
      if (!outcome.ok) continue;
      budget = spend(budget, action);
      seen.add(hash53(worldFingerprint(world)));
      const broken = outcome.entry.invariants.filter((inv) => !inv.ok);
      for (const failed of broken) {
        const known = found.get(failed.id);
        if (!known || known.steps > world.actions.length - prefixLength) found.set(failed.id, counterexampleFrom(world, prefixLength, failed));
      }
      if (broken.length) break;
    }
  } catch (error) {
    if (!found.has('ERROR')) found.set('ERROR', errorCounterexample([...prefix, ...path.map(plainAction)], path.length, error));
  } finally {
    world.dispose();
  }
  return steps;
}

/** Drops actions one at a time while the invariant still breaks (greedy, to a fixed point). */
export function shrink(config: WorldConfig, prefix: readonly unknown[], found: Counterexample): Counterexample {
  return driveSync(shrinkSearch(config, prefix, found), answerSync);
}

function* shrinkSearch(config: WorldConfig, prefix: readonly unknown[], found: Counterexample): Search<Counterexample> {
  let best = found;
  let search = found.actions.slice(prefix.length);
  for (let changed = true; changed;) {
    changed = false;
    for (let i = search.length - 1; i >= 0; i--) {
      const candidate = [...search.slice(0, i), ...search.slice(i + 1)];
      const result = yield* breaks(config, prefix, candidate, found.invariant);
      if (result) {
        best = result;
        search = candidate;
        changed = true;
      }
    }
  }
  return best;
}

/** The counterexample if replaying `actions` breaks `invariant` (stopping there), else null. */
function* breaks(config: WorldConfig, prefix: readonly unknown[], actions: readonly unknown[], invariant: string): Search<Counterexample | null> {
  let world: World;
  try {
    world = yield* replay(config, prefix);
  } catch {
    return null;
  }
  const prefixLength = world.actions.length;
  try {
    for (const action of actions) {
      const outcome: StepOutcome = yield* step(world, action);
      if (!outcome.ok) return null;
      const failed = outcome.entry.invariants.find((inv) => inv.id === invariant && !inv.ok);
      if (failed) return counterexampleFrom(world, prefixLength, failed);
    }
    return null;
  } catch {
    return null;
  } finally {
    world.dispose();
  }
}
