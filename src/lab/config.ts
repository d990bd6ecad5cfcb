/** The World config for a lab, with optional overrides of its starting state and switches. */
import type { WorldConfig } from '../sim/world';
import { routeModel } from '../sim/models/matrix/route';
import type { Lab } from './schema';

export interface WorldOverrides {
  initial?: Record<string, unknown>;
  switches?: Record<string, string>;
}

export function configFor(lab: Lab, overrides: WorldOverrides = {}): WorldConfig {
  const switches = { ...lab.world.switches, ...overrides.switches };
  return {
    // L06's executor switch picks the model (src/sim/models/matrix/route.ts); other labs keep theirs.
    model: routeModel(lab.model, switches),
    seed: lab.world.seed,
    initial: { ...lab.world.initial, ...overrides.initial },
    switches,
  };
}
