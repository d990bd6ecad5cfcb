/**
 * What each authority action touches, for the explorer's partial-order reduction
 * (src/sim/explorer/footprint.ts), read off index.ts and the core functions it calls.
 *
 * Nodes: three clients (each its own record of commands sent and replies), the authority
 * (accept, evidence, the lease sweep) and the tool (L12's external effects). One resource
 * of this model's own: `stamps`, the order of the commands the clients sent. Each sent
 * command is stored under a stamp from the clock's counter, and the newest of all clients'
 * sends (and the newest accepted one) is what the `…_last` actions read and the fingerprint
 * shows: two sends never commute. A reply is stored under a stamp too, but no rule and not
 * the fingerprint orders a reply against another client's rows (only the view lists all
 * replies by stamp), and within its client its node orders it: a reply does not take part
 * in that order. Stamps are not time: `clock` is what leases, deadlines and `at` columns read.
 *
 * Every fault point is the accept transaction's, reached through `ctx.faults(AUTHORITY)`
 * only (a delivered command, the sweep), as the World's own `crash_at` footprint assumes.
 *
 * With frames delivered at once, a command is accepted and answered within the step: the
 * authority (at the clock's time) and the client are written. With frames held:
 *
 * - `send`, `resend_unanswered`: the client signs (a "current" revision read from the
 *   authority), records the command and sends it to the authority (a frame carries its
 *   target's incarnation).
 * - `race_claim`: the same for both agents at once.
 * - `resend_last`, `tamper_last`, `stale_last`, `forge_last`: read every client's record
 *   to find the newest (accepted) command and send as its actor: every client.
 * - `tool_call`: the guard reads the item's lease at the authority against the clock; the
 *   tool records the call at the clock's time. Sends nothing, also with frames delivered at once.
 * - delivering a command: `accept` at the clock's time (and its fault points), evidence,
 *   and the answer sent to the command's actor.
 * - delivering a reply: the client records it.
 * - a clock move: the sweep (`lease_sweep` on or `leases_only`) accepts the lead's commands
 *   for lapsed leases at the authority; otherwise only the clock. No frame waits on latency.
 * - a restart: no model code runs (no `afterRestart`).
 *
 * Anything else (a delivery while the network delivers at once, a frame that does not
 * parse) touches everything.
 */
import { parseAuthorityFrame } from '../../../core/authority/frames';
import type { Footprint, ModelAction, ModelContext } from '../../model';
import { CLIENTS } from './actions';

const AUTHORITY = 'node:authority';
const TOOL = 'node:tool';
const ALL_CLIENTS = CLIENTS.map((c) => `node:${c}`);

const isClient = (v: unknown): v is string => (CLIENTS as readonly unknown[]).includes(v);

export function footprintAuthority(ctx: ModelContext, action: ModelAction): Footprint | null {
  const auto = ctx.switches.network !== 'manual';
  // Clients that sign and send in this step: the authority is read (its revision, its
  // incarnation) — or, delivered at once, written.
  const sends = (clients: string[]): Footprint => (auto
    ? { reads: ['clock'], writes: [...clients, AUTHORITY, 'stamps'] }
    : { reads: [AUTHORITY], writes: [...clients, 'stamps'] });
  switch (action.type) {
    case 'send':
    case 'resend_unanswered':
      return isClient(action.actor) ? sends([`node:${action.actor}`]) : null;
    case 'race_claim':
      return sends(['node:agent-1', 'node:agent-2']);
    case 'resend_last':
    case 'tamper_last':
    case 'stale_last':
    case 'forge_last':
      return sends(ALL_CLIENTS);
    case 'tool_call':
      return { reads: [AUTHORITY, 'clock'], writes: [TOOL] };
    case 'deliver':
      return auto ? null : deliverFootprint(ctx, action.frame);
    case 'advance': {
      // With frames delivered at once, a frame whose latency ends would arrive in this step.
      if (auto && ctx.network.inFlight.some((f) => f.notBefore !== undefined)) return null;
      const sweep = ctx.switches.lease_sweep === 'on' || ctx.switches.lease_sweep === 'leases_only';
      return { reads: [], writes: sweep ? ['clock', AUTHORITY] : ['clock'] };
    }
    case 'restart':
      return typeof action.node === 'string' && (isClient(action.node) || action.node === 'authority' || action.node === 'tool')
        ? { reads: [], writes: [`node:${action.node}`] } : null;
    default:
      return null;
  }
}

function deliverFootprint(ctx: ModelContext, id: unknown): Footprint | null {
  const frame = typeof id === 'number' ? ctx.network.find(id) : undefined;
  if (!frame) return null;
  const parsed = parseAuthorityFrame(frame.kind, frame.body);
  if (typeof parsed === 'string') return null;
  const own = `frame:${frame.id}`;
  if (parsed.kind === 'command') {
    // The answer goes to the command's actor.
    return frame.to === 'authority' && isClient(parsed.command.actor)
      ? { reads: ['clock', `node:${parsed.command.actor}`], writes: [AUTHORITY, own] } : null;
  }
  return isClient(frame.to) ? { reads: [], writes: [`node:${frame.to}`, own] } : null;
}
