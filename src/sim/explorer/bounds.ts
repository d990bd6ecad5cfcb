/**
 * Search bounds: how far the adversary may go. Every search reports the bounds it ran
 * under (never a silent cut-off): a result of "no violation" means "none within these".
 */
export interface Bounds {
  /** Longest action sequence explored from the start. */
  depth: number;
  /** Stop after this many distinct states (the result says it stopped early). */
  maxStates: number;
  /** Stop after this many milliseconds (enforced only when the caller lends a clock). */
  maxMs: number;
  /** Crash points the adversary may arm in one run. */
  crashes: number;
  /** Frames it may drop in one run. */
  drops: number;
  /** Frames it may duplicate in one run. */
  duplicates: number;
  /** Links it may cut in one run (a heal is offered while any is cut). */
  partitions: number;
  /** The clock moves the adversary may make in one step, in ticks (e.g. [1, 11]). */
  advances: number[];
}

export const DEFAULT_BOUNDS: Bounds = {
  depth: 8,
  maxStates: 200_000,
  maxMs: 300_000,
  crashes: 1,
  drops: 1,
  duplicates: 1,
  partitions: 0,
  advances: [1, 11],
};

/** Bounds with overrides; throws on a value that makes no sense (a silent clamp would lie). */
export function boundsWith(overrides: Partial<Bounds> = {}): Bounds {
  const bounds = { ...DEFAULT_BOUNDS, ...stripUndefined(overrides) };
  for (const key of ['depth', 'maxStates', 'maxMs', 'crashes', 'drops', 'duplicates', 'partitions'] as const) {
    const value = bounds[key];
    if (!Number.isInteger(value) || value < 0) throw new Error(`bounds.${key} must be a whole number ≥ 0, got ${value}`);
  }
  if (bounds.advances.some((by) => !Number.isInteger(by) || by < 1)) {
    throw new Error(`bounds.advances must be positive whole numbers, got ${JSON.stringify(bounds.advances)}`);
  }
  bounds.advances = [...new Set(bounds.advances)].sort((a, b) => a - b);
  return bounds;
}

/** One line naming every bound, for results, the CLI and the Search panel. */
export function describeBounds(bounds: Bounds): string {
  const clock = bounds.advances.length ? `clock +${bounds.advances.join('/+')} per step` : 'no clock moves';
  return [
    `depth ≤ ${bounds.depth}`,
    `≤ ${bounds.crashes} crash${bounds.crashes === 1 ? '' : 'es'}`,
    `≤ ${bounds.drops} drop${bounds.drops === 1 ? '' : 's'}`,
    `≤ ${bounds.duplicates} duplicate${bounds.duplicates === 1 ? '' : 's'}`,
    `≤ ${bounds.partitions} cut link${bounds.partitions === 1 ? '' : 's'}`,
    clock,
    `≤ ${bounds.maxStates} states`,
    `≤ ${bounds.maxMs} ms`,
  ].join(', ');
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
