/**
 * The World: every node's own database, the virtual clock, the seeded RNG, the network of
 * in-flight frames, armed fault points, the step log, the trace and the invariants.
 *
 * `world.step(action)` is the only way anything changes. Same config + same actions ⇒
 * the same database bytes and the same trace (tested). Going back is an undo to a
 * checkpoint (src/sim/history.ts), never a replay from the root; a World opens from the
 * cached post-setup images of its config, so a switch flip replays only the steps.
 *
 * This class is the World's public face; its parts live in src/sim/world/ (CONTEXT.md
 * there): the kernel runs a step, the stores hold the databases, the timeline goes back
 * and forth, the judge runs the invariants. What needs more than one part — a step inside
 * the undo window, an undo that replays, a probe, a fork — is put together here, so the
 * parts do not call one another back; the one exception is a store asking the timeline to
 * close the undo window before it exports (wired in the constructor).
 */
import type { Store } from '../core/db/store';
import { msg, type Message } from '../core/message';
import type { CheckpointRow, ThreadView } from '../core/workflow/threadView';
import type { VirtualClock } from './clock';
import { isRefusal, reasonKeyText, type Footprint, type InvariantResult, type LiveMachine, type Model, type ModelAction, type ModelContext, type NodeLine, type NodeSpec, type NodeStatus, type RefusalReason } from './model';
import { modelById } from './modelSource';
import type { Frame, Network } from './network';
import type { SeededRng } from './rng';
import { parseActionFor } from './parseAction';
import { setupCache } from './setupCache';
import { Judge } from './world/judge';
import { Kernel } from './world/kernel';
import { memoText } from './world/memos';
import { WorldCore } from './world/state';
import { NodeStores } from './world/stores';
import { Timeline } from './world/timeline';
import type { StepOutcome, TraceEntry, WorldConfig, WorldOptions } from './world/types';

export type { StepOutcome, TraceEntry, WorldConfig, WorldOptions } from './world/types';

export class World {
  readonly config: WorldConfig;
  readonly model: Model;
  readonly clock: VirtualClock;
  readonly rng: SeededRng;
  readonly network: Network;
  readonly nodes: NodeSpec[];
  readonly switches: Readonly<Record<string, string>>;
  /** The step log: normalised actions, replayable with World.replay. */
  readonly actions: ModelAction[];
  /**
   * The trace. The World only appends to this array: an undo puts a shorter copy in its
   * place (the timeline's `restore`), so a reader that keeps the array and a length (the lab session's
   * views) reads the same entries later, and the array taken back serves as the undone
   * run's trace for a redo, uncopied. Only `probe` shortens it in place, back to its length
   * before the probe.
   */
  get trace(): TraceEntry[] {
    return this.core.trace;
  }

  private readonly core: WorldCore;
  private readonly stores: NodeStores;
  private readonly timeline: Timeline;
  private readonly judge: Judge;
  private readonly kernel: Kernel;
  private readonly ctx: ModelContext;

  private constructor(config: WorldConfig, model: Model, options: WorldOptions, images?: ReadonlyMap<string, Uint8Array>,
    past?: { actions: readonly ModelAction[]; trace: readonly TraceEntry[] }) {
    if (model.id !== config.model) throw new Error(`World: config names model '${config.model}' but was given '${model.id}'`);
    this.config = config;
    this.model = model;
    const core = (this.core = new WorldCore(config, model, past));
    this.actions = core.actions;
    this.switches = core.switches;
    this.clock = core.clock;
    this.rng = core.rng;
    this.network = core.network;
    this.nodes = core.nodes;
    // A store asked for its bytes inside the undo window has the window closed first.
    this.stores = new NodeStores(core, () => this.timeline.settle());
    this.timeline = new Timeline(core, this.stores, options.history);
    this.judge = new Judge(model, options.oracle ?? 'step', this.stores);
    this.kernel = new Kernel(core, this.stores, this.judge);
    this.ctx = this.kernel.ctx;
    this.stores.openAll(images);
    for (const node of this.nodes) core.statuses.set(node.id, 'up');
  }

  /**
   * A new World in its starting state (trace entry 0). Throws on a bad starting state.
   * Opens from the cached post-setup images of this model + config when there are some.
   */
  static create(config: WorldConfig, options: WorldOptions = {}): World {
    const model = options.model ?? modelById(config.model);
    const key = setupCache.key(config.seed, config.initial, config.switches);
    const cached = setupCache.get(model, key);
    if (cached) {
      const world = new World(config, model, options, cached.images);
      world.timeline.startFromSetup(cached);
      return world;
    }
    const world = new World(config, model, options);
    const problem = world.model.validateInitial(config.initial);
    if (problem) {
      world.dispose();
      throw new Error(`starting state: ${problem}`);
    }
    world.kernel.setup(config.initial);
    const checkpoint = world.timeline.checkpoint(true)!;
    world.timeline.setup = setupCache.put(model, key, checkpoint.images!, checkpoint.state, world.trace[0]!);
    return world;
  }

  /** Rebuilds a World by replaying a step log (from the cached post-setup images). Throws if a step no longer applies. */
  static replay(config: WorldConfig, actions: readonly unknown[], options: WorldOptions = {}): World {
    const world = World.create(config, options);
    actions.forEach((action, i) => {
      const outcome = world.step(action);
      if (!outcome.ok) {
        world.dispose();
        throw new Error(`replay step ${i + 1}: ${reasonKeyText(outcome.error)}`);
      }
    });
    return world;
  }

  /**
   * Parses and runs one action. A rejected action changes nothing and is not logged.
   * `checkpoint: false` skips the history's checkpoint after it: for a step about to be
   * undone (the explorer's probe), whose images would be exported only to be thrown away.
   */
  step(raw: unknown, options: { checkpoint?: boolean } = {}): StepOutcome {
    const parsed = this.parse(raw);
    if (isRefusal(parsed)) return { ok: false, error: parsed };
    const problem = this.kernel.precondition(parsed);
    if (problem) return { ok: false, error: problem };
    const label = this.kernel.label(parsed);
    this.timeline.beginStep();
    let entry: TraceEntry;
    try {
      entry = this.kernel.run(parsed, label);
    } finally {
      this.stores.markWritesAt(null);
    }
    this.actions.push(parsed);
    this.timeline.afterStep(parsed, options.checkpoint !== false);
    return { ok: true, entry };
  }

  /**
   * Hook for asynchronous models (src/sim/asyncStep.ts): runs `body` INSIDE the latest
   * trace entry — its transactions, frames, notes and a crash are recorded there, a crash
   * takes its node down as in `step` — then re-judges the invariants. `runStep` calls it
   * after `step` until the model's queued async work and the network are both quiet.
   */
  async continueStep(body: (ctx: ModelContext) => Promise<void>): Promise<TraceEntry> {
    const entry = this.trace[this.trace.length - 1];
    if (!entry) throw new Error('continueStep: no step to continue');
    this.timeline.beginContinuation();
    this.core.recording = entry;
    try {
      const failure = await body(this.ctx).then(() => null, (error: unknown) => error);
      if (failure !== null) this.kernel.runGuarded(() => { throw failure; });
    } finally {
      this.core.recording = null;
      this.stores.markWritesAt(null);
    }
    this.kernel.rejudge(entry);
    this.timeline.endContinuation();
    return entry;
  }

  /**
   * Runs one action, lets `visit` look at the World after it, and takes it back — the
   * explorer's probe. Each store holds an outer savepoint for the duration (a store first
   * opened during the probe holds from its opening), so taking the step back is a rollback
   * in place: no image is exported or reopened. The rest of the World (clock, RNG, network,
   * statuses, memo) is put back from data saved before. Also exact when the step throws
   * halfway. A refused action changes nothing; `visit` sees it refused.
   */
  probe<T>(raw: unknown, visit: (outcome: StepOutcome) => T): T {
    const start = this.timeline.beginProbe();
    try {
      return visit(this.step(raw, { checkpoint: false }));
    } finally {
      this.timeline.endProbe(start);
    }
  }

  // ── Undo and fork ──────────────────────────────────────────────────────────────────────

  /** Takes back the latest step (the explorer's probe, the lab's Back). */
  undo(): void {
    if (this.actions.length === 0) throw new Error('undo: nothing to undo');
    this.undoTo(this.actions.length - 1);
  }

  /**
   * Puts the World back to right after its first `step` actions: restores the nearest
   * checkpoint at or before it and replays the few steps in between (never from the root).
   * Gives the same bytes, trace and state as a fresh replay of those steps (tested).
   * Also repairs a World whose latest step threw halfway: undoTo(actions.length).
   */
  undoTo(step: number): void {
    for (const action of this.timeline.rewind(step)) {
      const outcome = this.step(action);
      if (!outcome.ok) throw new Error(`undo: step ${this.actions.length + 1} no longer applies: ${reasonKeyText(outcome.error)}`);
    }
  }

  /**
   * Forward along the run the latest undo took back, to at most `step`: when `steps` (the
   * caller's log, from step 0) agrees with that run up to one of its image checkpoints after
   * the latest step, that checkpoint is restored and its steps and trace entries put back
   * (the same objects: replay is deterministic). Returns the step reached; the caller steps
   * the rest. Same bytes, trace and state as stepping there (world.test.ts).
   */
  redoTo(step: number, steps: readonly unknown[]): number {
    return this.timeline.redoTo(step, steps);
  }

  /**
   * An independent World in exactly this state (same config, model, step log and trace),
   * opened from this World's images: the explorer's branch point. The fork keeps its own
   * history from here; undoing past the fork point replays from the post-setup images.
   */
  fork(options: Omit<WorldOptions, 'model'> = {}): World {
    if (this.core.recording) throw new Error('fork: a step is running');
    const images = this.stores.currentImages();
    const world = new World(this.config, this.model, {
      history: options.history ?? this.timeline.policy, oracle: options.oracle ?? this.judge.oracle, model: this.model,
    }, images, this);
    // One copy of the state: restoreState copies the memo out of it again, so the child's
    // first checkpoint can keep this object as it is.
    const state = this.timeline.saveState();
    world.timeline.restoreState(state);
    world.timeline.startAsFork(this.timeline.setup ?? setupImages(this.config, this.model), state);
    return world;
  }

  /**
   * The memos as text, keys sorted at every level (tests: a World put back by undo or fork
   * must hold the same memos as a fresh replay of its steps).
   */
  memoText(): string {
    return memoText(this.core.memos);
  }

  /** Steps that currently have a checkpoint (tests and diagnostics). */
  checkpointSteps(): number[] {
    return this.timeline.steps();
  }

  /** Parses a token/object into an action without running it. */
  parse(raw: unknown): ModelAction | RefusalReason {
    return parseActionFor(this.model, raw);
  }

  /** The label of a token/object as a message, or the parse error. */
  describe(raw: unknown): Message {
    const parsed = this.parse(raw);
    return isRefusal(parsed) ? msg('steps.invalid', { error: parsed }) : this.kernel.label(parsed);
  }

  observe(): Record<string, unknown> {
    return this.model.observe(this.ctx);
  }

  /** Invariant results after the latest step. */
  get invariants(): InvariantResult[] {
    return this.trace[this.trace.length - 1]?.invariants ?? [];
  }

  /**
   * Every invariant judged by its full-history `check`, now (the test oracle that the
   * incremental `checkStep` must agree with: src/sim/oracle.ts).
   */
  checkFull(): InvariantResult[] {
    return this.judge.checkFull(this.ctx);
  }

  /**
   * The model's end conditions judged now (liveness: is the World settled?), or an empty
   * list for a model that declares none. Read-only, like the invariants.
   */
  endConditions(): InvariantResult[] {
    return this.judge.endConditions(this.ctx);
  }

  /** The model's own recovery moves from here (its `recoveryMoves` hook), or an empty list. */
  modelRecoveryMoves(): ModelAction[] {
    return this.model.recoveryMoves ? this.model.recoveryMoves(this.ctx) : [];
  }

  machines(): LiveMachine[] {
    return this.model.machines(this.ctx);
  }

  describeNodes(): Record<string, NodeLine[]> {
    return this.model.describeNodes(this.ctx);
  }

  /** The engine graph and where the run stands on it (a model with `engineThread`), else null. */
  engineThread(): ThreadView | null {
    return this.model.engineThread?.(this.ctx) ?? null;
  }

  /** Node `node`'s engine checkpoints as readable rows, with the table they stand for; null if it holds none. */
  engineCheckpoints(node: string): { table: string; rows: CheckpointRow[] } | null {
    return this.model.engineCheckpoints?.(this.store(node)) ?? null;
  }

  status(node: string): NodeStatus {
    return this.kernel.status(node);
  }

  store(node: string): Store {
    return this.stores.store(node);
  }

  armedFaults(): string[] {
    return [...this.core.armed].sort();
  }

  // ── Read-only views for the explorer (src/sim/explorer): what a state is made of ──
  /** The model's business actions that can run now (its `enabled` hook), or null without one. */
  modelEnabled(): ModelAction[] | null {
    return this.model.enabled ? this.model.enabled(this.ctx) : null;
  }

  /** What `action` would touch now, as the model declares it (its `footprint` hook), or null when it does not say. */
  modelFootprint(action: ModelAction): Footprint | null {
    return this.model.footprint?.(this.ctx, action) ?? null;
  }

  /** The model's canonical logical state (its `fingerprint` hook), or null without one. */
  modelFingerprint(): string | null {
    return this.model.fingerprint ? this.model.fingerprint(this.ctx) : null;
  }

  /** The model's canonical form of an in-flight frame (its `frameFingerprint` hook), or null without one. */
  modelFrameFingerprint(frame: Frame): string | null {
    return this.model.frameFingerprint ? this.model.frameFingerprint(this.ctx, frame) : null;
  }

  /** Whether `frame` can be delivered now: its target is not paused and its latency has passed (also the explorer's rule). */
  canArrive(frame: Frame): boolean {
    return this.kernel.canArrive(frame);
  }

  /** Cut links, as "a|b" with a < b, sorted. */
  cutLinks(): string[] {
    return [...this.core.partitions].sort();
  }

  /** How many times `node` has crashed: frames sent to an older incarnation are lost. */
  incarnation(node: string): number {
    return this.core.incarnations.get(node) ?? 0;
  }

  /** Every node's database image, by node ID (copies: the World keeps its own). */
  images(): Record<string, Uint8Array> {
    return this.stores.images();
  }

  dispose(): void {
    this.stores.dispose();
  }
}

/** The cached post-setup images of a config (creating them once if they were evicted). */
function setupImages(config: WorldConfig, model: Model) {
  const key = setupCache.key(config.seed, config.initial, config.switches);
  const cached = setupCache.get(model, key);
  if (cached) return cached;
  World.create(config, { model, history: false }).dispose();
  return setupCache.get(model, key)!;
}
