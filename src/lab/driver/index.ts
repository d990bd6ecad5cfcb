/**
 * The headless lab driver: a lab opened the way the app opens it (a LabSession), driven by
 * chained calls — act, back, forward, flip a switch, load a scenario — with expectations on
 * the observed state, the invariants and the cursor. Vitest tests use it directly; the
 * exercise checker and the card runner play their plans through it.
 *
 * Every change of a session is a promise (an asynchronous lab's engine is awaited inside
 * its steps), so a chain is a queue: each call adds its change or its expectation and
 * returns the driver, and awaiting the driver runs the queue to its end — or to the first
 * call that failed, whose error the await throws (the calls after it do not run):
 *
 *     await openLab('L01').act('approve', 'submit').expectState({ ledger_count: 1 });
 *
 * Reading (`world`, `observed()`, `view()`) refuses while calls are queued: await first.
 *
 * Expectations throw a `DriverError` that names the step log so far (reproducible as a
 * card), never a test-framework assertion, so the driver runs anywhere (Node, a browser, a
 * Web Worker). No file system here: `src/lab/driver/node.ts` opens labs by id from disk.
 */
import type { InvariantResult, RefusalReason } from '../../sim/model';
import type { LabChain } from './chain';
import type { World } from '../../sim/world';
import type { WorldOverrides } from '../config';
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

export class LabDriver implements LabChain {
  private session: LabSession | null = null;
  /** The chain so far: every call queued after the ones before it. */
  private chain: Promise<void> = Promise.resolve();
  /** The first call that failed (the calls queued after it are skipped), until an await throws it. */
  private failure: { error: unknown } | null = null;
  /** Calls queued and not yet run, and whether one is running (it may read). */
  private queued = 0;
  private running = false;

  private constructor(readonly lab: Lab) {}

  /** Opens `lab` fresh, or at a saved place (which must replay; a place that does not fails the chain). */
  static open(lab: Lab, saved?: SessionState): LabDriver {
    const driver = new LabDriver(lab);
    return driver.then$(async () => {
      const { session, problem } = await LabSession.open(lab, saved);
      if (problem) {
        session.dispose();
        throw new DriverError(problem, saved?.steps ?? []);
      }
      driver.session = session;
    });
  }

  /**
   * Opens `lab` at its starting state with `start`'s switches and starting state laid over
   * the lab's (where a card or an exercise starts). A starting state the World refuses
   * fails the chain with the World's own reason (`starting state: …`), not a fallback to
   * the lab's.
   */
  static start(lab: Lab, start: WorldOverrides = {}): LabDriver {
    const driver = LabDriver.open(lab);
    if (!start.switches && !start.initial) return driver;
    return driver.then$(() => driver.open$.loadScript({ actions: [], ...start }));
  }

  /** Takes each action in turn; a refused one fails the chain with the World's reason. */
  act(...actions: unknown[]): this {
    return this.then$(async () => {
      for (const action of actions) {
        const outcome = await this.open$.play(action);
        if (!outcome.ok) throw new DriverError(`${JSON.stringify(action)} was refused: ${said(outcome.error)}`, this.steps);
      }
    });
  }

  /**
   * Takes `action` if the World allows it: the refusal (nothing changed) or null. A run
   * that goes on past a refusal (a random schedule, an exercise check judging where its
   * run stopped) asks this instead of `act`. The refusal comes as the World gave it (a
   * message), so a page words it in its language.
   */
  async attempt(action: unknown): Promise<RefusalReason | null> {
    await this;
    const outcome = await this.open$.play(action);
    return outcome.ok ? null : outcome.error;
  }

  /** Expects `action` to be refused (and, if given, for a reason matching `why`); nothing changes. */
  refuses(action: unknown, why?: RegExp): this {
    return this.then$(async () => {
      const before = this.open$.cursor;
      const outcome = await this.open$.play(action);
      if (outcome.ok) throw new DriverError(`${JSON.stringify(action)} was expected to be refused, but ran`, this.steps);
      if (why && !why.test(said(outcome.error))) throw new DriverError(`${JSON.stringify(action)} was refused for '${said(outcome.error)}', not ${why}`, this.steps);
      if (this.open$.cursor !== before) throw new DriverError('a refused action moved the cursor', this.steps);
    });
  }

  back(times = 1): this {
    return this.then$(async () => {
      for (let i = 0; i < times; i++) {
        if (this.open$.cursor === 0) throw new DriverError('cannot step back from the start', this.steps);
        await this.open$.back();
      }
    });
  }

  forward(times = 1): this {
    return this.then$(async () => {
      for (let i = 0; i < times; i++) {
        const outcome = await this.open$.forward();
        if (!outcome.ok) throw new DriverError(`cannot step forward: ${said(outcome.error)}`, this.steps);
      }
    });
  }

  jumpTo(cursor: number): this {
    return this.then$(() => this.open$.jumpTo(cursor));
  }

  reset(): this {
    return this.then$(() => this.open$.reset());
  }

  /** Same steps, other design. */
  flip(key: string, value: string): this {
    return this.then$(async () => {
      const outcome = await this.open$.setSwitch(key, value);
      if (!outcome.ok) throw new DriverError(`switch ${key}=${value}: ${said(outcome.error)}`, this.steps);
    });
  }

  /** Loads a scenario of the lab as the redo tail; `play: true` steps through all of it. */
  scenario(id: string, options: { play?: boolean } = {}): this {
    return this.then$(async () => {
      const scenario = this.lab.scenarios.find((s) => s.id === id);
      if (!scenario) throw new DriverError(`lab ${this.lab.id} has no scenario '${id}' (has: ${this.lab.scenarios.map((s) => s.id).join(', ')})`, this.steps);
      await this.open$.loadScript(scenario);
      while (options.play && this.open$.canForward) {
        const outcome = await this.open$.forward();
        if (!outcome.ok) throw new DriverError(`cannot step forward: ${said(outcome.error)}`, this.steps);
      }
    });
  }

  /** Expects the observed state to contain `expected` (the card subset match). */
  expectState(expected: Record<string, unknown>): this {
    return this.then$(() => {
      const mismatches = deepMatch(expected, this.observed());
      if (mismatches.length > 0) {
        const lines = mismatches.map((m) => `${m.path}: expected ${JSON.stringify(m.expected)}, got ${JSON.stringify(m.actual)}`);
        throw new DriverError(`observed state differs:\n    ${lines.join('\n    ')}`, this.steps);
      }
    });
  }

  /** Expects invariant `id` to hold (`true`) or to be broken (`false`) after the latest step. */
  expectInvariant(id: string, holds: boolean): this {
    return this.then$(() => {
      const result = this.invariant(id);
      if (result.ok !== holds) {
        throw new DriverError(`${id} was expected to ${holds ? 'hold' : 'be broken'}, but ${result.ok ? 'holds' : `is broken: ${result.violations.map((v) => formatMessage(v)).join('; ')}`}`, this.steps);
      }
    });
  }

  /** Expects every invariant to hold. */
  expectAllInvariantsHold(): this {
    return this.then$(() => {
      const broken = this.world.invariants.filter((i) => !i.ok);
      if (broken.length > 0) throw new DriverError(`broken: ${broken.map((i) => `${i.id} (${i.violations.map((v) => formatMessage(v)).join('; ')})`).join(', ')}`, this.steps);
    });
  }

  /**
   * Expects exactly `ids` to have been broken at some step so far (none: the run never broke
   * one) — the run's record, where `expectInvariant` judges only the latest step.
   */
  expectBroken(...ids: string[]): this {
    return this.then$(() => {
      const broken = this.broken();
      const same = broken.length === ids.length && ids.every((id) => broken.includes(id));
      if (!same) throw new DriverError(`broken during the run: [${broken.join(', ')}], expected [${ids.join(', ')}]`, this.steps);
    });
  }

  expectCursor(cursor: number): this {
    return this.then$(() => {
      if (this.open$.cursor !== cursor) throw new DriverError(`cursor is ${this.open$.cursor}, expected ${cursor}`, this.steps);
    });
  }

  /** Runs `check` on the driver where the chain stands (for assertions of the calling test framework). */
  tap(check: (driver: this) => void): this {
    return this.then$(() => check(this));
  }

  /** Awaiting the driver runs every call queued so far; the first that failed throws here. */
  then<A = void, B = never>(onDone?: ((value: void) => A | PromiseLike<A>) | null, onFailed?: ((reason: unknown) => B | PromiseLike<B>) | null): PromiseLike<A | B> {
    return this.chain.then(() => {
      const failed = this.failure;
      this.failure = null;
      if (failed) throw failed.error;
    }).then(onDone, onFailed);
  }

  /** Runs the chain, then reads: `expect(await lab.act(…).read((l) => l.broken()))…`. */
  async read<T>(look: (driver: this) => T): Promise<T> {
    await this;
    return look(this);
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
    return this.settled().view();
  }

  /** The World at the cursor (once the chain has been awaited). */
  get world(): World {
    return this.settled().current;
  }

  /** True when the lab's World steps asynchronously (an engine awaited inside its steps). */
  get async(): boolean {
    return this.settled().asynchronous;
  }

  /** The applied steps (normalised), replayable as a card's `actions`. */
  get steps(): unknown[] {
    const session = this.session;
    return session ? session.snapshot.steps.slice(0, session.cursor) : [];
  }

  /** The session under the chain (once awaited): the page's view of the same place. */
  get labSession(): LabSession {
    return this.settled();
  }

  /** Closes the lab once the chain has run; rejects with the chain's failure, if any. */
  dispose(): Promise<void> {
    const close = () => this.session?.dispose();
    return Promise.resolve(this).then(close, (error: unknown) => {
      close();
      throw error;
    });
  }

  /** Queues `body` after every call before it; skipped once a call before it failed. */
  private then$(body: () => unknown): this {
    this.queued += 1;
    this.chain = this.chain.then(async () => {
      this.queued -= 1;
      if (this.failure) return;
      this.running = true;
      try {
        await body();
        // Readings are synchronous: an asynchronous lab's World is brought to the cursor now
        // (after Back or Step over recorded steps it stays where it was until read).
        if (this.session?.asynchronous) await this.session.read(() => undefined);
      } catch (error) {
        this.failure = { error };
      } finally {
        this.running = false;
      }
    });
    return this;
  }

  /** The open session, inside a queued call. */
  private get open$(): LabSession {
    if (!this.session) throw new DriverError(`lab ${this.lab.id} did not open`, []);
    return this.session;
  }

  private settled(): LabSession {
    if (this.queued > 0 && !this.running) throw new DriverError(`lab ${this.lab.id} has calls queued: await the driver before reading`, this.steps);
    return this.open$;
  }
}
