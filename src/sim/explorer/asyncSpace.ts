/**
 * How the explorer moves between states of an ASYNCHRONOUS model (src/sim/asyncStep.ts):
 * one cursor World walks the search tree — forward with `runStep` (the engine's jobs
 * awaited inside the step), back with `undoTo` onto the checkpoint taken after the step had
 * settled — as the synchronous space does, with two differences:
 *
 * - No probe: World.probe holds a savepoint across a synchronous step only. A probe here
 *   steps the cursor forward; the next `open` takes it back.
 * - Undo restores the World (databases, memo, clock, network, statuses), not what the model
 *   keeps OUTSIDE it: the workflow model's run parked mid-node is a live promise. So each
 *   state reached remembers whether its step left the model `quiet` (nothing outside the
 *   World); the cursor undoes only from a quiet state to a quiet state, and otherwise is
 *   rebuilt by a fresh replay of the path (counted in `replays`). Fresh replay and undo give
 *   the same fingerprint (asyncSpace.test.ts, which also shows a bare undo past a parked run
 *   does not).
 */
import { runStep } from '../asyncStep';
import { reasonKeyText, type ModelAction } from '../model';
import { World, type StepOutcome, type WorldConfig } from '../world';

export interface AsyncSearchSpace {
  readonly mode: 'undo';
  open(path: readonly ModelAction[]): Promise<World>;
  probe<T>(world: World, action: ModelAction, visit: (child: World, outcome: StepOutcome) => T): Promise<T>;
  /** Fresh replays so far (the root's first build not counted). */
  replays(): number;
  dispose(): void;
}

/** `depth`: the longest path the search will open (checkpoints are kept densely over it). */
export async function asyncSearchSpace(config: WorldConfig, prefix: readonly unknown[], depth: number): Promise<AsyncSearchSpace> {
  // A checkpoint after every step within the search's reach: every undo is an exact restore
  // (undoTo would otherwise replay the steps in between with the synchronous `step`).
  // In place (history.ts `inPlace`, the lab session's way of stepping an async lab too): each
  // store is marked (a savepoint) before its first write in a step, and an undo rolls the
  // written stores back to their marks — nothing exported after a step, nothing closed and
  // reopened by an undo, the connections stay warm. Image checkpoints after every step had
  // cost about a third of L05's search (exports, reopening, SQLite's journal checks on a
  // reopened store's reads); same bytes either way (world.test "in-place undo"). The window
  // covers every step the cursor takes (prefix, path, probe), so it never closes mid-search:
  // a window that closed would drop its light checkpoints, and undo would fall back to a
  // fresh replay (still exact, only slower).
  const history = { recent: depth + 2, every: Math.max(64, prefix.length + depth + 2), inPlace: true };
  let cursor: World | null = null;
  let prefixLength = 0;
  /** The path the cursor is at (after the prefix), and per state on it whether the model was quiet. */
  let at: ModelAction[] = [];
  let quiet: boolean[] = [];
  /** The path last opened: a probe steps from there. */
  let base: ModelAction[] = [];
  /** True when a step threw halfway: the cursor's state is unknown until rebuilt. */
  let broken = true;
  let replays = -1;

  const mustStep = async (world: World, action: unknown): Promise<boolean> => {
    const outcome = await runStep(world, action);
    if (!outcome.ok) throw new Error(`explorer: a step on a known path was refused: ${reasonKeyText(outcome.error)}`);
    return outcome.quiet;
  };

  const rebuild = async (path: readonly ModelAction[]) => {
    cursor?.dispose();
    cursor = null;
    broken = true;
    replays++;
    const world = World.create(config, { history });
    let calm = true;
    try {
      for (const action of prefix) calm = await mustStep(world, action);
      prefixLength = world.actions.length;
      quiet = [calm];
      at = [];
      for (const action of path) {
        quiet.push(await mustStep(world, action));
        at.push(action);
      }
    } catch (error) {
      world.dispose();
      throw error;
    }
    cursor = world;
    broken = false;
  };

  const moveTo = async (path: readonly ModelAction[]) => {
    if (broken || !cursor) return rebuild(path);
    let common = 0;
    while (common < at.length && common < path.length && at[common] === path[common]) common++;
    if (common < at.length) {
      const target = prefixLength + common;
      // Undo is exact only between quiet states, and only onto a checkpoint (no synchronous replay in between).
      if (!quiet[at.length] || !quiet[common] || !cursor.checkpointSteps().includes(target)) return rebuild(path);
      cursor.undoTo(target);
      at = at.slice(0, common);
      quiet = quiet.slice(0, common + 1);
    }
    try {
      for (let i = common; i < path.length; i++) {
        quiet.push(await mustStep(cursor, path[i]!));
        at.push(path[i]!);
      }
    } catch (error) {
      broken = true;
      throw error;
    }
  };

  await rebuild([]);
  return {
    mode: 'undo',
    async open(path) {
      await moveTo(path);
      base = [...path];
      return cursor!;
    },
    async probe(_world, action, visit) {
      await moveTo(base);
      const world = cursor!;
      let outcome;
      try {
        outcome = await runStep(world, action);
      } catch (error) {
        broken = true;
        throw error;
      }
      if (outcome.ok) {
        at.push(action);
        quiet.push(outcome.quiet);
      }
      return visit(world, outcome);
    },
    replays: () => Math.max(replays, 0),
    dispose() {
      cursor?.dispose();
      cursor = null;
    },
  };
}
