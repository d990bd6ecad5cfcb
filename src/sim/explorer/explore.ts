/**
 * Exhaustive bounded search: breadth-first over world-level `enabled` actions from a
 * lab's starting World (or from a given step log), deduplicating states by fingerprint.
 * Breadth-first means the first counterexample found for an invariant is a shortest one.
 *
 * One search (`breadthFirst`, a generator: drive.ts), two ways of stepping: `explore` over
 * synchronous Worlds (World.step / World.probe), `exploreAsync` over Worlds whose model
 * awaits an engine (stepAsync, undo where the runtime allows it, else replay: asyncSpace.ts).
 * Runs in Node (CLI, tests) and in a Web Worker. The only impurity, a wall clock for the
 * time bound, is lent by the caller (`now`).
 */
import canonicalize from 'canonicalize';
import type { Model, ModelAction } from '../model';
import { World, type StepOutcome, type WorldConfig } from '../world';
import { replayAsync, stepAsync } from '../asyncStep';
import { asyncSearchSpace } from './asyncSpace';
import { boundsWith, describeBounds, type Bounds } from './bounds';
import { budgetKey, budgetOf, spend, type Budget } from './budget';
import { worldEnabled } from './enabled';
import { hash53, worldFingerprint } from './fingerprint';
import { footprintOf, independent, type Footprint } from './footprint';
import { counterexampleFrom, errorCounterexample, plainAction, type Counterexample, type ExploreResult, type Progress, type Unrecoverable } from './result';
import { recoverFrom, unrecoverableCounterexample } from './recover';
import { searchSpace } from './space';
import { driveAsync, driveSync, open, probe, type Search } from './drive';

export interface ExploreOptions {
  config: WorldConfig;
  /** A step log to start from (default: the lab's starting state). */
  prefix?: readonly unknown[];
  bounds?: Partial<Bounds>;
  /** Stop at the first counterexample instead of looking for one per invariant. */
  stopAtFirst?: boolean;
  /** A wall clock in ms, for `maxMs` and `elapsedMs` (sim code never reads one itself). */
  now?: () => number;
  onProgress?: (progress: Progress) => void;
  /** Call onProgress every this many transitions (default 500). */
  progressEvery?: number;
  /**
   * Also check recoverability: from every reached state that breaks no invariant, the
   * system's own recovery (recover.ts) must settle the World within the model's bound.
   */
  recover?: boolean;
  /** The model object to run instead of the registry's entry for `config.model` (engine tests). */
  model?: Model;
  /**
   * Partial-order reduction (sleep sets over declared footprints, footprint.ts): an action
   * independent of the one just taken, and already tried from an ancestor, is not tried
   * again — the state it leads to is reached by the other order. Every state is still
   * reached, at its shortest depth (CONTEXT.md says why): same verdicts, same shortest
   * counterexamples, fewer transitions.
   */
  reduce?: boolean;
}

/** An action put to sleep: tried already on another branch, independent of everything since. */
interface Sleeper {
  key: string;
  footprint: Footprint;
}

interface Node {
  path: ModelAction[];
  budget: Budget;
  /** Reduced search only: actions not to try from this state. */
  sleep?: readonly Sleeper[];
}

/** Exhaustive search over a synchronous model (World.probe: each step rolled back in place). */
export function explore(options: ExploreOptions): ExploreResult {
  const bounds = boundsWith(options.bounds);
  // A checkpoint after every step of the current path: an undo is then a restore, not a
  // replay from the last sparse checkpoint (measured ≈1.5× more transitions per CPU second).
  const space = searchSpace(options.config, options.prefix ?? [], { history: { recent: bounds.depth + 1, every: 16 }, model: options.model });
  try {
    return driveSync(breadthFirst(options, bounds, { space: space.mode }), (request) => {
      if (request.kind === 'open') return space.open(request.path);
      if (request.kind === 'probe') return space.probe(request.world, request.action, request.visit);
      // Recovery runs on a World of its own, moving forward only (recover.ts).
      if (request.kind === 'replay') return World.replay(request.config, request.actions, { history: false, model: options.model });
      if (request.kind === 'step') return request.world.step(request.action);
      throw new Error('explore: an unknown request');
    });
  } finally {
    space.dispose();
  }
}

/**
 * Exhaustive search over any model, stepping with `stepAsync` (an asynchronous engine's
 * jobs awaited inside each step). Same search, same result shape as `explore`; `replays`
 * says how often the cursor was rebuilt because undo could not restore the model's runtime.
 */
export async function exploreAsync(options: ExploreOptions): Promise<ExploreResult> {
  const bounds = boundsWith(options.bounds);
  const space = await asyncSearchSpace(options.config, options.prefix ?? [], bounds.depth);
  try {
    const result = await driveAsync(breadthFirst(options, bounds, { space: space.mode }), (request) => {
      if (request.kind === 'open') return space.open(request.path);
      if (request.kind === 'probe') return space.probe(request.world, request.action, request.visit);
      if (request.kind === 'replay') return replayAsync(request.config, request.actions, { history: false, model: options.model });
      if (request.kind === 'step') return stepAsync(request.world, request.action);
      throw new Error('exploreAsync: an unknown request');
    });
    return { ...result, replays: space.replays() };
  } finally {
    space.dispose();
  }
}

/** The breadth-first search itself, written once for both spaces (drive.ts). */
function* breadthFirst(options: ExploreOptions, bounds: Bounds, how: { space: ExploreResult['space'] }): Search<ExploreResult> {
  const now = options.now ?? (() => 0);
  const started = now();
  const prefix = options.prefix ?? [];
  const found = new Map<string, Counterexample>();
  const visited = new Set<number>();
  let transitions = 0;
  let depthCompleted = 0;
  let stoppedBy: ExploreResult['stoppedBy'] = null;
  const every = options.progressEvery ?? 500;
  const elapsed = () => now() - started;
  const progress = (depth: number) => options.onProgress?.({ states: visited.size, transitions, depth, elapsedMs: elapsed() });

  const root = yield* open([]);
  const rootBudget = budgetOf([]);
  const prefixLength = root.actions.length;
  const key = (world: World, budget: Budget) => hash53(`${worldFingerprint(world)}|${budgetKey(budget)}`);
  visited.add(key(root, rootBudget));
  for (const failed of root.invariants.filter((i) => !i.ok)) found.set(failed.id, counterexampleFrom(root, prefixLength, failed));

  let frontier: Node[] = found.size ? [] : [{ path: [], budget: rootBudget, ...(options.reduce ? { sleep: [] } : {}) }];
  let slept = 0;
  const unrecoverable = new Map<string, Unrecoverable>();
  let recovered = 0;
  const stopAtFirst = () => options.stopAtFirst === true && (found.size > 0 || unrecoverable.size > 0);
  // Recoverability: the system's own recovery from this reached state must settle it.
  function* checkRecovery(node: Node): Search<void> {
    const actions = [...prefix, ...node.path.map(plainAction)];
    try {
      const run = yield* recoverFrom(options.config, actions);
      recovered++;
      if (run.settled) return;
      const found = unrecoverableCounterexample(run, node.path.length);
      if (!unrecoverable.has(found.invariant)) unrecoverable.set(found.invariant, found);
    } catch (error) {
      if (!found.has('ERROR')) found.set('ERROR', errorCounterexample(actions, node.path.length, error));
    }
  }

  search: for (let depth = 0; depth < bounds.depth && frontier.length > 0; depth++) {
    const next: Node[] = [];
    // Reduced search: the next level's nodes by state, so a state reached again at the same
    // depth keeps only what every way in agrees may sleep (the intersection).
    const nextByKey = new Map<number, Node>();
    for (const node of frontier) {
      if (visited.size >= bounds.maxStates) { stoppedBy = 'maxStates'; break search; }
      if (options.now && elapsed() >= bounds.maxMs) { stoppedBy = 'maxMs'; break search; }
      if (options.recover) {
        yield* checkRecovery(node);
        if (stopAtFirst()) { stoppedBy = 'firstCounterexample'; break search; }
      }
      const world = yield* open(node.path);
      const actions = worldEnabled(world, bounds, node.budget);
      const asleep = node.sleep ? new Set(node.sleep.map((s) => s.key)) : null;
      // Footprints are read here, before the first probe (an asynchronous probe moves the cursor on).
      const sleepers = asleep ? actions.map((action): Sleeper => ({ key: actionKey(action), footprint: footprintOf(world, action) })) : null;
      /** Actions tried from this state whose child was kept (or known): they sleep in later siblings. */
      const done: Sleeper[] = [];
      for (const [index, action] of actions.entries()) {
        const sleeper = sleepers ? sleepers[index]! : null;
        if (sleeper && asleep!.has(sleeper.key)) { slept++; continue; }
        transitions++;
        if (transitions % every === 0) progress(depth + 1);
        const path = [...node.path, action];
        const budget = spend(node.budget, action);
        try {
          yield* probe(world, action, (child: World, outcome: StepOutcome) => {
            if (!outcome.ok) return; // enabled() offered something the World refuses: not a transition
            for (const failed of outcome.entry.invariants) {
              if (!failed.ok && !found.has(failed.id)) found.set(failed.id, counterexampleFrom(child, prefixLength, failed));
            }
            if (outcome.entry.invariants.some((inv) => !inv.ok)) return; // a broken state is not expanded
            const id = key(child, budget);
            if (sleeper) {
              // What may sleep in the child: what slept here or was tried before, and does not depend on this action.
              const sleep = [...node.sleep!, ...done].filter((s) => independent(s.footprint, sleeper.footprint));
              done.push(sleeper);
              const same = nextByKey.get(id);
              if (same) same.sleep = same.sleep!.filter((s) => sleep.some((t) => t.key === s.key));
              if (visited.has(id)) return;
              visited.add(id);
              const child: Node = { path, budget, sleep };
              nextByKey.set(id, child);
              next.push(child);
              return;
            }
            if (visited.has(id)) return;
            visited.add(id);
            next.push({ path, budget });
          });
        } catch (error) {
          // A step that throws is a bug worth a counterexample of its own.
          if (!found.has('ERROR')) found.set('ERROR', errorCounterexample([...prefix, ...path.map(plainAction)], path.length, error));
        }
        if (stopAtFirst()) break;
      }
      if (stopAtFirst()) { stoppedBy = 'firstCounterexample'; break search; }
    }
    depthCompleted = depth + 1;
    frontier = next;
  }
  // The states at the depth bound were reached but not expanded: recover from them too.
  if (options.recover && stoppedBy === null) {
    for (const node of frontier) {
      if (options.now && elapsed() >= bounds.maxMs) { stoppedBy = 'maxMs'; break; }
      yield* checkRecovery(node);
      if (stopAtFirst()) { stoppedBy = 'firstCounterexample'; break; }
    }
  }
  progress(depthCompleted);
  return {
    mode: 'exhaustive',
    model: options.config.model,
    switches: { ...options.config.switches },
    bounds,
    boundsText: describeBounds(bounds),
    states: visited.size,
    transitions,
    depthCompleted,
    elapsedMs: elapsed(),
    stoppedBy,
    space: how.space,
    ...(options.reduce ? { reduced: true, slept } : {}),
    counterexamples: [...found.values()].sort((a, b) => a.steps - b.steps || a.invariant.localeCompare(b.invariant)),
    ...(options.recover ? { recovered, unrecoverable: [...unrecoverable.values()].sort((a, b) => a.steps - b.steps || a.invariant.localeCompare(b.invariant)) } : {}),
  };
}

/** An action as a sleep-set key (its canonical JSON: field order does not matter). */
function actionKey(action: ModelAction): string {
  return canonicalize(action) ?? '';
}
