/** What a search returns: counts, the bounds it ran under, and counterexamples as step logs. */
import { msg } from '../../core/message';
import type { InvariantResult, ModelAction, Violation } from '../model';
import type { World, WorldConfig } from '../world';
import type { Bounds } from './bounds';

export interface Counterexample {
  /** The invariant broken, or `ERROR` when a step threw (a bug in the model or the engine). */
  invariant: string;
  statement: string;
  rule: string;
  /** What the invariant found (messages; `violations.engine.threw` for a step that threw). */
  violations: Violation[];
  /** The actions the search took (after the starting prefix): `k` in "in k steps". */
  steps: number;
  /** The whole step log from the lab's start (prefix + the search's actions), replayable. */
  actions: unknown[];
  /** The observable state at the end, for the card's `expect`. */
  observed: Record<string, unknown> | null;
}

/** A state from which the system's own recovery does not settle (src/sim/explorer/recover.ts). */
export interface Unrecoverable extends Counterexample {
  /** How many of `steps` were recovery moves (the rest, the search's faulty prefix). */
  recovery: number;
  /** `stuck`: no recovery move applied; `bound`: unsettled after the bound; `broken`: an invariant broke. */
  why: 'stuck' | 'bound' | 'broken';
}

export interface Progress {
  states: number;
  transitions: number;
  depth: number;
  elapsedMs: number;
}

export interface ExploreResult {
  mode: 'exhaustive' | 'swarm';
  model: string;
  switches: Record<string, string>;
  bounds: Bounds;
  /** The bounds in words (never a silent cut-off). */
  boundsText: string;
  states: number;
  transitions: number;
  /** Every state reachable in at most this many steps was checked. */
  depthCompleted: number;
  elapsedMs: number;
  /** Why the search stopped before its depth bound, or null when it reached it (or ran out of states). `cancelled`: its `stop` said so. */
  stoppedBy: 'maxStates' | 'maxMs' | 'firstCounterexample' | 'cancelled' | null;
  /** How states were reached: 'undo' (exhaustive: one cursor World steps and undoes), 'replay' (swarm: each walk replays the prefix). */
  space: 'undo' | 'replay';
  /** One per broken invariant: the shortest found (exhaustive mode finds a shortest). */
  counterexamples: Counterexample[];
  /**
   * With `recover`: one per unmet end condition, from the first reached state (fewest search
   * steps) whose recovery does not settle. `steps` = search steps + `recovery` moves.
   */
  unrecoverable?: Unrecoverable[];
  /** With `recover`: how many reached states were recovered from (every one, when complete). */
  recovered?: number;
  /**
   * Asynchronous models only: how many times the search rebuilt its World by a fresh replay
   * because an undo could not restore the model's runtime (a run parked mid-node).
   */
  replays?: number;
  /** Exhaustive search with partial-order reduction (explore.ts `reduce`). */
  reduced?: boolean;
  /** With `reduced`: transitions not tried because their action slept (their state is reached another way). */
  slept?: number;
  /** Swarm only: the seed that reproduces the run, and the number of walks. */
  seed?: number;
  runs?: number;
}

/** A counterexample from the World that just broke `results` (the trace has the whole story). */
export function counterexampleFrom(world: World, prefixLength: number, failed: InvariantResult): Counterexample {
  return {
    invariant: failed.id,
    statement: failed.statement,
    rule: failed.rule,
    violations: failed.violations,
    steps: world.actions.length - prefixLength,
    actions: world.actions.map(plainAction),
    observed: safeObserve(world),
  };
}

export function errorCounterexample(actions: unknown[], steps: number, error: unknown): Counterexample {
  const message = error instanceof Error ? error.message : String(error);
  return { invariant: 'ERROR', statement: 'A step threw instead of returning.', rule: 'engine', violations: [msg('violations.engine.threw', { error: message })], steps, actions, observed: null };
}

export function plainAction(action: ModelAction): unknown {
  return JSON.parse(JSON.stringify(action)) as unknown;
}

export function safeObserve(world: World): Record<string, unknown> | null {
  try {
    return JSON.parse(JSON.stringify(world.observe())) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * The card JSON for a counterexample (src/lab/cards.ts format): it replays to the broken
 * state. `violationText` renders the first violation into the card's description (English
 * for a card file: the caller passes the English renderer, `formatMessage` in
 * src/lab/i18n/catalogRegistry.ts).
 */
export function counterexampleCard(lab: string, config: WorldConfig, found: Counterexample, boundsText: string, violationText: (violation: Violation) => string): Record<string, unknown> {
  return {
    lab,
    name: 'recovery' in found
      ? `${found.invariant} not recoverable after ${found.steps - (found as Unrecoverable).recovery} + ${(found as Unrecoverable).recovery} steps (found by search)`
      : `${found.invariant} broken in ${found.steps} step${found.steps === 1 ? '' : 's'} (found by search)`,
    description: `${found.statement} ${found.violations[0] ? violationText(found.violations[0]) : ''} Bounds: ${boundsText}.`.trim(),
    switches: config.switches,
    actions: found.actions,
    expect: found.observed ?? {},
  };
}
