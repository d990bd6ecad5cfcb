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
import type { InvariantResult } from '../../sim/model';
import type { World } from '../../sim/world';
import { deepMatch } from '../deepMatch';
import type { Lab } from '../schema';
import { LabSession, type SessionState, type WorldView } from '../session';

export class DriverError extends Error {
  constructor(message: string, readonly steps: readonly unknown[]) {
    super(`${message}\n  after steps: ${JSON.stringify(steps)}`);
    this.name = 'DriverError';
  }
}

export class LabDriver {
  private constructor(readonly lab: Lab, readonly session: LabSession) {}

  /** Opens `lab` fresh, or at a saved place (which must replay). */
  static open(lab: Lab, saved?: SessionState): LabDriver {
    const { session, problem } = LabSession.open(lab, saved);
    if (problem) {
      session.dispose();
      throw new DriverError(problem, saved?.steps ?? []);
    }
    return new LabDriver(lab, session);
  }

  /** Takes each action in turn; a refused one throws with the World's reason. */
  act(...actions: unknown[]): this {
    for (const action of actions) {
      const outcome = this.session.play(action);
      if (!outcome.ok) throw new DriverError(`${JSON.stringify(action)} was refused: ${outcome.error}`, this.steps);
    }
    return this;
  }

  /** Expects `action` to be refused (and, if given, for a reason matching `why`); nothing changes. */
  refuses(action: unknown, why?: RegExp): this {
    const before = this.session.cursor;
    const outcome = this.session.play(action);
    if (outcome.ok) throw new DriverError(`${JSON.stringify(action)} was expected to be refused, but ran`, this.steps);
    if (why && !why.test(outcome.error)) throw new DriverError(`${JSON.stringify(action)} was refused for '${outcome.error}', not ${why}`, this.steps);
    if (this.session.cursor !== before) throw new DriverError('a refused action moved the cursor', this.steps);
    return this;
  }

  back(times = 1): this {
    for (let i = 0; i < times; i++) {
      if (this.session.cursor === 0) throw new DriverError('cannot step back from the start', this.steps);
      this.session.back();
    }
    return this;
  }

  forward(times = 1): this {
    for (let i = 0; i < times; i++) {
      const outcome = this.session.forward();
      if (!outcome.ok) throw new DriverError(`cannot step forward: ${outcome.error}`, this.steps);
    }
    return this;
  }

  jumpTo(cursor: number): this {
    this.session.jumpTo(cursor);
    return this;
  }

  reset(): this {
    this.session.reset();
    return this;
  }

  /** Same steps, other design. */
  flip(key: string, value: string): this {
    const outcome = this.session.setSwitch(key, value);
    if (!outcome.ok) throw new DriverError(`switch ${key}=${value}: ${outcome.error}`, this.steps);
    return this;
  }

  /** Loads a scenario of the lab as the redo tail; `play: true` steps through all of it. */
  scenario(id: string, options: { play?: boolean } = {}): this {
    const scenario = this.lab.scenarios.find((s) => s.id === id);
    if (!scenario) throw new DriverError(`lab ${this.lab.id} has no scenario '${id}' (has: ${this.lab.scenarios.map((s) => s.id).join(', ')})`, this.steps);
    this.session.loadScript(scenario);
    if (options.play) while (this.session.canForward) this.forward();
    return this;
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
      throw new DriverError(`${id} was expected to ${holds ? 'hold' : 'be broken'}, but ${result.ok ? 'holds' : `is broken: ${result.violations.join('; ')}`}`, this.steps);
    }
    return this;
  }

  /** Expects every invariant to hold. */
  expectAllInvariantsHold(): this {
    const broken = this.session.current.invariants.filter((i) => !i.ok);
    if (broken.length > 0) throw new DriverError(`broken: ${broken.map((i) => `${i.id} (${i.violations.join('; ')})`).join(', ')}`, this.steps);
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
    return this.session.current.observe();
  }

  invariant(id: string): InvariantResult {
    const result = this.session.current.invariants.find((i) => i.id === id);
    if (!result) throw new DriverError(`lab ${this.lab.id} has no invariant '${id}'`, this.steps);
    return result;
  }

  view(): WorldView {
    return this.session.view();
  }

  get world(): World {
    return this.session.current;
  }

  /** The applied steps (normalised), replayable as a card's `actions`. */
  get steps(): unknown[] {
    return this.session.snapshot.steps.slice(0, this.session.cursor);
  }

  dispose(): void {
    this.session.dispose();
  }
}
