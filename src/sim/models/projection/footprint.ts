/**
 * What each projection action touches, for the explorer's partial-order reduction
 * (src/sim/explorer/footprint.ts), read off index.ts and the core functions it calls.
 *
 * Two nodes: the authority (history, feed, ACKs, effect receipts, snapshots, archive) and
 * the worker (projection, cursor, inbox, outbox). When the network delivers at once, every
 * frame a step sends is answered within the step (event → apply → effect through the
 * authority → ACK), so a step that sends anything writes both nodes. Every fault point is
 * the worker's (its apply cycle and effect receipts reach them through
 * `ctx.faults(WORKER)` only), as the World's own `crash_at` footprint assumes. With frames
 * held:
 *
 * - `emit`, `report`, `tombstone`: the authority accepts (or redacts) at the clock's time
 *   (events carry `at`, and event frames carry the event) and sends to the worker: writes
 *   the authority, reads the worker (a frame carries its target's incarnation) and the clock.
 * - `redeliver`: reads the feed and sends; writes nothing but frames of its own.
 * - `archive`: the final snapshot at the clock's time; sends nothing, also with frames
 *   delivered at once.
 * - `tamper`: arms `tamper.<check>`, which only the authority's replay answer consumes:
 *   part of the authority. Sends nothing.
 * - `rebuild`: wipes the worker and asks the authority for a replay.
 * - `disconnect`, `reconnect`: cut or heal the link, which decides the fate of every frame
 *   on it (in flight, and sent later): they touch everything.
 * - delivering an event to the worker: the apply cycle, then every pending intent is
 *   carried out through the authority's receipts at the clock's time, then the ACK (the
 *   `ack_before_commit` design sends it from inside). A snapshot (`cursor_too_old`)
 *   restores the worker and asks for a replay; a redaction notice scrubs the worker only.
 * - delivering to the authority: an ACK is recorded; a replay request is answered (reading
 *   the history, consuming an armed tamper) with frames to the worker.
 * - a clock move: `afterAdvance` does nothing, and no frame waits on latency here (the
 *   model sends none with a delay).
 * - the worker's restart: it carries out the intents it holds no receipt for (through the
 *   authority, at the clock's time) and asks for a replay. The authority's restart runs no
 *   model code.
 *
 * Anything else (a delivery while the network delivers at once, a frame of a kind not
 * listed) touches everything.
 */
import type { Footprint, ModelAction, ModelContext } from '../../model';
import { AUTHORITY, WORKER } from './nodes';

const A = `node:${AUTHORITY}`;
const W = `node:${WORKER}`;

export function footprintProjection(ctx: ModelContext, action: ModelAction): Footprint | null {
  const auto = ctx.switches.network !== 'manual';
  // A step that sends, with frames delivered at once: the exchange runs through both nodes.
  const exchange: Footprint = { reads: ['clock'], writes: [A, W] };
  switch (action.type) {
    case 'emit':
    case 'report':
    case 'tombstone':
      return auto ? exchange : { reads: ['clock', W], writes: [A] };
    case 'redeliver':
      return auto ? exchange : { reads: [A, W], writes: [] };
    case 'archive':
      return { reads: ['clock'], writes: [A] };
    case 'tamper':
      return { reads: [], writes: [A] };
    case 'rebuild':
      return auto ? exchange : { reads: [A], writes: [W] };
    case 'deliver':
      return auto ? null : deliverFootprint(ctx, action.frame);
    case 'advance':
      // With frames delivered at once, a frame whose latency ends would arrive in this step.
      return auto && ctx.network.inFlight.some((f) => f.notBefore !== undefined) ? null : { reads: [], writes: ['clock'] };
    case 'restart':
      if (action.node === WORKER) return exchange;
      return action.node === AUTHORITY ? { reads: [], writes: [A] } : null;
    default:
      return null;
  }
}

function deliverFootprint(ctx: ModelContext, id: unknown): Footprint | null {
  const frame = typeof id === 'number' ? ctx.network.find(id) : undefined;
  if (!frame) return null;
  const own = `frame:${frame.id}`;
  if (frame.to === WORKER) {
    switch (frame.kind) {
      case 'event': return { reads: ['clock'], writes: [W, A, own] };
      case 'cursor_too_old': return { reads: [A], writes: [W, own] };
      case 'redaction': return { reads: [], writes: [W, own] };
      default: return null;
    }
  }
  if (frame.to === AUTHORITY) {
    switch (frame.kind) {
      case 'ack': return { reads: [], writes: [A, own] };
      case 'replay_request': return { reads: [W], writes: [A, own] };
      default: return null;
    }
  }
  return null;
}
