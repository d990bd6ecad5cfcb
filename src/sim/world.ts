/**
 * The World: every node's own database, the virtual clock, the seeded RNG, the network of
 * in-flight frames, armed fault points, the step log, the trace and the invariants.
 *
 * `world.step(action)` is the only way anything changes. Same config + same actions ⇒
 * the same database bytes and the same trace (tested). Going back is an undo to a
 * checkpoint (src/sim/history.ts), never a replay from the root; a World opens from the
 * cached post-setup images of its config, so a switch flip replays only the steps.
 */
import type { Store } from '../core/db/store';
import { msg, type Message } from '../core/message';
import type { CheckpointRow, ThreadView } from '../core/workflow/threadView';
import type { VirtualClock } from './clock';
import { DEFAULT_HISTORY, History, type Checkpoint, type StoreImage, type WorldState } from './history';
import { reasonKeyText, type Footprint, type InvariantResult, type LiveMachine, type Model, type ModelAction, type MemoCopy, type ModelContext, type NodeLine, type NodeSpec, type NodeStatus } from './model';
import { modelById } from './modelSource';
import type { Frame, Network } from './network';
import type { SeededRng } from './rng';
import { parseActionFor } from './parseAction';
import { setupCache, type SetupImages } from './setupCache';
import { Judge } from './world/judge';
import { Kernel } from './world/kernel';
import { WorldCore } from './world/state';
import { NodeStores } from './world/stores';
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
   * place (`restore`), so a reader that keeps the array and a length (the lab session's
   * views) reads the same entries later, and the array taken back serves as the undone
   * run's trace for a redo, uncopied. Only `probe` shortens it in place, back to its length
   * before the probe.
   */
  get trace(): TraceEntry[] {
    return this.core.trace;
  }

  /** What the World's parts share (src/sim/world/state.ts). */
  private readonly core: WorldCore;

  /** The node databases (src/sim/world/stores.ts). */
  private readonly stores: NodeStores;
  /**
   * The in-place undo window (history policy `inPlace`, see history.ts): steps since `base`
   * each marked the stores they wrote first, so a Back to a step in it is a rollback in place.
   * Null for other policies.
   */
  private window: { base: number; steps: number } | null = null;
  private readonly history: History | null;
  /** The invariant runner (src/sim/world/judge.ts). */
  private readonly judge: Judge;
  /** What a step means (src/sim/world/kernel.ts). */
  private readonly kernel: Kernel;
  private readonly ctx: ModelContext;
  /**
   * This config's post-setup images (the setup cache's entry, held here: a fork's history
   * starts from them without hashing the config again, even if the cache dropped them).
   */
  private setup: SetupImages | null = null;
  /**
   * What the latest undo took back, while the World still follows it: the step log and
   * trace as they were (the World's are a prefix of them) and the image checkpoints after
   * the World's latest step. `redoTo` restores the nearest of them, so a jump forward along
   * an undone run (the lab's slider) replays fewer than a window's steps, not every step
   * between. A step that leaves that run forgets it.
   */
  private future: { actions: ModelAction[]; trace: TraceEntry[]; checkpoints: Checkpoint[] } | null = null;

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
    this.stores = new NodeStores(core, () => this.settle());
    this.history = options.history === false ? null : new History(options.history ?? DEFAULT_HISTORY);
    if (this.history?.policy.inPlace) this.window = { base: 0, steps: 0 };
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
      world.setup = cached;
      world.restoreState(cached.state);
      world.core.trace.push(cached.entry);
      world.checkpoint();
      return world;
    }
    const world = new World(config, model, options);
    const problem = world.model.validateInitial(config.initial);
    if (problem) {
      world.dispose();
      throw new Error(`starting state: ${problem}`);
    }
    world.kernel.setup(config.initial);
    const checkpoint = world.checkpoint(true)!;
    world.setup = setupCache.put(model, key, checkpoint.images!, checkpoint.state, world.core.trace[0]!);
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
    if (typeof parsed === 'string') return { ok: false, error: parsed };
    const problem = this.kernel.precondition(parsed);
    if (problem) return { ok: false, error: problem };
    const label = this.kernel.label(parsed);
    this.beginWindowStep();
    let entry: TraceEntry;
    try {
      entry = this.kernel.run(parsed, label);
    } finally {
      this.stores.markWritesAt(null);
    }
    this.actions.push(parsed);
    if (this.future) this.followFuture(parsed);
    if (options.checkpoint !== false && this.history?.wants(this.actions.length, () => this.stores.exportBytes())) this.checkpoint();
    return { ok: true, entry };
  }

  /**
   * Hook for asynchronous models (src/sim/asyncStep.ts): runs `body` INSIDE the latest
   * trace entry — its transactions, frames, notes and a crash are recorded there, a crash
   * takes its node down as in `step` — then re-judges the invariants. `stepAsync` calls it
   * after `step` until the model's queued async work and the network are both quiet.
   */
  async continueStep(body: (ctx: ModelContext) => Promise<void>): Promise<TraceEntry> {
    const entry = this.trace[this.trace.length - 1];
    if (!entry) throw new Error('continueStep: no step to continue');
    this.future = null; // the entry changes: a run kept for a redo no longer describes it
    this.core.recording = entry;
    // Its writes belong to the latest step's window level: a store first written now is marked first.
    this.stores.markWritesAt(this.window !== null && this.window.steps > 0 && !this.stores.held ? this.window.steps : null);
    try {
      const failure = await body(this.ctx).then(() => null, (error: unknown) => error);
      if (failure !== null) this.kernel.runGuarded(() => { throw failure; });
    } finally {
      this.core.recording = null;
      this.stores.markWritesAt(null);
    }
    this.kernel.rejudge(entry);
    // The checkpoint taken when the step ended no longer describes it: take it again.
    if (this.history?.wants(this.actions.length, () => this.stores.exportBytes())) this.checkpoint();
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
    if (this.core.recording || this.stores.held) throw new Error('probe: a step or another probe is running');
    const state = this.saveState();
    const steps = this.actions.length;
    this.stores.holdAll();
    try {
      return visit(this.step(raw, { checkpoint: false }));
    } finally {
      this.core.recording = null;
      this.stores.letGoAll();
      this.restoreState(state);
      this.actions.length = steps;
      this.trace.length = steps + 1;
      this.history?.dropAfter(steps);
      // No image is taken while held (export refuses), and a store opened during the probe
      // rolled back to the image it opened from: every remembered image still holds.
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
    if (!this.history) throw new Error('undo: this World keeps no history (created with history: false)');
    if (!Number.isInteger(step) || step < 0 || step > this.actions.length) throw new Error(`undo: no step ${step} (0…${this.actions.length})`);
    const checkpoint = this.history.atOrBefore(step)!;
    const tail = this.actions.slice(checkpoint.step, step);
    this.restore(checkpoint);
    for (const action of tail) {
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
    const from = this.actions.length;
    const future = this.future;
    if (!future || !this.history || this.core.recording || step <= from) return from;
    let target: Checkpoint | undefined;
    for (const checkpoint of future.checkpoints) {
      if (checkpoint.step > step) break;
      target = checkpoint;
    }
    if (!target || target.step > future.actions.length) return from;
    for (let i = from; i < target.step; i++) {
      const ahead = future.actions[i]!;
      if (steps[i] !== ahead && JSON.stringify(this.parse(steps[i])) !== JSON.stringify(ahead)) return from;
    }
    for (let i = from; i < target.step; i++) {
      this.actions.push(future.actions[i]!);
      this.trace.push(future.trace[i + 1]!);
    }
    this.restore(target, true);
    return target.step;
  }

  /** After a step: keeps the undone run while the step log still follows it. */
  private followFuture(taken: ModelAction): void {
    const future = this.future!;
    const at = this.actions.length;
    const ahead = future.actions[at - 1];
    if (at >= future.actions.length || (ahead !== taken && JSON.stringify(ahead) !== JSON.stringify(taken))) {
      this.future = null;
      return;
    }
    // The World takes its own checkpoints up to here.
    let passed = 0;
    while (passed < future.checkpoints.length && future.checkpoints[passed]!.step <= at) passed += 1;
    if (passed > 0) future.checkpoints.splice(0, passed);
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
      history: options.history ?? (this.history ? this.history.policy : false), oracle: options.oracle ?? this.judge.oracle, model: this.model,
    }, images, this);
    // One copy of the state: restoreState copies the memo out of it again, so the child's
    // first checkpoint can keep this object as it is.
    const state = this.saveState();
    world.restoreState(state);
    world.setup = this.setup ?? setupImages(this.config, this.model);
    if (world.window) world.window.base = world.actions.length;
    if (world.history) {
      // Its past before the fork point: the post-setup images, then the step log.
      if (world.actions.length > 0) {
        const setup = world.setup;
        world.history.add({ step: 0, state: setup.state, images: new Map([...setup.images].map(([id, image]) => [id, { store: null, generation: -1, image }])) });
      }
      world.checkpoint(false, state);
    }
    return world;
  }

  /**
   * The memos as text, keys sorted at every level (tests: a World put back by undo or fork
   * must hold the same memos as a fresh replay of its steps).
   */
  memoText(): string {
    const sorted = (value: unknown): unknown => {
      if (value === null || typeof value !== 'object') return value;
      if (Array.isArray(value)) return value.map(sorted);
      if (value instanceof Set) return [...value].map(sorted);
      return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sorted((value as Record<string, unknown>)[k])]));
    };
    return JSON.stringify(sorted(Object.fromEntries(this.core.memos)));
  }

  /** Steps that currently have a checkpoint (tests and diagnostics). */
  checkpointSteps(): number[] {
    return this.history?.steps() ?? [];
  }

  /** Parses a token/object into an action without running it. */
  parse(raw: unknown): ModelAction | string {
    return parseActionFor(this.model, raw);
  }

  /** The label of a token/object as a message, or the parse error. */
  describe(raw: unknown): Message {
    const parsed = this.parse(raw);
    return typeof parsed === 'string' ? msg('steps.invalid', { error: parsed }) : this.kernel.label(parsed);
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

  // ── Checkpoints ────────────────────────────────────────────────────────────────────────

  /** Records the World after the latest step in the history (or, with `force`, regardless of policy). */
  private checkpoint(force = false, state?: WorldState): Checkpoint | null {
    if (!this.history && !force) return null;
    let images: Map<string, StoreImage> | null = null;
    // Inside an in-place window the stores' marks stand for their bytes: nothing is exported.
    if (!this.window || this.window.steps === 0) {
      images = new Map<string, StoreImage>();
      for (const node of this.nodes) images.set(node.id, this.stores.imageOf(node.id));
    }
    const checkpoint: Checkpoint = { step: this.actions.length, images, state: state ?? this.saveState() };
    this.history?.add(checkpoint);
    return checkpoint;
  }

  private saveState(): WorldState {
    return {
      clock: this.clock.save(),
      rng: this.rng.save(),
      network: this.network.save(),
      statuses: [...this.core.statuses],
      armed: [...this.core.armed],
      partitions: [...this.core.partitions],
      incarnations: [...this.core.incarnations],
      memo: this.core.memos.size > 0 ? this.saveMemos() : null,
    };
  }

  private restoreState(state: WorldState): void {
    this.clock.restore(state.clock);
    this.rng.restore(state.rng);
    this.network.restore(state.network);
    replaceMap(this.core.statuses, state.statuses);
    replaceSet(this.core.armed, state.armed);
    replaceSet(this.core.partitions, state.partitions);
    replaceMap(this.core.incarnations, state.incarnations);
    this.core.memos = new Map();
    for (const [key, saved] of Object.entries(state.memo ?? {})) {
      if (saved instanceof KeptMemo) {
        this.core.memoCopies.set(key, saved.copy);
        this.core.memos.set(key, saved.copy.load(saved.data));
      } else this.core.memos.set(key, structuredClone(saved));
    }
  }

  /** The memos as a checkpoint keeps them: each by its own copy when it gave one, the rest cloned together. */
  private saveMemos(): Record<string, object> {
    const kept: Record<string, object> = {};
    const plain: Record<string, object> = {};
    for (const [key, value] of this.core.memos) {
      const copy = this.core.memoCopies.get(key);
      if (copy) kept[key] = new KeptMemo(copy, copy.save(value));
      else plain[key] = value;
    }
    return Object.assign(kept, structuredClone(plain));
  }

  /**
   * Back to a checkpoint: a store that wrote since it is closed and left to reopen from the
   * checkpoint's image when next used; the rest stay as they are.
   */
  private restore(checkpoint: Checkpoint, ahead = false): void {
    if (!ahead && checkpoint.step < this.actions.length) this.keepFuture();
    if (this.window && checkpoint.step >= this.window.base && !ahead) {
      // Inside the window: each store rolls back in place to its mark for that step.
      this.rollbackWindow(checkpoint.step - this.window.base + 1);
    } else {
      if (this.window) {
        // Out of the window: every store back to the window's base first, so the image
        // checkpoint comparison below sees the stores nothing wrote since it as unchanged.
        this.rollbackWindow(1);
        this.window = { base: checkpoint.step, steps: 0 };
        this.stores.forgetMarks();
        // The window's light checkpoints before an image ahead: their marks are gone.
        if (ahead) this.history!.dropLight();
      }
      if (!checkpoint.images) throw new Error(`undo: checkpoint ${checkpoint.step} has no images outside its window`);
      for (const node of this.nodes) {
        const saved = checkpoint.images.get(node.id)!;
        if (this.stores.holds(node.id, saved)) continue;
        this.stores.closeAs(node.id, saved.image);
      }
    }
    this.restoreState(checkpoint.state);
    this.actions.length = checkpoint.step;
    if (this.core.trace.length > checkpoint.step + 1) this.core.trace = this.core.trace.slice(0, checkpoint.step + 1);
    if (ahead) {
      const future = this.future!;
      const reached = future.checkpoints.findIndex((c) => c.step > checkpoint.step);
      this.history!.restoreAhead(future.checkpoints.splice(0, reached < 0 ? future.checkpoints.length : reached));
      if (checkpoint.step >= future.actions.length) this.future = null;
      return;
    }
    const dropped = this.history!.dropAfter(checkpoint.step);
    if (this.future) {
      // Light checkpoints die with their window; images stay valid for a redo.
      const images = dropped.filter((c) => c.images !== null);
      if (images.length > 0) this.future.checkpoints = images.concat(this.future.checkpoints);
    }
  }

  /** Before an undo: remembers the run it takes back, unless an earlier undo's run already holds it. */
  private keepFuture(): void {
    if (this.future) return; // the World's log is a prefix of the run kept
    // The trace array itself: `restore` replaces it with a shorter copy, so this one stays as it is.
    this.future = { actions: this.actions.slice(), trace: this.core.trace, checkpoints: [] };
  }

  // ── The in-place undo window (history policy `inPlace`) ─────────────────────────────────

  /** Before a step of the window: closes a full window and opens the next level. */
  private beginWindowStep(): void {
    if (!this.window || this.stores.held) return;
    if (this.window.steps >= this.history!.policy.every) this.settle();
    this.window.steps += 1;
    this.stores.markWritesAt(this.window.steps);
  }

  /** Rolls every store back to window level `level` (the state before the window's `level`-th step). */
  private rollbackWindow(level: number): void {
    this.stores.rollbackMarks(level);
    this.window!.steps = Math.min(this.window!.steps, level - 1);
  }

  /**
   * Closes the window: commits every store's marks, forgets the window's light checkpoints
   * and takes an image checkpoint of now, the next window's base. Runs when a window is
   * full, and whenever an image is needed (images(), fork(), an inspector query's copy).
   */
  private settle(): void {
    if (!this.window) return;
    if (this.core.recording) throw new Error('World: an image was asked for while a step runs');
    this.stores.releaseMarks();
    this.window = { base: this.actions.length, steps: 0 };
    this.history!.dropLight();
    this.checkpoint();
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

function replaceMap<K, V>(map: Map<K, V>, entries: readonly [K, V][]): void {
  map.clear();
  for (const [k, v] of entries) map.set(k, v);
}

function replaceSet<T>(set: Set<T>, values: readonly T[]): void {
  set.clear();
  for (const v of values) set.add(v);
}

/** A memo in a checkpoint, saved by its own MemoCopy, which also reads it back. */
class KeptMemo {
  constructor(readonly copy: MemoCopy<object>, readonly data: unknown) {}
}
