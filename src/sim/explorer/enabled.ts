/**
 * World-level `enabled`: every action the search may take from a World, within bounds —
 * the model's business actions (its `enabled` hook) plus what the environment can do:
 * deliver, drop or duplicate an in-flight frame, arm a crash point, restart a crashed
 * node, cut or heal a link, move the clock.
 */
import type { ModelAction } from '../model';
import type { Frame } from '../network';
import type { World } from '../world';
import type { Bounds } from './bounds';
import type { Budget } from './budget';
import { MissingHookError } from './errors';
import { frameKey } from './fingerprint';

/** The actions the search tries from `world`, business actions first (readable counterexamples). */
export function worldEnabled(world: World, bounds: Bounds, budget: Budget): ModelAction[] {
  const business = world.modelEnabled();
  if (business === null) throw new MissingHookError(`model '${world.model.id}' has no enabled() search hook`);
  const out: ModelAction[] = [...business];
  const frames = distinctFrames(world);
  for (const frame of frames) if (world.canArrive(frame)) out.push({ type: 'deliver', frame: frame.id });
  for (const by of bounds.advances) out.push({ type: 'advance', by });
  for (const node of world.nodes) if (world.status(node.id) === 'crashed') out.push({ type: 'restart', node: node.id });
  if (budget.drops < bounds.drops) for (const frame of frames) out.push({ type: 'drop', frame: frame.id });
  if (budget.duplicates < bounds.duplicates) for (const frame of frames) out.push({ type: 'duplicate', frame: frame.id });
  if (budget.crashes < bounds.crashes) {
    const armed = new Set(world.armedFaults());
    for (const { point } of world.model.faultPoints) if (!armed.has(point)) out.push({ type: 'crash_at', point });
  }
  if (budget.partitions < bounds.partitions) {
    const cut = new Set(world.cutLinks());
    const seen = new Set<string>();
    for (const edge of world.model.edges) {
      const link = edge.from < edge.to ? `${edge.from}|${edge.to}` : `${edge.to}|${edge.from}`;
      if (cut.has(link) || seen.has(link) || !world.nodes.some((n) => n.id === edge.from) || !world.nodes.some((n) => n.id === edge.to)) continue;
      seen.add(link);
      out.push({ type: 'partition', nodes: [edge.from, edge.to] });
    }
  }
  if (world.cutLinks().length > 0) out.push({ type: 'heal' });
  return out;
}

/** One frame per distinct logical content: delivering either of two equal frames leads to the same state. */
function distinctFrames(world: World): Frame[] {
  const seen = new Set<string>();
  const out: Frame[] = [];
  for (const frame of world.network.inFlight) {
    const key = frameKey(world, frame);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(frame);
  }
  return out;
}
