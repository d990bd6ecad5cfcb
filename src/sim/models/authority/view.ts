/**
 * What L09 observes (its cards' vocabulary) and shows on its topology nodes.
 */
import { replies } from '../../../core/authority/client';
import { readState } from '../../../core/authority/fold';
import { toolKey } from '../../../core/effects/keys';
import { toolEffects } from '../../../core/authority/tool';
import type { ModelContext } from '../../model';
import { CLIENTS } from './actions';

export function groupOf(ctx: ModelContext): string {
  const row = ctx.store('authority').get('SELECT group_id FROM groups ORDER BY group_id LIMIT 1');
  return row ? String(row.group_id) : '';
}

export function workItemStates(ctx: ModelContext): { id: string; status: string }[] {
  return ctx.store('authority').all('SELECT work_item_id, status FROM work_items ORDER BY work_item_id')
    .map((r) => ({ id: String(r.work_item_id), status: String(r.status) }));
}

export function observeAuthority(ctx: ModelContext): Record<string, unknown> {
  const store = ctx.store('authority');
  const state = readState(store);
  const all = CLIENTS.flatMap((c) => replies(ctx.store(c)).map((r) => ({ ...r, actor: c }))).sort((a, b) => a.stamp - b.stamp);
  const last = all[all.length - 1];
  const count = (table: string) => Number(store.get(`SELECT count(*) AS n FROM ${table}`)!.n);
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
    counts: { events: count('events'), receipts: count('receipts'), outbox: count('outbox') },
    work_items: Object.fromEntries(Object.entries(state.workItems).map(([id, w]) => [id, {
      status: w.status, owner: w.owner, epoch: w.epoch, revision: w.revision, lease_id: w.leaseId, lease_until: w.leaseUntil, session: w.sessionEpoch,
      progress: w.progress, checkpoint: w.checkpoint, attempts: w.attempts, retry_at: w.retryAt, blocked_on: w.blockedOn, resume_by: w.resumeBy, deadline: w.deadline,
      attempt_key: w.owner ? toolKey(w.mission, id, w.epoch, 'work') : null, retry_spent: w.retrySpent, retry_budget: w.retryBudget,
    }])),
    sessions: state.sessions,
    evidence: store.all('SELECT agent_id, work_item_id, kind, refused_because FROM evidence ORDER BY n')
      .map((r) => ({ agent: r.agent_id, work_item: r.work_item_id, kind: r.kind, refused_because: r.refused_because })),
    missions: Object.fromEntries(Object.entries(state.missions).map(([id, m]) => [id, { spent: m.spent, limit: m.limit }])),
    members: Object.fromEntries(Object.entries(state.memberships).map(([key, role]) => [key.split('/')[1], role])),
    approvals: Object.fromEntries(Object.entries(state.approvals).map(([id, a]) => [id, { status: a.status, revision: a.revision }])),
    tool: toolEffects(ctx.store('tool')),
    in_flight: ctx.network.inFlight.length,
  };
}

export function describeAuthorityNodes(ctx: ModelContext): Record<string, string[]> {
  const state = readState(ctx.store('authority'));
  const group = state.groups[groupOf(ctx)];
  const out: Record<string, string[]> = {
    authority: [
      `${groupOf(ctx)} · seq ${group?.sequence ?? 0} · rev ${group?.revision ?? 0}`,
      ...Object.entries(state.workItems).map(([id, w]) => `${id} ${w.status}${w.owner ? ` · ${w.owner} · epoch ${w.epoch}` : ''} · rev ${w.revision}`),
      ...Object.entries(state.missions).map(([id, m]) => `${id} spent ${m.spent}/${m.limit}`),
    ],
  };
  const tool = toolEffects(ctx.store('tool'));
  out.tool = [`${tool.effects} effect(s) performed · ${tool.calls} call(s)`];
  for (const client of CLIENTS) {
    const sent = Number(ctx.store(client).get('SELECT count(*) AS n FROM sent')!.n);
    const mine = replies(ctx.store(client));
    const last = mine[mine.length - 1];
    out[client] = [`sent ${sent} · replies ${mine.length}`, last ? `last: ${last.code}${last.receiptId ? ` ${last.receiptId}` : ''}` : 'no reply yet'];
  }
  return out;
}
