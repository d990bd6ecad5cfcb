/**
 * What every command handler shares: the handler contract (`target` names the aggregate;
 * `plan` only reads, then returns a rejection or the event and writes that make it true)
 * and the checks handlers compose — role, work-item state, owner and lease.
 * `handlers.ts` and `executionHandlers.ts` both build on this file, never on each other.
 */
import type { SqlValue } from 'sql.js';
import type { Store } from '../db/store';
import { nextState } from '../machines';
import type { CommandContent } from './commands';
import { statusWord } from '../message';
import { msg, reject, type Rejection } from './outcomes';
import { workItemMachine, type WorkItemEvent } from './workItemMachine';
import type { AuthorityDesign } from './design';

export type AggregateType = 'group' | 'mission' | 'work_item' | 'approval' | 'session';

export interface Target {
  type: AggregateType;
  id: string;
  /** The aggregate must not exist yet (a create). */
  creates: boolean;
}

export interface Plan {
  eventKind: string;
  eventPayload: Record<string, unknown>;
  /**
   * The state change; runs inside the accept transaction, after all checks. Handlers write it
   * as a method, not an arrow property: tsx (the bench, scripts) keeps function names, and an
   * arrow property is renamed at every call (`__name`, ≈2% of an accept in its CPU profile).
   */
  apply(newRevision: number): void;
}

export interface PlanContext {
  store: Store;
  command: CommandContent;
  now: number;
  /**
   * Rows this accept has already read, so a check never reads the same row twice (accept.ts
   * fills it; a caller without it reads each time). Only valid while nothing is written:
   * plans read, `apply` writes and reads nothing back.
   */
  known?: KnownRows;
  /** The design in force (design.ts); absent: the specified one. */
  design?: AuthorityDesign;
}

export interface KnownRows {
  /** The sender's role in the command's group, null when it is not a member; undefined: not read. */
  actorRole?: string | null;
  /** Work item rows by id, whatever their group (undefined: no such work item). */
  items: Map<string, WorkItemRow | undefined>;
  /** Missions' budgets by id (undefined: no such mission); absent: read each time. */
  missions?: Map<string, MissionBudget | undefined>;
}

/** The budget columns of a mission (MWP-WRK-022). */
export type MissionBudget = Readonly<Record<'limit_cents' | 'spent_cents', SqlValue>>;

export type P = Record<string, unknown>;
export type Handler = { target(p: P, c: CommandContent): Target; plan(ctx: PlanContext, p: P): Plan | Rejection };

export const DEFAULT_LEASE_TICKS = 10;

export const roleOf = (store: Store, group: string, agent: string) =>
  store.get('SELECT role FROM memberships WHERE group_id = ? AND agent_id = ?', [group, agent])?.role as string | undefined;

export function requireRole(ctx: PlanContext, roles: string[]): Rejection | null {
  const known = ctx.known?.actorRole;
  const role = known !== undefined ? known ?? undefined : roleOf(ctx.store, ctx.command.group, ctx.command.actor);
  return role && roles.includes(role) ? null : reject('FORBIDDEN', `${ctx.command.actor} needs role ${roles.join(' or ')}`,
    msg('reasons.authority.needs_role', { actor: ctx.command.actor, roles: roles.join(' or ') }));
}

/**
 * The work item columns the checks read: a read returns only these (each column costs a
 * call into sql.js), and the type makes reading any other one a compile error.
 */
export const WORK_ITEM_COLUMNS = ['group_id', 'mission_id', 'status', 'owner', 'ownership_epoch', 'lease_id', 'lease_until', 'attempts', 'max_attempts',
  'retry_at', 'resume_by', 'deadline', 'retry_budget_cents', 'retry_spent_cents', 'revision'] as const;
export type WorkItemRow = Readonly<Record<(typeof WORK_ITEM_COLUMNS)[number], SqlValue>>;
const WORK_ITEM_SQL = `SELECT ${WORK_ITEM_COLUMNS.join(', ')} FROM work_items WHERE work_item_id = ?`;

/** The work item `id` of the command's group, or undefined. */
export function workItem(ctx: PlanContext, id: string): WorkItemRow | undefined {
  const row = workItemRow(ctx, id);
  return row && row.group_id === ctx.command.group ? row : undefined;
}

/** The work item `id` in any group (its revision is the CAS check's), read once per accept. */
export function workItemRow(ctx: PlanContext, id: string): WorkItemRow | undefined {
  const items = ctx.known?.items;
  if (items?.has(id)) return items.get(id);
  const row = ctx.store.get(WORK_ITEM_SQL, [id]) as WorkItemRow | undefined;
  items?.set(id, row);
  return row;
}

/** The budget of mission `id`, or undefined; read once per accept. */
export function missionBudget(ctx: PlanContext, id: string): MissionBudget | undefined {
  const missions = ctx.known?.missions;
  if (missions?.has(id)) return missions.get(id);
  const row = ctx.store.get('SELECT limit_cents, spent_cents FROM missions WHERE mission_id = ?', [id]) as MissionBudget | undefined;
  missions?.set(id, row);
  return row;
}

/** Whether the work item machine allows `event` from the item's status. */
export function illegal(status: unknown, event: WorkItemEvent, id: string): Rejection | null {
  return nextState(workItemMachine, String(status), event) === null ? reject('INVALID_STATE', `${id} is ${status}: ${event} is not allowed`,
    msg('reasons.authority.not_allowed', { id, status: statusWord(status), event })) : null;
}

/** The owner-and-lease check every execution command passes (fencing at the authority). */
export function checkLease(ctx: PlanContext, id: string, leaseId: string, event: WorkItemEvent): Rejection | null {
  const item = workItem(ctx, id)!;
  const notNow = illegal(item.status, event, id);
  if (notNow) return notNow;
  if (item.owner !== ctx.command.actor) return reject('NOT_OWNER', `${id} is owned by ${item.owner} (epoch ${item.ownership_epoch})`,
    msg('reasons.authority.not_owner', { id, owner: String(item.owner), epoch: Number(item.ownership_epoch) }));
  if (item.lease_id !== leaseId) return reject('LEASE_MISMATCH', `current lease is ${item.lease_id}, not ${leaseId}`,
    msg('reasons.authority.lease_mismatch', { current: String(item.lease_id), lease: leaseId }));
  if (ctx.now >= Number(item.lease_until)) return reject('LEASE_EXPIRED', `lease ${leaseId} ended at t=${item.lease_until}`,
    msg('reasons.authority.lease_expired', { lease: leaseId, at: Number(item.lease_until) }));
  return null;
}

/** The agent's current session epoch (0 before it ever opened one). */
export function sessionEpoch(ctx: PlanContext, agent: string): number {
  return Number(ctx.store.get('SELECT epoch FROM sessions WHERE agent_id = ?', [agent])?.epoch ?? 0);
}

