/**
 * Each model's default search bounds: the environment a lab's designs are judged in. A
 * model's owner tunes its entry when adding the search hooks (clock moves that reach its
 * deadlines, how many crashes its lessons need). Models not listed get DEFAULT_BOUNDS.
 */
import type { Bounds } from './bounds';

export const MODEL_BOUNDS: Readonly<Record<string, Partial<Bounds>>> = {
  // Leases last 10 ticks: +11 lets a lease run out in one move, +1 explores the edge.
  // Depth 4 holds the late write with a held network (stall, +11, wake, deliver).
  fencing: { depth: 4, advances: [1, 11], crashes: 1, drops: 1, duplicates: 0 },
};
