/**
 * What an action touches, for partial-order reduction (explore.ts, `reduce`): the parts of
 * a World it may read and the parts it may write, named as resources —
 *
 * - `node:<id>`: the node's database, its status and incarnation, and the fault points the
 *   model places on it (an armed crash point is part of its node; a point placed on a node
 *   kind, which fires in whichever node of that kind reaches it, is part of each of them);
 * - `clock`: the virtual clock (every deadline, every frame's latency);
 * - `frame:<id>`: one frame in flight (delivering, dropping or copying it);
 * - `budget:<kind>`: the adversary's budget of crashes, drops, duplicates and cuts (two
 *   drops compete for the same budget: one may disable the other);
 * - any other name a model gives to something its own actions share (the authority's
 *   `stamps`): only that model's footprints name it;
 * - `*`: everything (the safe answer).
 *
 * Two actions are independent at a state when neither writes what the other reads or
 * writes: then running them in either order gives the same World and neither disables the
 * other. Sending a frame READS its target node (the frame carries the target's incarnation:
 * sent before a crash it is dead, after it alive); otherwise frames are a multiset in the
 * fingerprint, so two sends commute (their ids differ, and ids are not part of a state).
 *
 * Who declares what: the World declares its own actions whose whole effect it performs
 * itself (arming a crash point, dropping or copying a frame). Everything that runs model
 * code — business actions, delivering a frame, a clock move (afterAdvance), a restart
 * (afterRestart) — is declared by the model's `footprint` hook, and an action the hook does
 * not answer for touches everything: an undeclared action is never reduced away.
 */
import type { Footprint, ModelAction } from '../model';
import type { World } from '../world';

export type { Footprint };

/** The footprint of an action nothing is known about: it conflicts with every other. */
export const EVERYTHING: Footprint = Object.freeze({ reads: [], writes: Object.freeze(['*']) });

/** The footprint of `action` about to run in `world` (before it runs). */
export function footprintOf(world: World, action: ModelAction): Footprint {
  const declared = world.modelFootprint(action);
  if (declared) return declared;
  return worldFootprint(world, action) ?? EVERYTHING;
}

/** The World's own actions that run no model code; null for any other. */
function worldFootprint(world: World, action: ModelAction): Footprint | null {
  switch (action.type) {
    case 'crash_at': {
      const point = world.model.faultPoints.find((p) => p.point === action.point);
      // A point the model does not place could be reached anywhere.
      if (!point) return null;
      if (world.nodes.some((n) => n.id === point.node)) return { reads: [], writes: [`node:${point.node}`, 'budget:crashes'] };
      // A point placed on a node KIND (refund's 'worker') fires in whichever node of that kind
      // reaches it first: it is part of each of them. No node of that kind: anywhere.
      const nodes = world.nodes.filter((n) => n.kind === point.node).map((n) => `node:${n.id}`);
      return nodes.length > 0 ? { reads: [], writes: [...nodes, 'budget:crashes'] } : null;
    }
    case 'drop':
      return typeof action.frame === 'number' ? { reads: [], writes: [`frame:${action.frame}`, 'budget:drops'] } : null;
    case 'duplicate': {
      if (typeof action.frame !== 'number') return null;
      const frame = world.network.find(action.frame);
      // A copy that can arrive now is delivered in the same step when the network delivers at once.
      if (!frame || (world.switches.network !== 'manual' && world.canArrive(frame))) return null;
      return { reads: [`frame:${action.frame}`], writes: ['budget:duplicates'] };
    }
    default:
      return null;
  }
}

/** True when running `a` and `b` in either order gives the same World (neither writes what the other touches). */
export function independent(a: Footprint, b: Footprint): boolean {
  if (a.writes.includes('*') || b.writes.includes('*') || a.reads.includes('*') || b.reads.includes('*')) return false;
  for (const w of a.writes) if (b.writes.includes(w) || b.reads.includes(w)) return false;
  for (const w of b.writes) if (a.reads.includes(w)) return false;
  return true;
}
