/**
 * Recoverability (liveness): from a reached state, with no new fault, do the system's own
 * moves bring the World to a settled state (every end condition of the model holds) within
 * the model's recovery bound?
 *
 * The recovery is one deterministic path, not a search: the environment's own recovery
 * first (restart a crashed node, heal cut links, deliver the oldest frame that can arrive,
 * wait for the next frame's arrival), then the model's `recoveryMoves` (its executor's
 * retries, lookups, sweeps, takeovers, clock moves to its deadlines), taking the first move
 * the World accepts. A model recovers as its design under its switches says: a wrong design
 * gets stuck or breaks an invariant on the way, and that is the counterexample.
 *
 * Written as a search (drive.ts) so that the same code steps synchronous Worlds and awaits
 * asynchronous ones: each recovery starts from a fresh replay of the state's step log.
 */
import { msg } from '../../core/message';
import type { InvariantResult, ModelAction } from '../model';
import type { World, WorldConfig } from '../world';
import { plainAction, safeObserve, type Unrecoverable } from './result';
import { replay, step, type Search } from './drive';

/** Recovery steps within which a model without its own `recoveryBound` must settle. */
export const DEFAULT_RECOVERY_BOUND = 12;

export type RecoveryRun =
  | { settled: true; moves: ModelAction[] }
  /** `stuck`: no recovery move was accepted; `bound`: still unsettled after the bound; `broken`: an invariant broke on the way. */
  | { settled: false; moves: ModelAction[]; why: 'stuck' | 'bound' | 'broken'; unmet: InvariantResult[]; world: { actions: unknown[]; observed: Record<string, unknown> | null } };

/** The environment's recovery, then the model's, in the order they are tried. */
export function recoveryCandidates(world: World): ModelAction[] {
  const out: ModelAction[] = [];
  for (const node of world.nodes) if (world.status(node.id) === 'crashed') out.push({ type: 'restart', node: node.id });
  if (world.cutLinks().length > 0) out.push({ type: 'heal' });
  const inFlight = world.network.inFlight;
  for (const frame of inFlight) if (world.canArrive(frame)) { out.push({ type: 'deliver', frame: frame.id }); break; }
  out.push(...world.modelRecoveryMoves());
  // Frames held back by latency: the clock moves to the first arrival.
  const waits = inFlight.map((f) => (f.notBefore ?? 0) - world.clock.now).filter((d) => d > 0);
  if (waits.length > 0) out.push({ type: 'advance', by: Math.min(...waits) });
  return out;
}

/** The model's recovery bound. */
export function recoveryBound(world: World): number {
  return world.model.recoveryBound ?? DEFAULT_RECOVERY_BOUND;
}

/**
 * Replays `actions` (a reached state's whole step log), then recovers. The World is
 * disposed at the end; a non-settling run carries the step log and what was observed.
 */
export function* recoverFrom(config: WorldConfig, actions: readonly unknown[]): Search<RecoveryRun> {
  const world = yield* replay(config, actions);
  try {
    const bound = recoveryBound(world);
    const moves: ModelAction[] = [];
    const unsettled = (why: 'stuck' | 'bound' | 'broken', unmet: InvariantResult[]): RecoveryRun => ({
      settled: false, moves, why, unmet, world: { actions: world.actions.map(plainAction), observed: safeObserve(world) },
    });
    for (;;) {
      const unmet = world.endConditions().filter((c) => !c.ok);
      if (unmet.length === 0) return { settled: true, moves };
      if (moves.length >= bound) return unsettled('bound', unmet);
      let moved = false;
      for (const move of recoveryCandidates(world)) {
        const outcome = yield* step(world, move);
        if (!outcome.ok) continue; // refused: changed nothing, try the next move
        moves.push(move);
        moved = true;
        const broken = outcome.entry.invariants.filter((i) => !i.ok);
        if (broken.length > 0) return unsettled('broken', broken);
        break;
      }
      if (!moved) return unsettled('stuck', unmet);
    }
  } finally {
    world.dispose();
  }
}

/**
 * The counterexample for a state that does not recover: the faulty prefix (`k` steps of the
 * search) followed by the recovery (`r` moves), replayable as a card. Its `invariant` is the
 * first unmet end condition (or the invariant broken during recovery).
 */
export function unrecoverableCounterexample(run: Extract<RecoveryRun, { settled: false }>, searchSteps: number): Unrecoverable {
  const first = run.unmet[0]!;
  const how = run.why === 'broken' ? msg('violations.recovery.broken', { moves: run.moves.length })
    : run.why === 'stuck' ? msg('violations.recovery.stuck', { moves: run.moves.length })
      : msg('violations.recovery.bound', { moves: run.moves.length });
  return {
    invariant: first.id,
    statement: first.statement,
    rule: first.rule,
    violations: [...first.violations, how],
    steps: searchSteps + run.moves.length,
    recovery: run.moves.length,
    why: run.why,
    actions: run.world.actions,
    observed: run.world.observed,
  };
}
