/**
 * LabSession: one learner's walk through one lab — the World, the step log with a redo
 * tail, the cursor, the switches — and the plain snapshot (WorldView) the UI renders.
 *
 * What the World showed at each cursor of the current log is kept as a step record
 * (stepRecord.ts), so stepping back and forth over known steps reads records and leaves the
 * World where it is. The World catches up when the learner acts from there: by its undo (a
 * checkpoint restore, plus at most a few steps replayed), never a replay from the root.
 * Flipping a switch replays the applied steps from the cached post-setup images of the new
 * config. Either way the learner sees exactly the World a fresh replay gives (tested in
 * src/sim/world.test.ts, session.test.ts and stepRecord.test.ts). No React here.
 */
import { isRefusal, type RefusalReason } from '../sim/model';
import { DENSE_HISTORY } from '../sim/history';
import { World, type TraceEntry, type WorldOptions } from '../sim/world';
import { isAsyncWorld, replaySteps, runStep } from '../sim/asyncStep';
import { configFor } from './config';
import { deepMatch, type Mismatch } from './deepMatch';
import { formatMessage } from './i18n/catalogRegistry';
import { shareRecord } from './shareRecord';
import { stepLabel, type StepLabel } from './sessionLabels';
import { recordWorld, type StepRecord } from './stepRecord';
import { pacer } from './pacer';
import type { Lab, Scenario } from './schema';

/** What a learner's place in a lab is, as saved and restored. */
export interface SessionState {
  /** Every action taken, including those stepped back over (the redo tail). */
  steps: unknown[];
  /** How many of `steps` are applied. */
  cursor: number;
  switches: Record<string, string>;
  initial?: Record<string, unknown>;
  scenario?: string;
}

/** What a step asked of the session came to: taken, or refused and why (nothing changed). */
export type Outcome = { ok: true } | { ok: false; error: RefusalReason };

/** What the UI renders at the cursor: the step record there and the place around it. */
export interface WorldView extends Omit<StepRecord, 'traceArray' | 'traceLength'> {
  cursor: number;
  total: number;
  trace: TraceEntry[];
  /** Labels of the steps ahead of the cursor (the redo tail or the open scenario). */
  upcoming: StepLabel[];
  /** The open scenario's expected outcome, checked against the observed state. */
  scenarioCheck: { scenario: Scenario; atEnd: boolean; mismatches: Mismatch[] } | null;
}

/**
 * Labels of steps not taken yet, per World and per step value. A label depends only on the
 * step and the World's model (describeAction is pure), and a view is built after every
 * step: without this, each step re-parsed and re-described every step ahead of the cursor.
 * Keyed by the World, so a switch that rebuilds it (L06's executor picks another model)
 * starts afresh; step values are the session's own (the same objects from step to step).
 */
const upcomingLabels = new WeakMap<World, Map<unknown, StepLabel>>();

/** A step not taken yet, labelled as the trace will label it. */
function upcomingLabel(world: World, step: unknown): StepLabel {
  let known = upcomingLabels.get(world);
  if (!known) upcomingLabels.set(world, (known = new Map()));
  const cached = known.get(step);
  if (cached !== undefined) return cached;
  const parsed = world.parse(step);
  const label = isRefusal(parsed) ? world.describe(step) : stepLabel(parsed, world.describe(step));
  known.set(step, label);
  return label;
}

/**
 * Step records kept around the cursor (at most twice as many between trims): Back, Step
 * and the slider over this many steps read records only; each record is ≈ 2–3 KB on L07.
 */
const RECORDS_KEPT = 512;

/** A session's World keeps a checkpoint per recent step: Back is a restore, nothing replayed. */
const WORLD_OPTIONS: WorldOptions = { history: DENSE_HISTORY };

export class LabSession {
  readonly lab: Lab;
  private state: SessionState;
  private world: World;

  private constructor(lab: Lab, state: SessionState, world: World) {
    this.lab = lab;
    this.state = state;
    this.world = world;
  }

  /**
   * Opens a lab at a saved place. A place that no longer replays (a lab changed since, a
   * damaged save) keeps the longest prefix of its steps that does, under the lab's own
   * switches if its saved ones are not the lab's; `setAside` is then the whole saved place,
   * for the caller to keep once where the student can download it. Resolves once the
   * World stands at the place (an asynchronous lab's engine awaited inside each step).
   */
  static async open(lab: Lab, saved?: SessionState): Promise<{ session: LabSession; problem: string | null; setAside?: SessionState }> {
    const fresh: SessionState = { steps: [], cursor: 0, switches: { ...lab.world.switches } };
    if (!saved) return { session: new LabSession(lab, fresh, World.create(configFor(lab, fresh), WORLD_OPTIONS)), problem: null };
    const cursor = Math.max(0, Math.min(saved.cursor, saved.steps.length));
    // The session edits its step log in place (takeStep): never the caller's array.
    let state: SessionState = { ...saved, steps: saved.steps.slice(), cursor };
    let world: World;
    const problems: string[] = [];
    try {
      world = World.create(configFor(lab, state), WORLD_OPTIONS);
    } catch (error) {
      // Switches or a starting state the lab does not have: its own, steps kept.
      problems.push(error instanceof Error ? error.message : String(error));
      state = { ...state, switches: { ...lab.world.switches }, initial: undefined, scenario: undefined };
      world = World.create(configFor(lab, state), WORLD_OPTIONS);
    }
    const pause = pacer();
    for (let i = 0; i < cursor; i++) {
      await pause();
      let why: string | null = null;
      try {
        const outcome = await runStep(world, saved.steps[i]);
        if (!outcome.ok) why = typeof outcome.error === 'string' ? outcome.error : formatMessage(outcome.error);
      } catch (error) {
        why = error instanceof Error ? error.message : String(error);
        // A step that threw halfway: back to the last good step (an engine's run parked
        // mid-step lives outside the World's checkpoints: replayed).
        if (isAsyncWorld(world)) {
          world.dispose();
          world = await replaySteps(configFor(lab, state), saved.steps.slice(0, i), WORLD_OPTIONS, pacer());
        } else world.undoTo(i);
      }
      if (why !== null) {
        problems.push(`step ${i + 1} of ${saved.steps.length}: ${why}`);
        state = { ...state, steps: saved.steps.slice(0, i), cursor: i };
        break;
      }
    }
    if (problems.length === 0) return { session: new LabSession(lab, state, world), problem: null };
    return {
      session: new LabSession(lab, state, world),
      problem: `Saved place in ${lab.id} could not be replayed in full (${problems.join('; ')}); the first ${state.steps.length} step(s) were kept and the whole saved place was set aside (Progress page).`,
      setAside: saved,
    };
  }

  /**
   * A copy of the place to save or reopen. The step log and the switches are copied (the
   * session edits them); the actions themselves are shared, not cloned: nothing edits an
   * action after the World parsed it, and a deep clone of the whole log on every step was
   * a measurable part of a step in the browser.
   */
  get snapshot(): SessionState {
    const { steps, switches, ...rest } = this.state;
    return { ...rest, steps: [...steps], switches: { ...switches } };
  }

  get cursor(): number {
    return this.state.cursor;
  }

  /**
   * A new step at the cursor, in place of the redo tail. The log is edited in place, not
   * copied: a copy per step cost in proportion to the run (≈ 4 ms a step at 16,000 steps,
   * most of a step). `logEdits` tells the log keys apart instead of the array's identity.
   */
  private takeStep(taken: unknown): void {
    const steps = this.state.steps;
    if (this.logItems && this.logItems.length > this.state.cursor) this.logItems = null; // a redo tail dropped: its text with it
    this.forgetRecords(this.state.cursor); // what the World showed up to here still holds
    steps.length = this.state.cursor;
    steps.push(taken);
    this.state.cursor += 1;
    this.logEdits += 1;
  }

  private logEdits = 0;
  private logText: { steps: unknown[]; edits: number; switches: object; initial: unknown; text: string } | null = null;
  /** The JSON of the log's first `length` steps, without brackets: a step taken adds its own, not the whole log's again. */
  private logItems: { steps: unknown[]; length: number; text: string } | null = null;

  /**
   * The step log, switches and starting state as one string: equal strings, the same place
   * for every cursor (the app keys the views it keeps by it). Built again only when one of
   * them changes — the switches and starting state are replaced, the step log is replaced
   * or edited by `takeStep` — not on each step through the same log; a step taken adds its
   * own JSON to the text kept (a JSON of the whole log per step cost in proportion to the run).
   */
  get logKey(): string {
    const { steps, switches, initial } = this.state;
    const known = this.logText;
    const edits = this.logEdits;
    if (known && known.steps === steps && known.edits === edits && known.switches === switches && known.initial === initial) return known.text;
    let items = this.logItems;
    if (!items || items.steps !== steps || items.length > steps.length) items = { steps, length: 0, text: '' };
    let itemsText = items.text;
    // Each step as JSON.stringify writes it inside an array (undefined as null).
    for (let i = items.length; i < steps.length; i++) itemsText += (i > 0 ? ',' : '') + JSON.stringify([steps[i]]).slice(1, -1);
    this.logItems = { steps, length: steps.length, text: itemsText };
    const text = `[[${itemsText}],${JSON.stringify(switches)},${JSON.stringify(initial ?? null)}]`;
    this.logText = { steps, edits, switches, initial, text };
    return text;
  }

  get canForward(): boolean {
    return this.state.cursor < this.state.steps.length;
  }

  /**
   * A cursor the page does not let the student step past yet, and why (a scenario that
   * plays an unpicked prediction, src/lab/predictGate.ts). Asked when each step runs, after
   * the changes asked before it: clicks faster than an engine steps would otherwise slip
   * past it.
   */
  holdWith(hold: (() => { cursor: number; error: RefusalReason } | null) | null): void {
    this.hold = hold;
  }

  private hold: (() => { cursor: number; error: RefusalReason } | null) | null = null;

  private held(): { ok: false; error: RefusalReason } | null {
    const hold = this.hold?.();
    return hold && this.state.cursor >= hold.cursor ? { ok: false, error: hold.error } : null;
  }

  /**
   * The World at the cursor (read-only use: inspector, tests). A synchronous lab's World
   * catches up here. An asynchronous lab's cannot catch up without awaiting its engine: after
   * Back or Step over recorded steps it may stand elsewhere, and reading it then throws —
   * read it with `read`, which works for every lab.
   */
  get current(): World {
    if (this.busy) return this.world; // mid-change: the World as the change left it so far
    this.catchUp();
    if (this.world.actions.length !== this.state.cursor) {
      throw new Error(`${this.lab.id}: the World stands at step ${this.world.actions.length}, not at the cursor (${this.state.cursor}); read it with read()`);
    }
    return this.world;
  }

  /**
   * Runs `look` on the World at the cursor, after every change asked before it; the World
   * catches up first (an asynchronous lab's replays there). `look` must not change it.
   */
  read<T>(look: (world: World) => T): Promise<T> {
    return this.change(async () => {
      await this.sync();
      return look(this.world);
    });
  }

  /** The tables of `node`'s database where the World stands (a node's schema is the same at every step). */
  tablesOf(node: string): string[] {
    return this.world.store(node).tables();
  }

  /** The lab's model under its current switches (the same wherever the World stands). */
  get model(): World['model'] {
    return this.world.model;
  }

  /** True when the lab's World steps asynchronously (its engine is awaited inside a step: L05, L06 under LangGraph). */
  get asynchronous(): boolean {
    return isAsyncWorld(this.world);
  }

  /**
   * Every change below is a promise: changes run one at a time, in the order asked (clicks
   * faster than an engine steps wait their turn), and a synchronous lab's change has run
   * by the time its promise settles. `idle()` resolves when every change asked so far has.
   */
  idle(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  /** Takes a new action; drops any redo tail. Leaving the open scenario's path closes it. */
  play(raw: unknown): Promise<Outcome> {
    return this.change(async () => {
      const scripted = this.state.steps[this.state.cursor];
      await this.sync();
      const outcome = await runStep(this.world, raw);
      if (!outcome.ok) return { ok: false, error: outcome.error };
      const taken = this.world.actions[this.world.actions.length - 1];
      if (this.state.scenario && JSON.stringify(this.world.parse(scripted)) !== JSON.stringify(taken)) delete this.state.scenario;
      this.takeStep(taken);
      return { ok: true };
    });
  }

  /** Re-applies the next step of the redo tail (or the open scenario). */
  forward(): Promise<Outcome> {
    return this.change(async () => {
      if (!this.canForward) return { ok: false, error: 'Nothing to step forward to.' };
      const held = this.held();
      if (held) return held;
      if (!this.records.has(this.state.cursor + 1)) {
        await this.sync();
        const outcome = await runStep(this.world, this.state.steps[this.state.cursor]);
        if (!outcome.ok) return { ok: false, error: outcome.error };
      }
      this.state.cursor += 1;
      return { ok: true };
    });
  }

  back(): Promise<void> {
    return this.change(() => (this.state.cursor > 0 ? this.moveTo(this.state.cursor - 1) : undefined));
  }

  /** The place after the first `cursor` steps of the log (at most the predict gate's hold). */
  jumpTo(cursor: number): Promise<void> {
    return this.change(() => this.moveTo(cursor));
  }

  /** Back to the starting state; the steps stay available for stepping forward. */
  reset(): Promise<void> {
    return this.jumpTo(0);
  }

  /** Same steps, other design: replays the applied steps under the new switch value. */
  setSwitch(key: string, value: string): Promise<{ ok: true } | { ok: false; error: string }> {
    return this.change(async () => {
      try {
        await this.rebuild({ ...this.state, switches: { ...this.state.switches, [key]: value } });
        return { ok: true };
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    });
  }

  /** Loads a scenario (or a card) as a redo tail from its own starting state. */
  loadScript(script: { id?: string; actions: unknown[]; switches?: Record<string, string>; initial?: Record<string, unknown> }): Promise<void> {
    return this.change(() => this.rebuild({
      steps: [...script.actions], cursor: 0,
      switches: { ...this.lab.world.switches, ...script.switches },
      ...(script.initial ? { initial: script.initial } : {}),
      ...(script.id ? { scenario: script.id } : {}),
    }));
  }

  /**
   * The view at the cursor: the step record built the first time the World stood there
   * (for this log), and the place around it. Back, Step along the redo tail and the slider
   * over known steps read records and leave the World where it was; it catches up (`sync`)
   * when the learner acts from there or something reads the World itself.
   */
  view(): WorldView {
    // While a change runs (an engine awaited mid-step), the place before it.
    if (this.busy && this.lastView) return this.lastView;
    const place = this.state;
    const record = this.recordAt(place.cursor);
    const world = this.world;
    const scenario = this.lab.scenarios.find((s) => s.id === place.scenario) ?? null;
    const ahead = place.steps.slice(place.cursor); // the log is edited in place: its tail now
    let upcoming: StepLabel[] | undefined;
    let trace: TraceEntry[] | undefined;
    const { traceArray, traceLength, ...shown } = record;
    const view: WorldView = {
      ...shown,
      cursor: place.cursor,
      total: place.steps.length,
      // Copied when read, not per view: a copy per step cost in proportion to the run (a
      // spread took V8's slow path, ≈ 4 ms at 16,000 entries).
      get trace(): TraceEntry[] {
        return (trace ??= traceArray.slice(0, traceLength));
      },
      // Labelled when read: after a jump far back every step ahead is new to the label
      // cache (≈ 100 ms for 15,000 steps, inside the jump).
      get upcoming(): StepLabel[] {
        return (upcoming ??= ahead.map((step) => upcomingLabel(world, step)));
      },
      scenarioCheck: scenario ? this.checkOf(scenario, place.cursor === place.steps.length, record.observed) : null,
    };
    this.lastView = view;
    return view;
  }

  private lastView: WorldView | null = null;

  /**
   * The run known for the current log: the trace up to the furthest step a record was
   * built at, entries ahead of the cursor included (the sequence diagram greys them). The
   * view's trace is a prefix of it, entry for entry the same objects.
   */
  knownRun(): readonly TraceEntry[] {
    let furthest: StepRecord | undefined;
    let at = -1;
    for (const [cursor, record] of this.records) if (cursor > at) [at, furthest] = [cursor, record];
    if (!furthest) return this.view().trace;
    if (this.known?.record !== furthest) this.known = { record: furthest, trace: furthest.traceArray.slice(0, furthest.traceLength) };
    return this.known.trace;
  }

  private known: { record: StepRecord; trace: readonly TraceEntry[] } | null = null;

  /** Step records of the current log by cursor. */
  private readonly records = new Map<number, StepRecord>();
  /** The record shown last: the next one built shares every equal part with it. */
  private lastRecord: StepRecord | null = null;
  /** The last scenario check and the observed state it was made against. */
  private lastCheck: { check: NonNullable<WorldView['scenarioCheck']>; observed: Record<string, unknown> } | null = null;

  private recordAt(cursor: number): StepRecord {
    let record = this.records.get(cursor);
    if (!record) {
      this.catchUp();
      // An asynchronous lab's World moves only by awaiting: a cursor without a record is one it was brought to (moveTo).
      if (this.world.actions.length !== cursor) throw new Error(`${this.lab.id}: no record at step ${cursor}, and the World stands at step ${this.world.actions.length}`);
      record = shareRecord(this.lastRecord, recordWorld(this.world));
      this.records.set(cursor, record);
      if (this.records.size > 2 * RECORDS_KEPT) this.trimRecords(cursor);
    }
    this.lastRecord = record;
    return record;
  }

  /** The scenario check, the same object while scenario, end and observed state are the same. */
  private checkOf(scenario: Scenario, atEnd: boolean, observed: Record<string, unknown>): NonNullable<WorldView['scenarioCheck']> {
    const last = this.lastCheck;
    if (last && last.check.scenario === scenario && last.check.atEnd === atEnd && last.observed === observed) return last.check;
    const check = { scenario, atEnd, mismatches: deepMatch(scenario.expect, observed) };
    this.lastCheck = { check, observed };
    return check;
  }

  /**
   * Keeps the RECORDS_KEPT records nearest the cursor, and the furthest one (the known
   * run's end): a run left open for thousands of steps keeps a bounded number of records,
   * and a jump to a step whose record went rebuilds it from the World (an undo).
   */
  private trimRecords(cursor: number): void {
    const cursors = [...this.records.keys()];
    const furthest = Math.max(...cursors);
    cursors.sort((a, b) => Math.abs(a - cursor) - Math.abs(b - cursor));
    for (const old of cursors.slice(RECORDS_KEPT)) if (old !== furthest) this.records.delete(old);
  }

  /** Forgets the records of steps after `cursor` (the log changed there), or all of them. */
  private forgetRecords(after = -1): void {
    for (const cursor of this.records.keys()) if (cursor > after) this.records.delete(cursor);
  }

  /**
   * Brings a synchronous lab's World to the cursor: back by undo, forward along the redo
   * tail from its nearest image, then step by step. A step of the tail refused on the way
   * (it cannot be for a place a record was built at: replay is deterministic) stops the
   * place before it. An asynchronous lab's World catches up only by awaiting (`sync`).
   */
  private catchUp(): void {
    const world = this.world;
    const target = this.state.cursor;
    if (isAsyncWorld(world) || world.actions.length === target) return;
    if (target < world.actions.length) {
      world.undoTo(target);
      return;
    }
    world.redoTo(target, this.state.steps);
    for (let i = world.actions.length; i < target; i++) {
      if (!world.step(this.state.steps[i]).ok) {
        this.state = { ...this.state, cursor: i };
        this.forgetRecords(i);
        return;
      }
    }
  }

  /**
   * The World at the cursor, for any lab: an asynchronous one replays there (its engine
   * keeps state outside the World's checkpoints). Same log, same switches: every record
   * stays true (replay is deterministic).
   */
  private async sync(): Promise<void> {
    if (!isAsyncWorld(this.world)) return this.catchUp();
    if (this.world.actions.length !== this.state.cursor) await this.rebuild({ ...this.state }, { keepRecords: true });
  }

  /**
   * Moves the cursor. Over recorded steps the World stays where it is until the learner
   * acts or something reads it (`catchUp`, `sync`): for an asynchronous lab that saves a
   * replay per click. Elsewhere a synchronous lab's World catches up when the record is
   * built (back by undo), or now when the target is ahead of it (stepping the redo tail, so
   * a refused step stops the cursor before it); an asynchronous lab's replays there now.
   */
  private async moveTo(cursor: number): Promise<void> {
    const hold = this.hold?.();
    const target = Math.max(0, Math.min(cursor, this.state.steps.length, hold ? Math.max(hold.cursor, this.state.cursor) : Infinity));
    if (target === this.state.cursor && this.world.actions.length === target) return;
    this.state = { ...this.state, cursor: target };
    if (this.records.has(target)) return;
    if (isAsyncWorld(this.world)) await this.sync();
    else if (target > this.world.actions.length) this.catchUp();
  }

  dispose(): void {
    this.disposed = true;
    // After the change running now, if any (its engine may still be using the World).
    void this.queue.then(() => this.world.dispose());
  }

  private disposed = false;

  /**
   * A new World at `state` (replayed from the cached post-setup images of its config). The
   * records go, unless the log and the switches are the ones they were built for.
   */
  private async rebuild(state: SessionState, { keepRecords = false } = {}): Promise<void> {
    const config = configFor(this.lab, state);
    const steps = state.steps.slice(0, state.cursor);
    // In slices, for every lab: a long run replayed under another switch keeps the page responsive.
    const world = await replaySteps(config, steps, WORLD_OPTIONS, pacer());
    if (!keepRecords) this.forgetRecords();
    this.world.dispose();
    this.world = world;
    this.state = state;
  }

  private queue: Promise<unknown> = Promise.resolve();
  /** A change is running: `view()` shows the place before it, `current` does not move the World. */
  private busy = false;

  /** Runs `body` after every change asked before it, one at a time. */
  private change<T>(body: () => T | Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      if (this.disposed) throw new Error(`${this.lab.id}: the session was closed`);
      this.busy = true;
      try {
        return await body();
      } finally {
        this.busy = false;
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
