/**
 * What "settled" means for the authority labs (L09, L12), and the moves the system makes by
 * itself to get there — no new fault, no knowledge of how the state was reached:
 * - AUTH-E1: every command a client sent has an answer. A client whose command got no reply
 *   (a lost frame, a crash inside the accept) resends it unchanged, same Action ID and
 *   signature; the authority answers with the original receipt or refuses it again.
 * - AUTH-E2: no lease outlives its end and no checkpointed or backing-off work outlives its
 *   start deadline: such work goes back to the queue for a new owner at a higher epoch.
 *   With the sweep on, the authority does it at its next clock tick; with it off, the lead
 *   does what the design says it waits for — it reassigns the work.
 * - AUTH-E3: every lease is bound to its holder's current session (a replaced session's
 *   running work has been revoked).
 * Recovery moves are the design under its switches, read from the databases.
 */
import { readState, type AuthorityState } from '../../../core/authority/fold';
import { unanswered } from '../../../core/authority/client';
import { msg } from '../../../core/message';
import type { EndCondition, ModelContext, Violation } from '../../model';
import { CLIENTS, type AuthorityAction } from './actions';

type Item = AuthorityState['workItems'][string];

/** Work whose lease or start deadline has passed (the sweep's own rule, core/authority/evidence.ts). */
function overdue(w: Item, now: number): 'lease' | 'start' | null {
  if (w.status === 'running' && w.leaseUntil !== null && w.leaseUntil <= now) return 'lease';
  if (w.status === 'owned' && w.resumeBy !== null && w.resumeBy <= now) return 'start';
  return null;
}

export const authorityEndConditions: EndCondition[] = [
  {
    id: 'AUTH-E1', statement: 'Every command a client sent has been answered: a receipt, or a refusal with its reason.', rules: ['MWP-EVT-003'],
    check: (ctx) => CLIENTS.flatMap((client) => unanswered(ctx.store(client)).map((sent): Violation =>
      msg('violations.authority.unanswered', { actor: client, action_id: sent.command.actionId, kind: sent.command.kind }))),
  },
  {
    id: 'AUTH-E2', statement: 'No work item keeps a lease past its end, or waits for an owner past its start deadline: it is back in the queue for a higher epoch.',
    rules: ['MWP-WRK-019'],
    check(ctx) {
      const now = ctx.clock.now;
      return Object.entries(readState(ctx.store('authority')).workItems).flatMap(([id, w]) => {
        const late = overdue(w, now);
        if (late === 'lease') return [msg('violations.authority.lease_outlived', { item: id, owner: w.owner ?? '–', at: w.leaseUntil ?? 0 })];
        if (late === 'start') return [msg('violations.authority.start_outlived', { item: id, owner: w.owner ?? '–', at: w.resumeBy ?? 0 })];
        return [];
      });
    },
  },
  {
    id: 'AUTH-E3', statement: "Every lease is bound to its holder's current session: a replaced session holds no running work.", rules: ['MWP-WRK-014'],
    check(ctx) {
      const state = readState(ctx.store('authority'));
      return Object.entries(state.workItems).flatMap(([id, w]) =>
        (w.status === 'running' && w.owner !== null && (w.sessionEpoch ?? 0) !== (state.sessions[w.owner] ?? 0)
          ? [msg('violations.authority.stale_session', { item: id, owner: w.owner, session: w.sessionEpoch ?? 0, current: state.sessions[w.owner] ?? 0 })] : []));
    },
  },
];

/** The system's own moves, most urgent first: resends of unanswered commands, then the design's way with overdue work. */
export function authorityRecoveryMoves(ctx: ModelContext): AuthorityAction[] {
  const out: AuthorityAction[] = [];
  for (const client of CLIENTS) if (unanswered(ctx.store(client)).length > 0) out.push({ type: 'resend_unanswered', actor: client });
  const late = Object.entries(readState(ctx.store('authority')).workItems).filter(([, w]) => overdue(w, ctx.clock.now) !== null);
  if (late.length === 0) return out;
  if (ctx.switches.lease_sweep === 'on' || ctx.switches.lease_sweep === 'leases_only') {
    // The sweep runs when the clock moves: one tick lets it run again (after a crash cut it
    // short). `advance` is a World action; the explorer runs it like any other move.
    out.push({ type: 'advance', by: 1 } as unknown as AuthorityAction);
  } else {
    for (const [item, w] of late) {
      out.push({ type: 'send', actor: 'lead', action_id: 'auto', kind: 'reassign', expected_revision: 'current',
        payload: { work_item: item, reason: overdue(w, ctx.clock.now) === 'start' ? 'start deadline missed' : 'lease renewal missed' } });
    }
  }
  return out;
}
