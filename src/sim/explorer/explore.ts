/**
 * Exhaustive bounded search: breadth-first over world-level `enabled` actions from a
 * lab's starting World (or from a given step log), deduplicating states by fingerprint.
 * Breadth-first means the first counterexample found for an invariant is a shortest one.
 *
 * One search (`breadthFirst`, a generator: drive.ts), two ways of stepping: `explore` over
 * synchronous Worlds (World.step / World.probe), `exploreAsync` over Worlds whose model
 * awaits an engine (runStep, undo where the runtime allows it, else replay: asyncSpace.ts).
 * Runs in Node (CLI, tests) and in a Web Worker. The only impurity, a wall clock for the
 * time bound, is lent by the caller (`now`).
 */
import canonicalize from 'canonicalize';
import type { Model, ModelAction } from '../model';
import { World, type StepOutcome, type WorldConfig } from '../world';
import { replaySteps, runStep } from '../asyncStep';
import { asyncSearchSpace, type AsyncSearchSpace } from './asyncSpace';
import { boundsWith, describeBounds, type Bounds } from './bounds';
import { budgetKey, EMPTY_BUDGET, spend, type Budget } from './budget';
import { worldEnabled } from './enabled';
import { hash53, worldFingerprint } from './fingerprint';
import { footprintOf, independent, type Footprint } from './footprint';
import { counterexampleFrom, errorCounterexample, plainAction, type Counterexample, type ExploreResult, type Progress, type Unrecoverable } from './result';
import { recoverFrom, unrecoverableCounterexample } from './recover';
import { searchSpace } from './space';
import { driveAsync, driveSync, open, probe, type Search, type SearchRequest } from './drive';

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
  /**
   * Asked before each node: true ends the search where it is, as a limit would
   * (`stoppedBy: 'cancelled'`), so a search the student cancels still reports what it covered.
   */
  stop?: () => boolean;
}

/** An action put to sleep: tried already on another branch, independent of everything since. */
export interface Sleeper {
  key: string;
  footprint: Footprint;
}

/** Exhaustive search over a synchronous model (World.probe: each step rolled back in place). */
export function explore(options: ExploreOptions): ExploreResult {
  const bounds = boundsWith(options.bounds);
  // A checkpoint after every step of the current path: an undo is then a restore, not a
  // replay from the last sparse checkpoint (measured ≈1.5× more transitions per CPU second).
  const space = searchSpace(options.config, options.prefix ?? [], { history: { recent: bounds.depth + 1, every: 16 }, model: options.model });
  try {
    return driveSync(breadthFirst(options, bounds, { space: space.mode }), syncAnswer(space, options));
  } finally {
    space.dispose();
  }
}

/**
 * Exhaustive search over any model, stepping with `runStep` (an asynchronous engine's
 * jobs awaited inside each step). Same search, same result shape as `explore`; `replays`
 * says how often the cursor was rebuilt because undo could not restore the model's runtime.
 */
export async function exploreAsync(options: ExploreOptions): Promise<ExploreResult> {
  const bounds = boundsWith(options.bounds);
  const space = await asyncSearchSpace(options.config, options.prefix ?? [], bounds.depth);
  try {
    const result = await driveAsync(breadthFirst(options, bounds, { space: space.mode }), asyncAnswer(space, options));
    return { ...result, replays: space.replays() };
  } finally {
    space.dispose();
  }
}

/** How a synchronous space answers a search's requests (drive.ts). */
function syncAnswer(space: ReturnType<typeof searchSpace>, options: ExploreOptions): (request: SearchRequest) => unknown {
  return (request) => {
    if (request.kind === 'open') return space.open(request.path);
    if (request.kind === 'probe') return space.probe(request.world, request.action, request.visit);
    // Recovery runs on a World of its own, moving forward only (recover.ts).
    if (request.kind === 'replay') return World.replay(request.config, request.actions, { history: false, model: options.model });
    if (request.kind === 'step') return request.world.step(request.action);
    throw new Error('explore: an unknown request');
  };
}

/** The same for an asynchronous space. */
function asyncAnswer(space: AsyncSearchSpace, options: ExploreOptions): (request: SearchRequest) => unknown {
  return (request) => {
    if (request.kind === 'open') return space.open(request.path);
    if (request.kind === 'probe') return space.probe(request.world, request.action, request.visit);
    if (request.kind === 'replay') return replaySteps(request.config, request.actions, { history: false, model: options.model });
    if (request.kind === 'step') return runStep(request.world, request.action);
    throw new Error('exploreAsync: an unknown request');
  };
}

/** The breadth-first search itself, written once for both spaces (drive.ts). */
function* breadthFirst(options: ExploreOptions, bounds: Bounds, how: { space: ExploreResult['space'] }): Search<ExploreResult> {
  const root = yield* open([]);
  const levels = new Levels(options, bounds, rootOf(root, root.actions.length));
  const expand = expander(options, bounds, root.actions.length);
  for (let nodes = levels.start(); nodes; nodes = levels.next()) {
    for (const node of nodes) {
      if (!levels.wants(node)) break;
      levels.merge(node, yield* expand(node));
    }
  }
  return levels.result(how.space);
}

/** A node to expand: a state by its path from the start, with the budget it has spent. */
export interface Node {
  path: ModelAction[];
  budget: Budget;
  /** Reduced search only: actions not to try from this state. */
  sleep?: readonly Sleeper[];
  /** Only check its recovery (a state at the depth bound), do not expand it. */
  recoverOnly?: boolean;
}

/** What trying one action from a node gave. */
export interface Child {
  action: ModelAction;
  /** Its state's visited key; absent when the step was refused, threw or broke an invariant. */
  id?: number;
  /** One counterexample per invariant the child breaks (a broken child is not expanded). */
  broken?: Counterexample[];
  /** The step threw. */
  error?: Counterexample;
  /** Reduced search: what sleeps in the child. */
  sleep?: Sleeper[];
}

/**
 * What expanding one node found — computed where the World is (this thread or a pool
 * worker: parallel.ts), merged in frontier order by `Levels` (so every worker count gives
 * the same result). Plain data: it crosses a postMessage.
 */
export interface Expansion {
  /** With `recover`: the node's own recovery (null: it settled). */
  recovery?: { unrecoverable?: Unrecoverable; error?: Counterexample } | null;
  children: Child[];
  /** Reduced search: actions not tried because they slept. */
  slept: number;
}

/** Expands one node: its recovery (with `recover`), then every enabled action, probed. */
export function expander(options: ExploreOptions, bounds: Bounds, prefixLength: number): (node: Node) => Search<Expansion> {
  const prefix = options.prefix ?? [];
  return function* expand(node: Node): Search<Expansion> {
    const out: Expansion = { children: [], slept: 0 };
    if (options.recover) out.recovery = yield* recovery(node);
    if (node.recoverOnly) return out;
    const world = yield* open(node.path);
    const actions = worldEnabled(world, bounds, node.budget);
    const asleep = node.sleep ? new Set(node.sleep.map((s) => s.key)) : null;
    // Footprints are read here, before the first probe (an asynchronous probe moves the cursor on).
    const sleepers = asleep ? actions.map((action): Sleeper => ({ key: actionKey(action), footprint: footprintOf(world, action) })) : null;
    /** Actions tried from this state whose child was kept (or known): they sleep in later siblings. */
    const done: Sleeper[] = [];
    for (const [index, action] of actions.entries()) {
      const sleeper = sleepers ? sleepers[index]! : null;
      if (sleeper && asleep!.has(sleeper.key)) { out.slept++; continue; }
      const path = [...node.path, action];
      const budget = spend(node.budget, action);
      const child: Child = { action };
      try {
        yield* probe(world, action, (after: World, outcome: StepOutcome) => {
          if (!outcome.ok) return; // enabled() offered something the World refuses: not a transition
          const failed = outcome.entry.invariants.filter((inv) => !inv.ok);
          if (failed.length > 0) {
            child.broken = failed.map((f) => counterexampleFrom(after, prefixLength, f));
            return; // a broken state is not expanded
          }
          child.id = stateKey(after, budget);
          if (sleeper) {
            // What may sleep in the child: what slept here or was tried before, and does not depend on this action.
            child.sleep = [...node.sleep!, ...done].filter((s) => independent(s.footprint, sleeper.footprint));
            done.push(sleeper);
          }
        });
      } catch (error) {
        // A step that throws is a bug worth a counterexample of its own.
        child.error = errorCounterexample([...prefix, ...path.map(plainAction)], path.length, error);
      }
      out.children.push(child);
    }
    return out;
  };

  // Recoverability: the system's own recovery from this reached state must settle it.
  function* recovery(node: Node): Search<NonNullable<Expansion['recovery']> | null> {
    const actions = [...prefix, ...node.path.map(plainAction)];
    try {
      const run = yield* recoverFrom(options.config, actions);
      return run.settled ? null : { unrecoverable: unrecoverableCounterexample(run, node.path.length) };
    } catch (error) {
      return { error: errorCounterexample(actions, node.path.length, error) };
    }
  }
}

/** The start of a search, as `Levels` needs it (plain data: a pool worker sends it). */
export interface Root {
  id: number;
  broken: Counterexample[];
}

export function rootOf(world: World, prefixLength: number): Root {
  return { id: stateKey(world, EMPTY_BUDGET), broken: world.invariants.filter((i) => !i.ok).map((failed) => counterexampleFrom(world, prefixLength, failed)) };
}

/**
 * One search's expanding side, for a pool worker (parallel.ts): a search space over the
 * config (synchronous, or awaiting the engine), the start, and node expansion in batches.
 */
export interface ExpansionSession {
  root: Root;
  expand(nodes: readonly Node[]): Promise<Expansion[]>;
  dispose(): void;
}

export async function expansionSession(options: ExploreOptions, asynchronous: boolean): Promise<ExpansionSession> {
  const bounds = boundsWith(options.bounds);
  if (!asynchronous) {
    const space = searchSpace(options.config, options.prefix ?? [], { history: { recent: bounds.depth + 1, every: 16 }, model: options.model });
    const answer = syncAnswer(space, options);
    const root = driveSync(open([]), answer);
    const expand = expander(options, bounds, root.actions.length);
    return {
      root: rootOf(root, root.actions.length),
      expand: (nodes) => Promise.resolve(nodes.map((node) => driveSync(expand(node), answer))),
      dispose: () => space.dispose(),
    };
  }
  const space = await asyncSearchSpace(options.config, options.prefix ?? [], bounds.depth);
  const answer = asyncAnswer(space, options);
  const root = await driveAsync(open([]), answer);
  const expand = expander(options, bounds, root.actions.length);
  return {
    root: rootOf(root, root.actions.length),
    async expand(nodes) {
      const out: Expansion[] = [];
      for (const node of nodes) out.push(await driveAsync(expand(node), answer));
      return out;
    },
    dispose: () => space.dispose(),
  };
}

/** A state's key in the visited set: its fingerprint and the budget it has left. */
function stateKey(world: World, budget: Budget): number {
  return hash53(`${worldFingerprint(world)}|${budgetKey(budget)}`);
}

/**
 * The breadth-first bookkeeping: the visited set, the frontier level by level, the first
 * counterexample per invariant, the limits. Expansions are merged in frontier order, one
 * node at a time, whoever computed them: the result does not depend on where.
 */
export class Levels {
  private readonly started: number;
  private readonly now: () => number;
  private readonly found = new Map<string, Counterexample>();
  private readonly unrecoverable = new Map<string, Unrecoverable>();
  private readonly visited = new Set<number>();
  private transitions = 0;
  private slept = 0;
  private recovered = 0;
  private depth = 0;
  private depthCompleted = 0;
  private stoppedBy: ExploreResult['stoppedBy'] = null;
  private frontier: Node[] = [];
  private nextLevel: Node[] = [];
  /** Reduced search: the next level's nodes by state (a state reached again at the same depth keeps the intersection of sleep sets). */
  private nextByKey = new Map<number, Node>();
  /** The depth-bound states still to recover from (with `recover`), once the last level is done. */
  private recoveringLast = false;

  constructor(private readonly options: ExploreOptions, private readonly bounds: Bounds, root: Root) {
    this.now = options.now ?? (() => 0);
    this.started = this.now();
    this.visited.add(root.id);
    for (const found of root.broken) this.found.set(found.invariant, found);
    if (this.found.size === 0) this.frontier = [{ path: [], budget: EMPTY_BUDGET, ...(options.reduce ? { sleep: [] } : {}) }];
  }

  private elapsed(): number {
    return this.now() - this.started;
  }

  private stopAtFirst(): boolean {
    return this.options.stopAtFirst === true && (this.found.size > 0 || this.unrecoverable.size > 0);
  }

  /** The first level's nodes (or null: nothing to search). */
  start(): Node[] | null {
    if (this.frontier.length === 0) return this.finish();
    if (this.bounds.depth > 0) return this.frontier;
    this.depth = -1; // nothing to expand: only the start to recover from
    return this.next();
  }

  /** After a level is merged: the next level's nodes, or null when the search is over. */
  next(): Node[] | null {
    if (this.stoppedBy !== null || this.recoveringLast) return this.finish();
    if (this.depth >= 0) {
      this.depthCompleted = this.depth + 1;
      this.frontier = this.nextLevel;
    }
    this.depth++;
    this.nextLevel = [];
    this.nextByKey = new Map();
    if (this.depth < this.bounds.depth && this.frontier.length > 0) return this.frontier;
    // The states at the depth bound were reached but not expanded: recover from them too.
    if (this.options.recover && this.frontier.length > 0) {
      this.recoveringLast = true;
      return this.frontier.map((node) => ({ ...node, recoverOnly: true }));
    }
    return this.finish();
  }

  private finish(): null {
    this.frontier = [];
    return null;
  }

  /** Whether to go on with this node of the current level (false: a limit stopped the search). */
  wants(node: Node): boolean {
    if (this.stoppedBy !== null) return false;
    if (!node.recoverOnly && this.visited.size >= this.bounds.maxStates) { this.stoppedBy = 'maxStates'; return false; }
    if (this.options.now && this.elapsed() >= this.bounds.maxMs) { this.stoppedBy = 'maxMs'; return false; }
    if (this.options.stop?.()) { this.stoppedBy = 'cancelled'; return false; }
    return true;
  }

  /** Takes in one node's expansion, in frontier order. */
  merge(node: Node, expansion: Expansion): void {
    if (expansion.recovery !== undefined) {
      const { unrecoverable, error } = expansion.recovery ?? {};
      if (!error) this.recovered++;
      if (unrecoverable && !this.unrecoverable.has(unrecoverable.invariant)) this.unrecoverable.set(unrecoverable.invariant, unrecoverable);
      if (error && !this.found.has('ERROR')) this.found.set('ERROR', error);
      if (this.stopAtFirst()) { this.stoppedBy = 'firstCounterexample'; return; }
    }
    if (node.recoverOnly) return;
    this.slept += expansion.slept;
    const every = this.options.progressEvery ?? 500;
    for (const child of expansion.children) {
      this.transitions++;
      if (this.transitions % every === 0) this.progress(this.depth + 1);
      for (const found of child.broken ?? []) if (!this.found.has(found.invariant)) this.found.set(found.invariant, found);
      if (child.error && !this.found.has('ERROR')) this.found.set('ERROR', child.error);
      if (child.id !== undefined) this.keep(node, child, child.id);
      if (this.stopAtFirst()) { this.stoppedBy = 'firstCounterexample'; return; }
    }
  }

  private keep(node: Node, child: Child, id: number): void {
    const path = [...node.path, child.action];
    if (child.sleep) {
      const same = this.nextByKey.get(id);
      if (same) same.sleep = same.sleep!.filter((s) => child.sleep!.some((t) => t.key === s.key));
    }
    if (this.visited.has(id)) return;
    this.visited.add(id);
    const kept: Node = { path, budget: spend(node.budget, child.action), ...(child.sleep ? { sleep: child.sleep } : {}) };
    if (child.sleep) this.nextByKey.set(id, kept);
    this.nextLevel.push(kept);
  }

  private progress(depth: number): void {
    this.options.onProgress?.({ states: this.visited.size, transitions: this.transitions, depth, elapsedMs: this.elapsed() });
  }

  result(space: ExploreResult['space']): ExploreResult {
    this.progress(this.depthCompleted);
    const { options, bounds } = this;
    const order = (a: Counterexample, b: Counterexample) => a.steps - b.steps || a.invariant.localeCompare(b.invariant);
    return {
      mode: 'exhaustive',
      model: options.config.model,
      switches: { ...options.config.switches },
      bounds,
      boundsText: describeBounds(bounds),
      states: this.visited.size,
      transitions: this.transitions,
      depthCompleted: this.depthCompleted,
      elapsedMs: this.elapsed(),
      stoppedBy: this.stoppedBy,
      space,
      ...(options.reduce ? { reduced: true, slept: this.slept } : {}),
      counterexamples: [...this.found.values()].sort(order),
      ...(options.recover ? { recovered: this.recovered, unrecoverable: [...this.unrecoverable.values()].sort(order) } : {}),
    };
  }
}

/** An action as a sleep-set key (its canonical JSON: field order does not matter). */
function actionKey(action: ModelAction): string {
  return canonicalize(action) ?? '';
}
