/**
 * The L07 World the engine tests search (the fencing model with the lab's starting lease),
 * once, for the explorer's tests: the fenced resource (the design presented right) and the
 * external system that takes writes as they come (presented wrong).
 */
import type { WorldConfig } from '../sim/world';

export const L07: WorldConfig = {
  model: 'fencing', seed: 7,
  initial: { current_token: 1, lease_until: 10, now: 0, workers: { A: 1, B: null } },
  switches: { resource: 'fenced' },
};

export const external: WorldConfig = { ...L07, switches: { resource: 'external' } };
