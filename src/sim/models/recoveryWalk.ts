/**
 * Test-only: recoverability checked on Worlds, for models' own tests. From a World, the
 * system's own moves with no new fault — restart crashed nodes, heal cut links, deliver
 * the oldest frame that can arrive (or advance the clock to its arrival), then the first
 * of the model's `recoveryMoves` the World accepts — until every end condition holds or
 * `bound` steps are spent. `statesWithin` walks every state the search reaches within a
 * depth (the explorer's own `worldEnabled`), so a test can run the walk from each.
 */
import type { ModelAction } from '../model';
import type { Bounds } from '../explorer/bounds';
import { budgetOf } from '../explorer/budget';
import { worldEnabled } from '../explorer/enabled';
import type { World } from '../world';

export interface Walk { settled: boolean; moves: ModelAction[]; unmet: string[] }

function environmentMove(world: World): ModelAction | null {
  const crashed = world.nodes.find((n) => world.status(n.id) === 'crashed');
  if (crashed) return { type: 'restart', node: crashed.id };
  if (world.cutLinks().length > 0) return { type: 'heal' };
  const frames = [...world.network.inFlight];
  const ready = frames.find((f) => world.canArrive(f));
  if (ready) return { type: 'deliver', frame: ready.id };
  const waiting = frames.filter((f) => world.status(f.to) !== 'paused').map((f) => f.notBefore ?? 0).filter((t) => t > world.clock.now);
  if (waiting.length > 0) return { type: 'advance', by: Math.min(...waiting) - world.clock.now };
  return null;
}

/** Runs the recovery on `world` itself (fork first to keep the original). */
export function recover(world: World, bound: number): Walk {
  const moves: ModelAction[] = [];
  const unmet = () => world.endConditions().filter((c) => !c.ok).map((c) => c.id);
  for (let i = 0; i < bound && unmet().length > 0; i++) {
    const env = environmentMove(world);
    const candidates = env ? [env] : world.modelRecoveryMoves();
    const taken = candidates.find((move) => world.step(move).ok);
    if (!taken) break;
    moves.push(taken);
  }
  return { settled: unmet().length === 0, moves, unmet: unmet() };
}

/** Every state within `depth` moves of `world` (duplicates included), as the step logs reaching them. */
export function statesWithin(world: World, bounds: Bounds, visit: (world: World, path: ModelAction[]) => void): void {
  const walk = (path: ModelAction[]) => {
    visit(world, path);
    if (path.length >= bounds.depth) return;
    for (const action of worldEnabled(world, bounds, budgetOf(path))) {
      if (!world.step(action).ok) continue;
      walk([...path, action]);
      world.undo();
    }
  };
  walk([]);
}
