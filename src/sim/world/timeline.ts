/**
 * A World's way back (and forward again): its checkpoints, the in-place undo window, the
 * run an undo took back, a probe's save and restore. `../history.ts` decides which
 * checkpoints to keep and how to keep their images; this module takes them from a World and
 * puts a World back to one. It never runs a step: where going back needs steps replayed
 * (undoTo) or run and taken back (probe), the World does that between the calls here.
 */
import type { ModelAction } from '../model';
import { DEFAULT_HISTORY, History, type Checkpoint, type HistoryPolicy, type StoreImage, type WorldState } from '../history';
import { parseActionFor } from '../parseAction';
import type { SetupImages } from '../setupCache';
import { loadMemos, saveMemos } from './memos';
import type { WorldCore } from './state';
import type { NodeStores } from './stores';
import type { TraceEntry } from './types';

/** What a probe puts back when it ends. */
export interface ProbeStart {
  state: WorldState;
  steps: number;
}

export class Timeline {
  readonly history: History | null;
  /**
   * This config's post-setup images (the setup cache's entry, held here: a fork's history
   * starts from them without hashing the config again, even if the cache dropped them).
   */
  setup: SetupImages | null = null;
  /**
   * The in-place undo window (history policy `inPlace`, see history.ts): steps since `base`
   * each marked the stores they wrote first, so a Back to a step in it is a rollback in
   * place. Null for other policies.
   */
  private window: { base: number; steps: number } | null = null;
  /**
   * What the latest undo took back, while the World still follows it: the step log and
   * trace as they were (the World's are a prefix of them) and the image checkpoints after
   * the World's latest step. `redoTo` restores the nearest of them, so a jump forward along
   * an undone run (the lab's slider) replays fewer than a window's steps, not every step
   * between. A step that leaves that run forgets it.
   */
  private future: { actions: ModelAction[]; trace: TraceEntry[]; checkpoints: Checkpoint[] } | null = null;

  constructor(private readonly core: WorldCore, private readonly stores: NodeStores, policy: HistoryPolicy | false | undefined) {
    this.history = policy === false ? null : new History(policy ?? DEFAULT_HISTORY);
    if (this.history?.policy.inPlace) this.window = { base: 0, steps: 0 };
  }

  /** The checkpoint policy, or false for a World that keeps no history (a fork inherits it). */
  get policy(): HistoryPolicy | false {
    return this.history ? this.history.policy : false;
  }

  /** Steps that currently have a checkpoint (tests and diagnostics). */
  steps(): number[] {
    return this.history?.steps() ?? [];
  }

  // ── Around a step ──────────────────────────────────────────────────────────────────────

  /** Before a step of the window: closes a full window and opens the next level. */
  beginStep(): void {
    if (!this.window || this.stores.held) return;
    if (this.window.steps >= this.history!.policy.every) this.settle();
    this.window.steps += 1;
    this.stores.markWritesAt(this.window.steps);
  }

  /** After a step was logged: follows (or forgets) the undone run, and takes a checkpoint if the policy wants one. */
  afterStep(taken: ModelAction, checkpoint: boolean): void {
    if (this.future) this.followFuture(taken);
    if (checkpoint && this.history?.wants(this.core.actions.length, () => this.stores.exportBytes())) this.checkpoint();
  }

  /** Before an asynchronous model's work goes into the latest step (World.continueStep). */
  beginContinuation(): void {
    this.future = null; // the entry changes: a run kept for a redo no longer describes it
    // Its writes belong to the latest step's window level: a store first written now is marked first.
    this.stores.markWritesAt(this.window !== null && this.window.steps > 0 && !this.stores.held ? this.window.steps : null);
  }

  /** The checkpoint taken when the step ended no longer describes it: takes it again. */
  endContinuation(): void {
    if (this.history?.wants(this.core.actions.length, () => this.stores.exportBytes())) this.checkpoint();
  }

  /** After a step: keeps the undone run while the step log still follows it. */
  private followFuture(taken: ModelAction): void {
    const future = this.future!;
    const at = this.core.actions.length;
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

  // ── Starting points ────────────────────────────────────────────────────────────────────

  /** A World opened from its config's cached post-setup images: their state, entry 0, a checkpoint. */
  startFromSetup(setup: SetupImages): void {
    this.setup = setup;
    this.restoreState(setup.state);
    this.core.trace.push(setup.entry);
    this.checkpoint();
  }

  /**
   * A fork's child, already in its parent's `state`: its past before the fork point is the
   * post-setup images, then the step log; its first checkpoint keeps `state` as it is.
   */
  startAsFork(setup: SetupImages, state: WorldState): void {
    this.setup = setup;
    if (this.window) this.window.base = this.core.actions.length;
    if (this.history) {
      if (this.core.actions.length > 0) {
        this.history.add({ step: 0, state: setup.state, images: new Map([...setup.images].map(([id, image]) => [id, { store: null, generation: -1, image }])) });
      }
      this.checkpoint(false, state);
    }
  }

  // ── Checkpoints ────────────────────────────────────────────────────────────────────────

  /** Records the World after the latest step in the history (or, with `force`, regardless of policy). */
  checkpoint(force = false, state?: WorldState): Checkpoint | null {
    if (!this.history && !force) return null;
    let images: Map<string, StoreImage> | null = null;
    // Inside an in-place window the stores' marks stand for their bytes: nothing is exported.
    if (!this.window || this.window.steps === 0) {
      images = new Map<string, StoreImage>();
      for (const node of this.core.nodes) images.set(node.id, this.stores.imageOf(node.id));
    }
    const checkpoint: Checkpoint = { step: this.core.actions.length, images, state: state ?? this.saveState() };
    this.history?.add(checkpoint);
    return checkpoint;
  }

  saveState(): WorldState {
    const core = this.core;
    return {
      clock: core.clock.save(),
      rng: core.rng.save(),
      network: core.network.save(),
      statuses: [...core.statuses],
      armed: [...core.armed],
      partitions: [...core.partitions],
      incarnations: [...core.incarnations],
      memo: core.memos.size > 0 ? saveMemos(core.memos, core.memoCopies) : null,
    };
  }

  restoreState(state: WorldState): void {
    const core = this.core;
    core.clock.restore(state.clock);
    core.rng.restore(state.rng);
    core.network.restore(state.network);
    replaceMap(core.statuses, state.statuses);
    replaceSet(core.armed, state.armed);
    replaceSet(core.partitions, state.partitions);
    replaceMap(core.incarnations, state.incarnations);
    core.memos = new Map();
    loadMemos(state.memo, core.memos, core.memoCopies);
  }

  // ── Undo and redo ──────────────────────────────────────────────────────────────────────

  /**
   * The first half of `World.undoTo(step)`: restores the nearest checkpoint at or before
   * `step` and returns the steps between it and `step`, for the World to replay.
   */
  rewind(step: number): ModelAction[] {
    if (!this.history) throw new Error('undo: this World keeps no history (created with history: false)');
    const actions = this.core.actions;
    if (!Number.isInteger(step) || step < 0 || step > actions.length) throw new Error(`undo: no step ${step} (0…${actions.length})`);
    const checkpoint = this.history.atOrBefore(step)!;
    const tail = actions.slice(checkpoint.step, step);
    this.restore(checkpoint);
    return tail;
  }

  /**
   * Forward along the run the latest undo took back, to at most `step`: when `steps` (the
   * caller's log, from step 0) agrees with that run up to one of its image checkpoints after
   * the latest step, that checkpoint is restored and its steps and trace entries put back
   * (the same objects: replay is deterministic). Returns the step reached; the caller steps
   * the rest.
   */
  redoTo(step: number, steps: readonly unknown[]): number {
    const core = this.core;
    const from = core.actions.length;
    const future = this.future;
    if (!future || !this.history || core.recording || step <= from) return from;
    let target: Checkpoint | undefined;
    for (const checkpoint of future.checkpoints) {
      if (checkpoint.step > step) break;
      target = checkpoint;
    }
    if (!target || target.step > future.actions.length) return from;
    for (let i = from; i < target.step; i++) {
      const ahead = future.actions[i]!;
      if (steps[i] !== ahead && JSON.stringify(parseActionFor(core.model, steps[i])) !== JSON.stringify(ahead)) return from;
    }
    for (let i = from; i < target.step; i++) {
      core.actions.push(future.actions[i]!);
      core.trace.push(future.trace[i + 1]!);
    }
    this.restore(target, true);
    return target.step;
  }

  /**
   * Back to a checkpoint: a store that wrote since it is closed and left to reopen from the
   * checkpoint's image when next used; the rest stay as they are.
   */
  private restore(checkpoint: Checkpoint, ahead = false): void {
    const core = this.core;
    if (!ahead && checkpoint.step < core.actions.length) this.keepFuture();
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
      for (const node of core.nodes) {
        const saved = checkpoint.images.get(node.id)!;
        if (this.stores.holds(node.id, saved)) continue;
        this.stores.closeAs(node.id, saved.image);
      }
    }
    this.restoreState(checkpoint.state);
    core.actions.length = checkpoint.step;
    if (core.trace.length > checkpoint.step + 1) core.trace = core.trace.slice(0, checkpoint.step + 1);
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
    this.future = { actions: this.core.actions.slice(), trace: this.core.trace, checkpoints: [] };
  }

  // ── A probe: one step run and taken back ───────────────────────────────────────────────

  /** Before the probe's step: the state to put back, and every store held (an outer savepoint). */
  beginProbe(): ProbeStart {
    if (this.core.recording || this.stores.held) throw new Error('probe: a step or another probe is running');
    const state = this.saveState();
    const steps = this.core.actions.length;
    this.stores.holdAll();
    return { state, steps };
  }

  /** After the probe's step (also when it threw halfway): every store rolled back in place, the rest put back. */
  endProbe(start: ProbeStart): void {
    const core = this.core;
    core.recording = null;
    this.stores.letGoAll();
    this.restoreState(start.state);
    core.actions.length = start.steps;
    core.trace.length = start.steps + 1;
    this.history?.dropAfter(start.steps);
    // No image is taken while held (export refuses), and a store opened during the probe
    // rolled back to the image it opened from: every remembered image still holds.
  }

  // ── The in-place undo window (history policy `inPlace`) ─────────────────────────────────

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
  settle(): void {
    if (!this.window) return;
    if (this.core.recording) throw new Error('World: an image was asked for while a step runs');
    this.stores.releaseMarks();
    this.window = { base: this.core.actions.length, steps: 0 };
    this.history!.dropLight();
    this.checkpoint();
  }
}

function replaceMap<K, V>(map: Map<K, V>, entries: readonly [K, V][]): void {
  map.clear();
  for (const [k, v] of entries) map.set(k, v);
}

function replaceSet<T>(set: Set<T>, values: readonly T[]): void {
  set.clear();
  for (const v of values) set.add(v);
}
