/**
 * One handler per command kind. `target` names the aggregate a command changes; `plan`
 * only READS and then returns either a rejection or a plan (the event to append and the
 * writes that make it true). Nothing is written until every check has passed.
 */
import type { Store } from '../db/store';
import type { CommandKind } from './commands';
import { msg, reject } from './outcomes';
import { EXECUTION_HANDLERS } from './executionHandlers';
import { checkLease, DEFAULT_LEASE_TICKS, illegal, missionBudget, requireRole, roleOf, sessionEpoch, workItem, type AggregateType, type Handler, type Target } from './handlerKit';
import { formatMoney } from '../money';

export { checkLease, DEFAULT_LEASE_TICKS, illegal, requireRole, roleOf, sessionEpoch, workItem, workItemRow } from './handlerKit';
export type { AggregateType, Handler, KnownRows, P, Plan, PlanContext, Target, WorkItemRow } from './handlerKit';

const CORE_HANDLERS: Record<Exclude<CommandKind, keyof typeof EXECUTION_HANDLERS>, Handler> = {
  create_group: {
    target: (_p, c) => ({ type: 'group', id: c.group, creates: true }),
    plan: ({ store, command }, p) => ({
      eventKind: 'group_created',
      eventPayload: { org: p.org, group: command.group, founder: command.actor },
      apply(revision) {
        store.write('INSERT OR IGNORE INTO organizations (org_id) VALUES (?)', [p.org as string]);
        store.write('INSERT INTO groups (group_id, org_id, sequence, revision) VALUES (?, ?, 0, ?)', [command.group, p.org as string, revision]);
        store.write("INSERT INTO memberships (group_id, agent_id, role) VALUES (?, ?, 'admin')", [command.group, command.actor]);
      },
    }),
  },
  add_member: {
    target: (_p, c) => ({ type: 'group', id: c.group, creates: false }),
    plan: (ctx, p) => requireRole(ctx, ['admin']) ?? (roleOf(ctx.store, ctx.command.group, p.agent as string)
      ? reject('ALREADY_EXISTS', `${p.agent} is already a member`, msg('reasons.authority.already_member', { agent: String(p.agent) }))
      : {
        eventKind: 'member_added', eventPayload: { agent: p.agent, role: p.role },
        apply(revision) {
          ctx.store.write('INSERT INTO memberships (group_id, agent_id, role) VALUES (?, ?, ?)', [ctx.command.group, p.agent as string, p.role as string]);
          ctx.store.write('UPDATE groups SET revision = ? WHERE group_id = ?', [revision, ctx.command.group]);
        },
      }),
  },
  remove_member: {
    target: (_p, c) => ({ type: 'group', id: c.group, creates: false }),
    plan: (ctx, p) => requireRole(ctx, ['admin']) ?? (!roleOf(ctx.store, ctx.command.group, p.agent as string)
      ? reject('NOT_FOUND', `${p.agent} is not a member`, msg('reasons.authority.not_member', { agent: String(p.agent) }))
      : {
        eventKind: 'member_removed', eventPayload: { agent: p.agent },
        apply(revision) {
          ctx.store.write('DELETE FROM memberships WHERE group_id = ? AND agent_id = ?', [ctx.command.group, p.agent as string]);
          ctx.store.write('UPDATE groups SET revision = ? WHERE group_id = ?', [revision, ctx.command.group]);
        },
      }),
  },
  create_mission: {
    target: (p) => ({ type: 'mission', id: p.mission as string, creates: true }),
    plan: (ctx, p) => requireRole(ctx, ['admin']) ?? {
      eventKind: 'mission_created', eventPayload: { mission: p.mission, budget_cents: p.budget_cents },
      apply(revision) { ctx.store.write('INSERT INTO missions (mission_id, group_id, limit_cents, spent_cents, revision) VALUES (?, ?, ?, 0, ?)',
        [p.mission as string, ctx.command.group, p.budget_cents as number, revision]); },
    },
  },
  create_work_item: {
    target: (p) => ({ type: 'work_item', id: p.work_item as string, creates: true }),
    plan: (ctx, p) => requireRole(ctx, ['admin']) ?? (!ctx.store.get('SELECT 1 FROM missions WHERE mission_id = ? AND group_id = ?', [p.mission as string, ctx.command.group])
      ? reject('NOT_FOUND', `no mission ${p.mission}`, msg('reasons.authority.no_mission', { mission: String(p.mission) }))
      : {
        eventKind: 'work_item_created',
        eventPayload: {
          work_item: p.work_item, mission: p.mission, ...(p.deadline !== undefined ? { deadline: p.deadline } : {}), ...(p.max_attempts !== undefined ? { max_attempts: p.max_attempts } : {}),
          ...(p.retry_budget_cents !== undefined ? { retry_budget_cents: p.retry_budget_cents } : {}),
        },
        apply(revision) { ctx.store.write("INSERT INTO work_items (work_item_id, group_id, mission_id, status, deadline, max_attempts, retry_budget_cents, revision) VALUES (?, ?, ?, 'queued', ?, ?, ?, ?)",
          [p.work_item as string, ctx.command.group, p.mission as string, (p.deadline as number | undefined) ?? null, (p.max_attempts as number | undefined) ?? 3, (p.retry_budget_cents as number | undefined) ?? null, revision]); },
      }),
  },
  claim: {
    target: (p) => ({ type: 'work_item', id: p.work_item as string, creates: false }),
    plan: (ctx, p) => {
      const item = workItem(ctx, p.work_item as string)!;
      const notNow = illegal(item.status, 'CLAIM', p.work_item as string);
      if (notNow) return notNow;
      if (item.retry_at !== null && ctx.now < Number(item.retry_at)) return reject('INVALID_STATE', `${p.work_item} is backing off until t=${item.retry_at}`,
        msg('reasons.authority.backing_off', { id: String(p.work_item), at: Number(item.retry_at) }));
      // Each claim is a new, higher epoch (MWP-WRK-019); the broken design keeps the one it found.
      const epoch = ctx.design?.takeover_epoch === 'same' ? Math.max(1, Number(item.ownership_epoch)) : Number(item.ownership_epoch) + 1;
      const leaseId = `lease-${p.work_item}-${epoch}`;
      const leaseUntil = ctx.now + ((p.lease_ticks as number | undefined) ?? DEFAULT_LEASE_TICKS);
      const session = sessionEpoch(ctx, ctx.command.actor);
      return {
        eventKind: 'work_item_claimed',
        eventPayload: { work_item: p.work_item, owner: ctx.command.actor, epoch, lease_id: leaseId, lease_until: leaseUntil, session },
        apply(revision) { ctx.store.write(
          "UPDATE work_items SET status = 'running', owner = ?, ownership_epoch = ?, lease_id = ?, lease_until = ?, session_epoch = ?, revision = ? WHERE work_item_id = ?",
          [ctx.command.actor, epoch, leaseId, leaseUntil, session, revision, p.work_item as string]); },
      };
    },
  },
  renew_lease: {
    target: (p) => ({ type: 'work_item', id: p.work_item as string, creates: false }),
    plan: (ctx, p) => {
      const leaseUntil = ctx.now + ((p.lease_ticks as number | undefined) ?? DEFAULT_LEASE_TICKS);
      return checkLease(ctx, p.work_item as string, p.lease_id as string, 'RENEW') ?? {
        eventKind: 'lease_renewed', eventPayload: { work_item: p.work_item, lease_id: p.lease_id, lease_until: leaseUntil },
        apply(revision) { ctx.store.write('UPDATE work_items SET lease_until = ?, revision = ? WHERE work_item_id = ?', [leaseUntil, revision, p.work_item as string]); },
      };
    },
  },
  report_progress: {
    target: (p) => ({ type: 'work_item', id: p.work_item as string, creates: false }),
    plan: (ctx, p) => {
      const leaseProblem = checkLease(ctx, p.work_item as string, p.lease_id as string, 'PROGRESS');
      if (leaseProblem) return leaseProblem;
      const item = workItem(ctx, p.work_item as string)!;
      const mission = missionBudget(ctx, item.mission_id as string)!;
      const spent = Number(mission.spent_cents) + (p.cost_cents as number);
      if (spent > Number(mission.limit_cents) && ctx.design?.charge === 'separate') {
        // The broken design: the progress lands; its charge, which does not fit, does not.
        return {
          eventKind: 'progress_reported',
          eventPayload: { work_item: p.work_item, mission: item.mission_id, cost_cents: p.cost_cents, spent_cents: Number(mission.spent_cents), note: p.note, charged: false },
          apply(revision) { ctx.store.write('UPDATE work_items SET progress = progress + 1, revision = ? WHERE work_item_id = ?', [revision, p.work_item as string]); },
        };
      }
      if (spent > Number(mission.limit_cents)) {
        return reject('BUDGET_EXCEEDED', `charge of ${formatMoney(Number(p.cost_cents), 'en')} would bring ${item.mission_id} to ${formatMoney(spent, 'en')} of ${formatMoney(Number(mission.limit_cents), 'en')}`,
          msg('reasons.authority.budget', { charge: Number(p.cost_cents), mission: String(item.mission_id), spent, limit: Number(mission.limit_cents) }));
      }
      return {
        eventKind: 'progress_reported',
        eventPayload: { work_item: p.work_item, mission: item.mission_id, cost_cents: p.cost_cents, spent_cents: spent, note: p.note },
        apply(revision) {
          // Progress and its charge are one outcome (MWP-WRK-022): both here, or neither.
          ctx.store.write('UPDATE work_items SET progress = progress + 1, revision = ? WHERE work_item_id = ?', [revision, p.work_item as string]);
          // A charge of 0 changes no row (the mission's revision is not bumped by a charge), so it writes none.
          if (p.cost_cents !== 0) ctx.store.write('UPDATE missions SET spent_cents = ? WHERE mission_id = ?', [spent, item.mission_id as string]);
        },
      };
    },
  },
  complete: {
    target: (p) => ({ type: 'work_item', id: p.work_item as string, creates: false }),
    plan: (ctx, p) => checkLease(ctx, p.work_item as string, p.lease_id as string, 'COMPLETE') ?? {
      eventKind: 'work_item_completed', eventPayload: { work_item: p.work_item },
      apply(revision) { ctx.store.write(
        "UPDATE work_items SET status = 'done', lease_id = NULL, lease_until = NULL, session_epoch = NULL, revision = ? WHERE work_item_id = ?", [revision, p.work_item as string]); },
    },
  },
  request_approval: {
    target: (p) => ({ type: 'approval', id: p.approval as string, creates: true }),
    plan: (ctx, p) => !workItem(ctx, p.work_item as string) ? reject('NOT_FOUND', `no work item ${p.work_item}`, msg('reasons.authority.no_work_item', { id: String(p.work_item) })) : {
      eventKind: 'approval_requested', eventPayload: { approval: p.approval, work_item: p.work_item },
      apply(revision) { ctx.store.write("INSERT INTO approvals (approval_id, group_id, work_item_id, status, revision) VALUES (?, ?, ?, 'pending', ?)",
        [p.approval as string, ctx.command.group, p.work_item as string, revision]); },
    },
  },
  decide_approval: {
    target: (p) => ({ type: 'approval', id: p.approval as string, creates: false }),
    plan: (ctx, p) => {
      const forbidden = requireRole(ctx, ['approver', 'admin']);
      if (forbidden) return forbidden;
      const approval = ctx.store.get('SELECT status FROM approvals WHERE approval_id = ?', [p.approval as string])!;
      if (approval.status !== 'pending') return reject('INVALID_STATE', `${p.approval} is already ${approval.status}`,
        msg('reasons.authority.approval_already', { approval: String(p.approval), status: String(approval.status) }));
      return {
        eventKind: 'approval_decided', eventPayload: { approval: p.approval, decision: p.decision, by: ctx.command.actor },
        apply(revision) { ctx.store.write('UPDATE approvals SET status = ?, decided_by = ?, revision = ? WHERE approval_id = ?',
          [p.decision as string, ctx.command.actor, revision, p.approval as string]); },
      };
    },
  },
};

export const HANDLERS: Record<CommandKind, Handler> = { ...CORE_HANDLERS, ...EXECUTION_HANDLERS };

const REVISION_SQL: Record<AggregateType, string> = {
  // A session exists implicitly at revision 0 before its agent first opens one.
  session: 'SELECT COALESCE((SELECT revision FROM sessions WHERE agent_id = ?), 0) AS revision',
  group: 'SELECT revision FROM groups WHERE group_id = ?',
  mission: 'SELECT revision FROM missions WHERE mission_id = ?',
  work_item: 'SELECT revision FROM work_items WHERE work_item_id = ?',
  approval: 'SELECT revision FROM approvals WHERE approval_id = ?',
};

/** The aggregate's current revision, or null if it does not exist. */
export function currentRevision(store: Store, target: Target): number | null {
  const row = store.get(REVISION_SQL[target.type], [target.id]);
  return row ? Number(row.revision) : null;
}
