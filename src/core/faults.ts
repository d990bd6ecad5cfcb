/**
 * Fault points: named places inside core code where the simulator may crash a node.
 *
 * Core code calls `faults.reach('resource.before_commit')` at each point. The World hands
 * every node a FaultPoints that throws CrashSignal when that point is armed; outside the
 * simulator `noFaults` does nothing. A crash inside `Store.tx` rolls the transaction back.
 */

/** Thrown at an armed fault point: the node dies there. Not an error of the code. */
export class CrashSignal extends Error {
  constructor(readonly node: string, readonly point: string) {
    super(`${node} crashed at ${point}`);
    this.name = 'CrashSignal';
  }
}

export interface FaultPoints {
  /** Marks that execution reached `point`; throws CrashSignal if the point is armed. */
  reach(point: string): void;
}

export const noFaults: FaultPoints = { reach: () => undefined };
