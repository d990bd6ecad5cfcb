/**
 * How the explorer moves between states: open a World at a path, try one action from it
 * and come back. The explorer only talks to this interface, so it speeds up by itself
 * when the World learns to undo a step cheaply (issue 10): with `undo()` one cursor World
 * walks the search tree; without it every state is rebuilt by replaying its step log.
 */
import type { ModelAction } from '../model';
import { World, type StepOutcome, type WorldConfig, type WorldOptions } from '../world';

export interface SearchSpace {
  /** 'undo' when the World can take a step back cheaply, else 'replay'. */
  readonly mode: 'undo' | 'replay';
  /** A World in the state `path` leads to (after the prefix). Give it back with `close`. */
  open(path: readonly ModelAction[]): World;
  /**
   * Runs `action` on `world` (which is at `path`), lets `visit` look at the result, then
   * returns `world` to `path` — unless `last` says the caller is done with it there.
   */
  probe<T>(world: World, path: readonly ModelAction[], action: ModelAction, last: boolean,
    visit: (child: World, outcome: StepOutcome) => T): T;
  close(world: World): void;
  dispose(): void;
}

interface Undoable { undo(): void }
const canUndo = (world: World): world is World & Undoable => typeof (world as unknown as Partial<Undoable>).undo === 'function';

export function searchSpace(config: WorldConfig, prefix: readonly unknown[] = [], options: WorldOptions = {}): SearchSpace {
  const root = World.replay(config, prefix, options);
  return canUndo(root) ? undoSpace(config, prefix, root, options) : replaySpace(config, prefix, root);
}

/** One World walks the tree: back to the common ancestor, forward to the target. */
function undoSpace(config: WorldConfig, prefix: readonly unknown[], first: World & Undoable, options: WorldOptions): SearchSpace {
  let cursor = first;
  let dirty = false;
  let at: ModelAction[] = [];
  const moveTo = (path: readonly ModelAction[]) => {
    if (dirty) {
      // A step threw halfway: rebuild rather than trust an undo of a half-done step.
      cursor.dispose();
      cursor = World.replay(config, prefix, options) as World & Undoable;
      at = [];
      dirty = false;
    }
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
    probe(world, _path, action, _last, visit) {
      dirty = true;
      // Undone right after the visit: a checkpoint of the child would be exported for nothing.
      const outcome = world.step(action, { checkpoint: false });
      dirty = false;
      try {
        return visit(world, outcome);
      } finally {
        if (outcome.ok) cursor.undo();
      }
    },
    close() { /* the cursor stays */ },
    dispose() {
      cursor.dispose();
    },
  };
}

/** Without undo: every state is a fresh replay of its step log. Correct, slower. */
function replaySpace(config: WorldConfig, prefix: readonly unknown[], first: World): SearchSpace {
  let spare: World | null = first;
  const replay = (path: readonly ModelAction[]) => {
    if (spare && path.length === 0) {
      const world = spare;
      spare = null;
      return world;
    }
    return World.replay(config, [...prefix, ...path]);
  };
  return {
    mode: 'replay',
    open: replay,
    probe(world, path, action, last, visit) {
      const child = last ? world : replay(path);
      try {
        return visit(child, child.step(action));
      } finally {
        if (!last) child.dispose();
      }
    },
    close(world) { world.dispose(); },
    dispose() { spare?.dispose(); },
  };
}

function mustStep(world: World, action: ModelAction): void {
  const outcome = world.step(action);
  if (!outcome.ok) throw new Error(`explorer: a step on a known path was refused: ${outcome.error}`);
}
