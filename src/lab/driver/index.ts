/**
 * The headless lab driver: a lab opened the way the app opens it (a LabSession), driven by
 * chained calls — act, back, forward, flip a switch, load a scenario — with expectations on
 * the observed state, the invariants and the cursor. Vitest tests use it directly; the
 * exercise checker and the Playwright page object can wrap the same verbs.
 *
 * Expectations throw a `DriverError` that names the step log so far (reproducible as a
 * card), never a test-framework assertion, so the driver runs anywhere (Node, a browser, a
 * Web Worker). No file system here: `src/lab/driver/node.ts` opens labs by id from disk.
 */
import type { InvariantResult, RefusalReason } from '../../sim/model';
import { World } from '../../sim/world';
import { configFor, type WorldOverrides } from '../config';
import { deepMatch } from '../deepMatch';
import { formatMessage } from '../i18n/catalogRegistry';
import type { Lab } from '../schema';
import { LabSession, type SessionState, type WorldView } from '../session';

/**
 * A refusal in English (the session reports a refusal message or plain text): for a
 * DriverError and for matching `refuses(…, why)`.
 */
function said(reason: Parameters<typeof formatMessage>[0]): string {
  return formatMessage(reason);
}

export class DriverError extends Error {
  constructor(message: string, readonly steps: readonly unknown[]) {
    super(`${message}\n  after steps: ${JSON.stringify(steps)}`);
    this.name = 'DriverError';
  }
}

export class LabDriver {
  /**
   * Set while an asynchronous lab's session has changes queued that `idle()` has not
   * awaited: reading then would read the World before them, so every reading refuses.
   */
  private unsettled = false;

  private constructor(readonly lab: Lab, readonly session: LabSession) {}

  /** Opens `lab` fresh, or at a saved place (which must replay). */
  static open(lab: Lab, saved?: SessionState): LabDriver {
    const { session, problem } = LabSession.open(lab, saved);
    if (problem) {
      session.dispose();
      throw new DriverError(problem, saved?.steps ?? []);
    }
    return new LabDriver(lab, session).touched(); // an asynchronous lab replays a saved place on its queue
  }

  /**
   * Opens `lab` at its starting state with `start`'s switches and starting state laid over
   * the lab's (where a card or an exercise starts). A starting state the World refuses
   * throws the World's own reason (`starting state: …`), not a fallback to the lab's.
   */
  static start(lab: Lab, start: WorldOverrides = {}): LabDriver {
    const driver = LabDriver.open(lab);
    if (!start.switches && !start.initial) return driver;
    try {
      // An asynchronous lab rebuilds on its queue, where a refused start would surface late and reworded: ask the World now.
      if (driver.async) World.create(configFor(lab, start), { history: false }).dispose();
      driver.session.loadScript({ actions: [], ...start });
    } catch (error) {
      driver.dispose();
      throw error;
    }
    return driver.touched();
  }

  /** Takes each action in turn; a refused one throws with the World's reason. */
  act(...actions: unknown[]): this {
    for (const action of actions) {
      const outcome = this.session.play(action);
      if (!outcome.ok) throw new DriverError(`${JSON.stringify(action)} was refused: ${said(outcome.error)}`, this.steps);
    }
    return this.touched();
  }

  /**
   * Takes `action` if the World allows it: the refusal (nothing changed) or null. A run
   * that goes on past a refusal (a random schedule, an exercise check judging where its
   * run stopped) asks this instead of `act`. An asynchronous lab's step is awaited before
   * its refusal is known; a synchronous lab's has settled when the promise is made. The
   * refusal comes as the World gave it (a message), so a page words it in its language.
   */
  async attempt(action: unknown): Promise<RefusalReason | null> {
    if (!this.async) {
      const outcome = this.session.play(action);
      return outcome.ok ? null : outcome.error;
    }
    await this.settle();
    this.session.play(action);
    await this.settle();
    return this.session.takeError();
  }

  /**
   * Waits for an asynchronous lab's queued changes (its engine runs between awaits, as in
   * the app); a refusal met on the way throws. A synchronous lab is idle already.
   */
  async idle(): Promise<this> {
    await this.settle();
    const error = this.session.takeError();
    if (error !== null) throw new DriverError(said(error), this.steps);
    return this;
  }

  /** True when the lab's World steps asynchronously (its changes queue until `idle()`). */
  get async(): boolean {
    return this.session.whenIdle() !== null;
  }

  /** Expects `action` to be refused (and, if given, for a reason matching `why`); nothing changes. */
  refuses(action: unknown, why?: RegExp): this {
    const before = this.session.cursor;
    const outcome = this.session.play(action);
    if (outcome.ok) throw new DriverError(`${JSON.stringify(action)} was expected to be refused, but ran`, this.steps);
    if (why && !why.test(said(outcome.error))) throw new DriverError(`${JSON.stringify(action)} was refused for '${said(outcome.error)}', not ${why}`, this.steps);
    if (this.session.cursor !== before) throw new DriverError('a refused action moved the cursor', this.steps);
    return this.touched();
  }

  back(times = 1): this {
    for (let i = 0; i < times; i++) {
      if (this.session.cursor === 0) throw new DriverError('cannot step back from the start', this.steps);
      this.session.back();
    }
    return this.touched();
  }

  forward(times = 1): this {
    for (let i = 0; i < times; i++) {
      const outcome = this.session.forward();
      if (!outcome.ok) throw new DriverError(`cannot step forward: ${said(outcome.error)}`, this.steps);
    }
    return this.touched();
  }

  jumpTo(cursor: number): this {
    this.session.jumpTo(cursor);
    return this.touched();
  }

  reset(): this {
    this.session.reset();
    return this.touched();
  }

  /** Same steps, other design. */
  flip(key: string, value: string): this {
    const outcome = this.session.setSwitch(key, value);
    if (!outcome.ok) throw new DriverError(`switch ${key}=${value}: ${said(outcome.error)}`, this.steps);
    return this.touched();
  }

  /** Loads a scenario of the lab as the redo tail; `play: true` steps through all of it. */
  scenario(id: string, options: { play?: boolean } = {}): this {
    const scenario = this.lab.scenarios.find((s) => s.id === id);
    if (!scenario) throw new DriverError(`lab ${this.lab.id} has no scenario '${id}' (has: ${this.lab.scenarios.map((s) => s.id).join(', ')})`, this.steps);
    this.session.loadScript(scenario);
    if (options.play) while (this.session.canForward) this.forward();
    return this.touched();
  }

  /** Expects the observed state to contain `expected` (the card subset match). */
  expectState(expected: Record<string, unknown>): this {
    const mismatches = deepMatch(expected, this.observed());
    if (mismatches.length > 0) {
      const lines = mismatches.map((m) => `${m.path}: expected ${JSON.stringify(m.expected)}, got ${JSON.stringify(m.actual)}`);
      throw new DriverError(`observed state differs:\n    ${lines.join('\n    ')}`, this.steps);
    }
    return this;
  }

  /** Expects invariant `id` to hold (`true`) or to be broken (`false`) after the latest step. */
  expectInvariant(id: string, holds: boolean): this {
    const result = this.invariant(id);
    if (result.ok !== holds) {
      throw new DriverError(`${id} was expected to ${holds ? 'hold' : 'be broken'}, but ${result.ok ? 'holds' : `is broken: ${result.violations.map((v) => formatMessage(v)).join('; ')}`}`, this.steps);
    }
    return this;
  }

  /** Expects every invariant to hold. */
  expectAllInvariantsHold(): this {
    const broken = this.world.invariants.filter((i) => !i.ok);
    if (broken.length > 0) throw new DriverError(`broken: ${broken.map((i) => `${i.id} (${i.violations.map((v) => formatMessage(v)).join('; ')})`).join(', ')}`, this.steps);
    return this;
  }

  /**
   * Expects exactly `ids` to have been broken at some step so far (none: the run never broke
   * one) — the run's record, where `expectInvariant` judges only the latest step.
   */
  expectBroken(...ids: string[]): this {
    const broken = this.broken();
    const same = broken.length === ids.length && ids.every((id) => broken.includes(id));
    if (!same) throw new DriverError(`broken during the run: [${broken.join(', ')}], expected [${ids.join(', ')}]`, this.steps);
    return this;
  }

  expectCursor(cursor: number): this {
    if (this.session.cursor !== cursor) throw new DriverError(`cursor is ${this.session.cursor}, expected ${cursor}`, this.steps);
    return this;
  }

  /** Runs `check` on the driver (for assertions of the calling test framework), then continues the chain. */
  tap(check: (driver: this) => void): this {
    check(this);
    return this;
  }

  // ── Reading ──────────────────────────────────────────────────────────────────────────────
  observed(): Record<string, unknown> {
    return this.world.observe();
  }

  invariant(id: string): InvariantResult {
    const result = this.world.invariants.find((i) => i.id === id);
    if (!result) throw new DriverError(`lab ${this.lab.id} has no invariant '${id}'`, this.steps);
    return result;
  }

  /** The ids of the invariants broken at any step so far, in the order they first broke. */
  broken(): string[] {
    return [...new Set(this.world.trace.flatMap((entry) => entry.invariants.filter((i) => !i.ok).map((i) => i.id)))];
  }

  view(): WorldView {
    this.settled();
    return this.session.view();
  }

  /** The World as it stands (an asynchronous lab's only after `idle()`). */
  get world(): World {
    this.settled();
    return this.session.current;
  }

  /** The applied steps (normalised), replayable as a card's `actions`. */
  get steps(): unknown[] {
    return this.session.snapshot.steps.slice(0, this.session.cursor);
  }

  dispose(): void {
    this.session.dispose();
  }

  /** After a change: an asynchronous lab's World is not to be read until `idle()`. */
  private touched(): this {
    if (this.async) this.unsettled = true;
    return this;
  }

  private settled(): void {
    if (this.unsettled) throw new DriverError(`lab ${this.lab.id} has queued changes: await idle() before reading`, this.steps);
  }

  private async settle(): Promise<void> {
    await this.session.whenIdle();
    this.unsettled = false;
  }
}
