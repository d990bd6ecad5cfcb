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
import { isAsyncModel, isAsyncWorld, replayAsync, stepAsync } from '../sim/asyncStep';
import { getModel } from './models';
import { configFor } from './config';
import { deepMatch, type Mismatch } from './deepMatch';
import { formatMessage } from './i18n/catalogRegistry';
import { shareRecord } from './shareRecord';
import { stepLabel, type StepLabel } from './sessionLabels';
import { recordWorld, type StepRecord } from './stepRecord';
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
   * for the caller to keep once where the student can download it.
   */
  static open(lab: Lab, saved?: SessionState): { session: LabSession; problem: string | null; setAside?: SessionState } {
    const fresh: SessionState = { steps: [], cursor: 0, switches: { ...lab.world.switches } };
    if (!saved) return { session: new LabSession(lab, fresh, World.create(configFor(lab, fresh), WORLD_OPTIONS)), problem: null };
    const first = World.create(configFor(lab, fresh), WORLD_OPTIONS);
    if (isAsyncWorld(first) || asyncUnder(lab, saved)) {
      // An asynchronous lab (L05) replays its saved place on the session's queue (see `whenIdle`).
      const session = new LabSession(lab, fresh, first);
      session.rebuild({ ...saved, steps: saved.steps.slice(), cursor: Math.max(0, Math.min(saved.cursor, saved.steps.length)) });
      return { session, problem: null };
    }
    first.dispose();
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
    for (let i = 0; i < cursor; i++) {
      let why: string | null = null;
      try {
        const outcome = world.step(saved.steps[i]);
        if (!outcome.ok) why = typeof outcome.error === 'string' ? outcome.error : formatMessage(outcome.error);
      } catch (error) {
        why = error instanceof Error ? error.message : String(error);
        world.undoTo(i); // a step that threw halfway: back to the last good step
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
   * plays an unpicked prediction, src/lab/predictGate.ts). Asked at each step, also when
   * an asynchronous step leaves the queue: clicks queued faster than the engine steps
   * would otherwise slip past it.
   */
  holdWith(hold: (() => { cursor: number; error: RefusalReason } | null) | null): void {
    this.hold = hold;
  }

  private hold: (() => { cursor: number; error: RefusalReason } | null) | null = null;

  private held(): { ok: false; error: RefusalReason } | null {
    const hold = this.hold?.();
    return hold && this.state.cursor >= hold.cursor ? { ok: false, error: hold.error } : null;
  }

  /** The World at the cursor (read-only use: inspector, tests). */
  get current(): World {
    this.sync();
    return this.world;
  }

  /** Takes a new action; drops any redo tail. Leaving the open scenario's path closes it. */
  play(raw: unknown): { ok: true } | { ok: false; error: RefusalReason } {
    if (this.asyncWorld) return this.enqueue(async () => this.settle(await this.playNow(raw)));
    const scripted = this.state.steps[this.state.cursor];
    this.sync();
    const outcome = this.world.step(raw);
    if (!outcome.ok) return outcome;
    const taken = this.world.actions[this.world.actions.length - 1];
    if (this.state.scenario && JSON.stringify(this.world.parse(scripted)) !== JSON.stringify(taken)) delete this.state.scenario;
    this.takeStep(taken);
    return { ok: true };
  }

  /** Re-applies the next step of the redo tail (or the open scenario). */
  forward(): { ok: true } | { ok: false; error: RefusalReason } {
    if (!this.canForward && !this.asyncWorld) return { ok: false, error: 'Nothing to step forward to.' };
    const held = this.held();
    if (held) return held;
    if (this.asyncWorld) return this.enqueue(async () => this.settle(await this.forwardNow()));
    if (!this.records.has(this.state.cursor + 1)) {
      this.sync();
      const outcome = this.world.step(this.state.steps[this.state.cursor]);
      if (!outcome.ok) return outcome;
    }
    this.state.cursor += 1;
    return { ok: true };
  }

  back(): void {
    if (this.state.cursor > 0) this.jumpTo(this.state.cursor - 1);
  }

  /** The place after the first `cursor` steps of the log (at most the predict gate's hold). */
  jumpTo(cursor: number): void {
    const hold = this.hold?.();
    const target = Math.max(0, Math.min(cursor, this.state.steps.length, hold ? Math.max(hold.cursor, this.state.cursor) : Infinity));
    // An asynchronous model's engine keeps state outside the World's checkpoints: replay it.
    if (this.asyncWorld) {
      this.rebuild({ ...this.state, cursor: target });
      return;
    }
    this.state = { ...this.state, cursor: target };
    // A place a record was built at, or one behind the World: the World catches up when
    // the learner acts there. Ahead of both, the redo tail is stepped now (a refused step
    // stops the cursor before it).
    if (!this.records.has(target) && target > this.world.actions.length) this.sync();
  }

  /** Back to the starting state; the steps stay available for stepping forward. */
  reset(): void {
    this.jumpTo(0);
  }

  /** Same steps, other design: replays the applied steps under the new switch value. */
  setSwitch(key: string, value: string): { ok: true } | { ok: false; error: string } {
    const next = { ...this.state, switches: { ...this.state.switches, [key]: value } };
    try {
      this.rebuild(next);
      return { ok: true };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Loads a scenario (or a card) as a redo tail from its own starting state. */
  loadScript(script: { id?: string; actions: unknown[]; switches?: Record<string, string>; initial?: Record<string, unknown> }): void {
    this.rebuild({
      steps: [...script.actions], cursor: 0,
      switches: { ...this.lab.world.switches, ...script.switches },
      ...(script.initial ? { initial: script.initial } : {}),
      ...(script.id ? { scenario: script.id } : {}),
    });
  }

  /**
   * The view at the cursor: the step record built the first time the World stood there
   * (for this log), and the place around it. Back, Step along the redo tail and the slider
   * over known steps read records and leave the World where it was; it catches up (`sync`)
   * when the learner acts from there or something reads the World itself.
   */
  view(): WorldView {
    // The place the World stands at: while a queued rebuild has not run, the one before it.
    const place = this.shown ?? this.state;
    const record = this.recordAt(place.cursor);
    const world = this.world;
    const scenario = this.lab.scenarios.find((s) => s.id === place.scenario) ?? null;
    const ahead = place.steps.slice(place.cursor); // the log is edited in place: its tail now
    let upcoming: StepLabel[] | undefined;
    let trace: TraceEntry[] | undefined;
    const { traceArray, traceLength, ...shown } = record;
    return {
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
  }

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

  /** Step records of the current log by cursor (a synchronous lab's: an asynchronous World may be mid-queue). */
  private readonly records = new Map<number, StepRecord>();
  /** The record shown last: the next one built shares every equal part with it. */
  private lastRecord: StepRecord | null = null;
  private lastCheck: NonNullable<WorldView['scenarioCheck']> | null = null;

  private recordAt(cursor: number): StepRecord {
    let record = this.asyncWorld ? undefined : this.records.get(cursor);
    if (!record) {
      this.sync();
      record = shareRecord(this.lastRecord, recordWorld(this.world));
      if (!this.asyncWorld) {
        this.records.set(cursor, record);
        if (this.records.size > 2 * RECORDS_KEPT) this.trimRecords(cursor);
      }
    }
    this.lastRecord = record;
    return record;
  }

  /** The scenario check, the same object while scenario, end and observed state are the same. */
  private checkOf(scenario: Scenario, atEnd: boolean, observed: Record<string, unknown>): NonNullable<WorldView['scenarioCheck']> {
    const last = this.lastCheck;
    if (last && last.scenario === scenario && last.atEnd === atEnd && this.lastObserved === observed) return last;
    this.lastObserved = observed;
    return (this.lastCheck = { scenario, atEnd, mismatches: deepMatch(scenario.expect, observed) });
  }

  private lastObserved: Record<string, unknown> | null = null;

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
   * (it cannot be for a place a record was built at: replay is deterministic) rebuilds.
   */
  private sync(): void {
    const world = this.world;
    const target = this.state.cursor;
    if (this.asyncWorld || world.actions.length === target) return;
    if (target < world.actions.length) {
      world.undoTo(target);
      return;
    }
    world.redoTo(target, this.state.steps);
    for (let i = world.actions.length; i < target; i++) {
      if (!world.step(this.state.steps[i]).ok) {
        this.rebuild({ ...this.state, steps: this.state.steps.slice(), cursor: i });
        return;
      }
    }
  }

  dispose(): void {
    this.world.dispose();
  }

  private rebuild(state: SessionState): void {
    this.forgetRecords();
    if (this.asyncWorld || (state.cursor > 0 && asyncUnder(this.lab, state))) {
      this.queued = true;
      // Until the replay has run, the view shows the place the World is still at: the new
      // place's cursor over the old run's trace would be neither.
      this.shown ??= this.state;
      this.enqueue(async () => {
        const world = await replayAsync(configFor(this.lab, state), state.steps.slice(0, state.cursor)).catch((error: unknown) => {
          this.error = `That place could not be rebuilt: ${error instanceof Error ? error.message : String(error)}`;
          return null;
        });
        if (!world) {
          // The World stays where it was; the place decided is kept (saved, reopened), and the error said.
          if (this.state === state) this.shown = null;
          return;
        }
        this.world.dispose();
        this.world = world;
        // A later rebuild still queued: the World is at this one's place until it runs.
        this.shown = this.state === state ? null : state;
      });
      this.state = state; // the place is decided now; the World catches up on the queue
      return;
    }
    const world = World.replay(configFor(this.lab, state), state.steps.slice(0, state.cursor), WORLD_OPTIONS);
    this.world.dispose();
    this.world = world;
    this.state = state;
  }

  // ── Asynchronous labs (L05/L06 LangGraph: src/sim/asyncStep.ts) ─────────────────────────
  // An async World cannot step inside a synchronous call, so for it every change above is
  // queued and run in order; the methods answer at once and the app re-renders when
  // `whenIdle()` resolves (a refusal found later is kept for `takeError()`). Sync labs never
  // touch this path.
  private queue: Promise<void> = Promise.resolve();
  /** A refusal (a `refusals.*` message, or text: a failed rebuild) for `takeError`. */
  private error: RefusalReason | null = null;

  /** Set once a rebuild went onto the queue: the World may still be the old (synchronous) one until it has run. */
  private queued = false;

  /** The place the World is at while a queued rebuild (to `state`) has not run yet, else null. */
  private shown: SessionState | null = null;

  private get asyncWorld(): boolean {
    return this.queued || isAsyncWorld(this.world);
  }

  /** Resolves when every queued change of an asynchronous lab has run; null for a synchronous lab. */
  whenIdle(): Promise<void> | null {
    return this.asyncWorld ? this.queue : null;
  }

  /** The refusal a queued change met, once. */
  takeError(): RefusalReason | null {
    const error = this.error;
    this.error = null;
    return error;
  }

  private enqueue(body: () => Promise<void>): { ok: true } {
    this.queue = this.queue.then(body).catch((error: unknown) => {
      this.error = error instanceof Error ? error.message : String(error);
    });
    return { ok: true };
  }

  private settle(outcome: { ok: true } | { ok: false; error: RefusalReason }): void {
    if (!outcome.ok) this.error = outcome.error;
  }

  private async playNow(raw: unknown): Promise<{ ok: true } | { ok: false; error: RefusalReason }> {
    const scripted = this.state.steps[this.state.cursor];
    const outcome = await stepAsync(this.world, raw);
    if (!outcome.ok) return outcome;
    const taken = this.world.actions[this.world.actions.length - 1];
    if (this.state.scenario && JSON.stringify(this.world.parse(scripted)) !== JSON.stringify(taken)) delete this.state.scenario;
    this.takeStep(taken);
    return { ok: true };
  }

  private async forwardNow(): Promise<{ ok: true } | { ok: false; error: RefusalReason }> {
    if (!this.canForward) return { ok: false, error: 'Nothing to step forward to.' };
    const held = this.held();
    if (held) return held;
    const outcome = await stepAsync(this.world, this.state.steps[this.state.cursor]);
    if (!outcome.ok) return outcome;
    this.state.cursor += 1;
    return { ok: true };
  }
}

/**
 * Whether `state`'s switches pick an asynchronous model. The World a session holds is not
 * enough to tell: L06's Executor switch picks the model (src/sim/models/matrix/route.ts), so
 * a flip or a saved place can turn a synchronous session into one that must replay on the queue.
 */
function asyncUnder(lab: Lab, state: SessionState): boolean {
  return isAsyncModel(getModel(configFor(lab, state).model));
}
