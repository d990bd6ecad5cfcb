/**
 * Test-only: the fencing World the random-schedule tests start from, and the World actions
 * they draw (weighted fast-check entries, for `fc.oneof`). Shared by fencing.property.test
 * and writeTally.test, which each add their own entries on top.
 */
import fc from 'fast-check';
import type { WorldConfig } from '../../world';

export const FENCING_BASE: WorldConfig = {
  model: 'fencing', seed: 1,
  initial: { current_token: 1, lease_until: 10, now: 0, workers: { A: 1, B: null } },
  switches: {},
};

export const fencingWorker = fc.constantFrom('A', 'B');

/** Workers' moves, the clock, the network and a crash or restart of the resource. */
export const fencingActionEntries = [
  { weight: 6, arbitrary: fc.tuple(fencingWorker, fc.constantFrom('acquire', 'write', 'pause', 'wake')).map(([w, v]) => `${w}_${v}`) },
  { weight: 2, arbitrary: fc.tuple(fencingWorker, fc.constantFrom('renew', 'release')).map(([w, v]) => `${w}_${v}`) },
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 12 }).map((by) => ({ advance: by })) },
  { weight: 2, arbitrary: fc.constantFrom('tick', 'deliver_next', 'drop_next', 'duplicate_next') },
  { weight: 1, arbitrary: fc.constantFrom({ crash_at: 'resource.before_commit' }, { restart: 'resource' }) },
] as const;
