/**
 * What L09 observes (its cards' vocabulary) and shows on its topology nodes.
 */
import { msg, statusWord } from '../../../core/message';
import { replies } from '../../../core/authority/client';
import { readState } from '../../../core/authority/fold';
import { toolEffects } from '../../../core/authority/tool';
import { evidenceRows, firstGroup, historyCounts, sentCount, workItemStatuses } from '../../../core/authority/inspect';
import type { ModelContext, NodeLine } from '../../model';
import { CLIENTS } from './actions';
import { attemptKey } from './toolCall';

export const groupOf = (ctx: ModelContext): string => firstGroup(ctx.store('authority'));

export const workItemStates = (ctx: ModelContext): { id: string; status: string }[] => workItemStatuses(ctx.store('authority'));

export function observeAuthority(ctx: ModelContext): Record<string, unknown> {
  const store = ctx.store('authority');
  const state = readState(store);
  const all = CLIENTS.flatMap((c) => replies(ctx.store(c)).map((r) => ({ ...r, actor: c }))).sort((a, b) => a.stamp - b.stamp);
  const last = all[all.length - 1];
  const written = [...new Set(ctx.stepTransactions()
    .filter((t) => t.store === 'authority' && t.name === 'accept' && t.outcome === 'commit')
    .flatMap((t) => Object.keys(t.writes)))].sort();
  const group = state.groups[groupOf(ctx)];
  return {
    now: ctx.clock.now,
    last: last ? { actor: last.actor, action_id: last.actionId, code: last.code, receipt_id: last.receiptId, event_id: last.eventId, digest: last.digest } : null,
    replies: all.map((r) => r.code),
    written,
    sequence: group?.sequence ?? 0,
    group_revision: group?.revision ?? 0,
    counts: historyCounts(store),
    work_items: Object.fromEntries(Object.entries(state.workItems).map(([id, w]) => [id, {
      status: w.status, owner: w.owner, epoch: w.epoch, revision: w.revision, lease_id: w.leaseId, lease_until: w.leaseUntil, session: w.sessionEpoch,
      progress: w.progress, checkpoint: w.checkpoint, attempts: w.attempts, retry_at: w.retryAt, blocked_on: w.blockedOn, resume_by: w.resumeBy, deadline: w.deadline,
      attempt_key: attemptKey(ctx.switches, id, w), retry_spent: w.retrySpent, retry_budget: w.retryBudget,
    }])),
    sessions: state.sessions,
    evidence: evidenceRows(store),
    missions: Object.fromEntries(Object.entries(state.missions).map(([id, m]) => [id, { spent: m.spent, limit: m.limit }])),
    members: Object.fromEntries(Object.entries(state.memberships).map(([key, role]) => [key.split('/')[1], role])),
    approvals: Object.fromEntries(Object.entries(state.approvals).map(([id, a]) => [id, { status: a.status, revision: a.revision }])),
    tool: toolEffects(ctx.store('tool')),
    in_flight: ctx.network.inFlight.length,
  };
}

export function describeAuthorityNodes(ctx: ModelContext): Record<string, NodeLine[]> {
  const state = readState(ctx.store('authority'));
  const group = state.groups[groupOf(ctx)];
  const out: Record<string, NodeLine[]> = {
    authority: [
      msg('view.authority.group', { group: groupOf(ctx), seq: group?.sequence ?? 0, rev: group?.revision ?? 0 }),
      ...Object.entries(state.workItems).map(([id, w]) => (w.owner
        ? msg('view.authority.item_owned', { id, status: statusWord(w.status), owner: w.owner, epoch: w.epoch, rev: w.revision })
        : msg('view.authority.item', { id, status: statusWord(w.status), rev: w.revision }))),
      ...Object.entries(state.missions).map(([id, m]) => msg('view.authority.mission', { id, spent: m.spent, limit: m.limit })),
    ],
  };
  const tool = toolEffects(ctx.store('tool'));
  out.tool = [msg('view.authority.tool', { effects: tool.effects, calls: tool.calls })];
  for (const client of CLIENTS) {
    const sent = sentCount(ctx.store(client));
    const mine = replies(ctx.store(client));
    const last = mine[mine.length - 1];
    out[client] = [
      msg('view.authority.client', { sent, replies: mine.length }),
      !last ? msg('view.authority.no_reply') : last.receiptId ? msg('view.authority.last_receipt', { code: last.code, receipt: last.receiptId }) : msg('view.authority.last', { code: last.code }),
    ];
  }
  return out;
}
