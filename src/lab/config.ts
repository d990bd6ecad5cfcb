/** The World config for a lab, with optional overrides of its starting state and switches. */
import type { WorldConfig } from '../sim/world';
import type { Lab } from './schema';

export interface WorldOverrides {
  initial?: Record<string, unknown>;
  switches?: Record<string, string>;
}

export function configFor(lab: Lab, overrides: WorldOverrides = {}): WorldConfig {
  return {
    model: lab.model,
    seed: lab.world.seed,
    initial: { ...lab.world.initial, ...overrides.initial },
    switches: { ...lab.world.switches, ...overrides.switches },
  };
}
