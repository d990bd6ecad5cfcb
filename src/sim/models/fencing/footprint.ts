/**
 * What each fencing action touches, for the explorer's partial-order reduction
 * (src/sim/explorer/footprint.ts). Read off the model's own code (index.ts): a worker's
 * action runs in that worker; a request it sends runs at the authority or the resource, and
 * the answers come back to the worker — all within the step when the network delivers at
 * once. Every lease and write check reads the clock; every send reads its target (the
 * frame carries the target's incarnation). What is not listed here (the probe, a
 * delivery while the network delivers at once, a restart) touches everything.
 */
import type { Footprint, ModelAction, ModelContext } from '../../model';
import { WORKERS } from './actions';

const NODES = ['node:A', 'node:B', 'node:authority', 'node:resource'];

export function footprintFencing(ctx: ModelContext, action: ModelAction): Footprint | null {
  const auto = ctx.switches.network !== 'manual';
  const worker = (WORKERS as readonly unknown[]).includes(action.worker) ? `node:${String(action.worker)}` : null;
  // A frame carries its target's incarnation when sent: sending reads the target node.
  switch (action.type) {
    case 'acquire':
    case 'renew':
    case 'release':
      // The authority answers the worker and announces the fence to the resource.
      return worker ? auto ? { reads: ['clock'], writes: [worker, 'node:authority', 'node:resource'] }
        : { reads: ['clock', 'node:authority'], writes: [worker] } : null;
    case 'write':
    case 'wake':
      // The write goes to the resource, whose verdict comes back; a waking worker also takes
      // the frames that waited for it (answers from the authority or the resource: its own store).
      return worker ? auto ? { reads: ['clock'], writes: [worker, 'node:resource'] }
        : { reads: ['clock', 'node:resource'], writes: [worker] } : null;
    case 'pause':
      return worker ? { reads: ['clock'], writes: [worker] } : null;
    case 'deliver': {
      if (auto || typeof action.frame !== 'number') return null;
      const frame = ctx.network.find(action.frame);
      // Each node's receive writes its own database only; what it sends (to any node) waits.
      return frame ? { reads: ['clock', ...NODES], writes: [`node:${frame.to}`, `frame:${frame.id}`] } : null;
    }
    case 'advance':
      // The clock moves and the authority lets a lease run out (afterAdvance); no frame waits on latency.
      return { reads: [], writes: ['clock', 'node:authority'] };
    default:
      return null;
  }
}
