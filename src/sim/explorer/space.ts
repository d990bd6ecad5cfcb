/**
 * How the explorer moves between states: one cursor World walks the search tree — back to
 * the common ancestor with `undo()` (a checkpoint restore, src/sim/history.ts), forward to
 * the target with `step`. A probe steps once, lets the caller look, and rolls back
 * (World.probe: a savepoint per store, so nothing is reopened from an image).
 */
import { reasonKeyText, type ModelAction } from '../model';
import { World, type StepOutcome, type WorldConfig, type WorldOptions } from '../world';

export interface SearchSpace {
  /** How states are reached (reported in every result). */
  readonly mode: 'undo';
  /** The cursor World, moved to the state `path` leads to (after the prefix). */
  open(path: readonly ModelAction[]): World;
  /** Runs `action` on `world` (just opened), lets `visit` look at the result, then undoes it. */
  probe<T>(world: World, action: ModelAction, visit: (child: World, outcome: StepOutcome) => T): T;
  dispose(): void;
}

/** `options.history` must keep checkpoints (undo needs them); dense ones make each undo a restore. */
export function searchSpace(config: WorldConfig, prefix: readonly unknown[], options: WorldOptions): SearchSpace {
  const cursor = World.replay(config, prefix, options);
  let at: ModelAction[] = [];
  const moveTo = (path: readonly ModelAction[]) => {
    let common = 0;
    while (common < at.length && common < path.length && at[common] === path[common]) common++;
    for (let i = at.length; i > common; i--) cursor.undo();
    for (let i = common; i < path.length; i++) mustStep(cursor, path[i]!);
    at = [...path];
  };
  return {
    mode: 'undo',
    open(path) {
      moveTo(path);
      return cursor;
    },
    probe(world, action, visit) {
      // World.probe takes the step back by rolling each store back in place (a savepoint
      // held for the probe), also when the step throws halfway: no image is exported or
      // reopened, and the cursor stays where it was.
      return world.probe(action, (outcome) => visit(world, outcome));
    },
    dispose() {
      cursor.dispose();
    },
  };
}

function mustStep(world: World, action: ModelAction): void {
  const outcome = world.step(action);
  if (!outcome.ok) throw new Error(`explorer: a step on a known path was refused: ${reasonKeyText(outcome.error)}`);
}
