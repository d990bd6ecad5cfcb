/**
 * What each outage action touches, for the explorer's partial-order reduction
 * (src/sim/explorer/footprint.ts), read off index.ts and src/core/offline/agent.ts.
 *
 * Two nodes: agent-1 (its link, grace period, local work, commands sent and buffered) and
 * the authority (`accept`). Every agent rule is judged at the clock's time (the grace
 * period, `at` columns, the note of a report), and so is every accept: both read `clock`.
 * One resource of this model's own: `stamps`, the clock's counter, which Action IDs are
 * made from (`report_progress-7`, `reclaim-9`); the agent's buffer shows them in the
 * fingerprint, so every step that takes one writes `stamps`, and no two such steps commute.
 *
 * No node here ever crashes: the model places no fault point (and a `crash_at` naming any
 * other point is refused when parsed), so every frame is sent to incarnation 0 of its
 * target — a send reads nothing of its target, unlike in a model with crashes.
 *
 * With frames delivered at once, a command is accepted and answered within the step, and
 * the answer may send more (the reclaim, the reconciliation): such a step writes both
 * nodes. With frames held:
 *
 * - `work`, `start_new_work`, `email_customer`: the agent's own tables only; never send.
 * - `report_progress`, `big_charge`, `complete`: a stamp, the agent's `sent` or `buffered`
 *   row, and a frame to the authority.
 * - `disconnect`, `reconnect`: cut or heal the link, which decides the fate of every frame
 *   on it: they touch everything.
 * - delivering a command: `accept` at the clock's time, and the answer sent to the agent.
 * - delivering an answer: the agent records it, may rebase its buffer (at the clock's
 *   time) and send again — the reclaim reads the item's revision at the authority and takes
 *   a stamp.
 * - a clock move: `afterAdvance` does nothing; no frame waits on latency.
 * - a restart (never enabled: nothing crashes): no model code runs (no `afterRestart`).
 *
 * Anything else (a delivery while the network delivers at once) touches everything.
 */
import type { Footprint, ModelAction, ModelContext } from '../../model';

const AGENT = 'node:agent-1';
const AUTHORITY = 'node:authority';

export function footprintOutage(ctx: ModelContext, action: ModelAction): Footprint | null {
  const auto = ctx.switches.network !== 'manual';
  switch (action.type) {
    case 'work':
    case 'start_new_work':
    case 'email_customer':
      return { reads: ['clock'], writes: [AGENT] };
    case 'report_progress':
    case 'big_charge':
    case 'complete':
      return { reads: ['clock'], writes: auto ? [AGENT, AUTHORITY, 'stamps'] : [AGENT, 'stamps'] };
    case 'deliver': {
      const frame = !auto && typeof action.frame === 'number' ? ctx.network.find(action.frame) : undefined;
      if (!frame) return null;
      const own = `frame:${frame.id}`;
      if (frame.to === 'authority' && frame.kind === 'command') return { reads: ['clock'], writes: [AUTHORITY, own] };
      if (frame.to === 'agent-1' && frame.kind === 'result') return { reads: ['clock', AUTHORITY], writes: [AGENT, 'stamps', own] };
      return null;
    }
    case 'advance':
      // With frames delivered at once, a frame whose latency ends would arrive in this step.
      return auto && ctx.network.inFlight.some((f) => f.notBefore !== undefined) ? null : { reads: [], writes: ['clock'] };
    case 'restart':
      return action.node === 'agent-1' || action.node === 'authority' ? { reads: [], writes: [`node:${String(action.node)}`] } : null;
    default:
      return null;
  }
}
