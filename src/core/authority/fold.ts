/**
 * The rebuild oracle for the authority: fold the events into state, and read the state
 * tables into the same shape. They must be equal after every step (SPEC §2: state is what
 * the events say). A pure reducer; no SQL in `foldEvents`.
 */
import type { Store } from '../db/store';
import type { EventRecord } from './outcomes';

export interface AuthorityState {
  organizations: string[];
  groups: Record<string, { org: string; sequence: number; revision: number }>;
  memberships: Record<string, string>; // "group/agent" -> role
  missions: Record<string, { group: string; limit: number; spent: number; revision: number }>;
  workItems: Record<string, {
    group: string; mission: string; status: string; owner: string | null; epoch: number;
    leaseId: string | null; leaseUntil: number | null; sessionEpoch: number | null; progress: number;
    checkpoint: string | null; attempts: number; maxAttempts: number; retryAt: number | null; blockedOn: string | null; resumeBy: number | null;
    deadline: number | null; retryBudget: number | null; retrySpent: number; revision: number;
  }>;
  sessions: Record<string, number>;
  approvals: Record<string, { group: string; workItem: string; status: string; decidedBy: string | null; revision: number }>;
}

export const emptyState = (): AuthorityState => ({ organizations: [], groups: {}, memberships: {}, missions: {}, workItems: {}, approvals: {}, sessions: {} });
const empty = emptyState;

/** Folds a group's events, in order, into the state they describe. */
export function foldEvents(events: EventRecord[]): AuthorityState {
  const s = empty();
  for (const e of events) applyToState(s, e);
  return s;
}

/**
 * Applies ONE event to a state, in place. The worker projection applies events with this
 * same reducer, so "projection = rebuild" compares delivery, not two implementations.
 */
export function applyToState(s: AuthorityState, e: EventRecord): void {
  {
    const str = (key: string) => String(e.payload[key]);
    const num = (key: string) => Number(e.payload[key]);
    const group = s.groups[e.group];
    if (group) group.sequence = e.seq;
    switch (e.kind) {
      case 'group_created':
        if (!s.organizations.includes(str('org'))) s.organizations = [...s.organizations, str('org')].sort();
        s.groups[e.group] = { org: str('org'), sequence: e.seq, revision: e.aggregateRevision };
        s.memberships[`${e.group}/${str('founder')}`] = 'admin';
        break;
      case 'member_added':
        s.memberships[`${e.group}/${str('agent')}`] = str('role');
        patch(s.groups, e.group, { revision: e.aggregateRevision });
        break;
      case 'member_removed':
        delete s.memberships[`${e.group}/${str('agent')}`];
        patch(s.groups, e.group, { revision: e.aggregateRevision });
        break;
      case 'mission_created':
        s.missions[str('mission')] = { group: e.group, limit: num('budget_cents'), spent: 0, revision: e.aggregateRevision };
        break;
      case 'work_item_created':
        s.workItems[str('work_item')] = {
          group: e.group, mission: str('mission'), status: 'queued', owner: null, epoch: 0, leaseId: null, leaseUntil: null,
          sessionEpoch: null, progress: 0, checkpoint: null, attempts: 0, maxAttempts: e.payload.max_attempts === undefined ? 3 : num('max_attempts'),
          retryAt: null, blockedOn: null, resumeBy: null, deadline: e.payload.deadline === undefined ? null : num('deadline'),
          retryBudget: e.payload.retry_budget_cents === undefined ? null : num('retry_budget_cents'), retrySpent: 0, revision: e.aggregateRevision,
        };
        break;
      case 'work_item_claimed':
        patch(s.workItems, str('work_item'), {
          status: 'running', owner: str('owner'), epoch: num('epoch'), leaseId: str('lease_id'), leaseUntil: num('lease_until'),
          sessionEpoch: e.payload.session === undefined ? null : num('session'), revision: e.aggregateRevision,
        });
        break;
      case 'lease_renewed':
        patch(s.workItems, str('work_item'), { leaseUntil: num('lease_until'), revision: e.aggregateRevision });
        break;
      case 'progress_reported': {
        const item = s.workItems[str('work_item')];
        if (item) Object.assign(item, { progress: item.progress + 1, revision: e.aggregateRevision });
        patch(s.missions, str('mission'), { spent: num('spent_cents') });
        break;
      }
      case 'work_item_completed':
        patch(s.workItems, str('work_item'), { status: 'done', ...released, revision: e.aggregateRevision });
        break;
      case 'approval_requested':
        s.approvals[str('approval')] = { group: e.group, workItem: str('work_item'), status: 'pending', decidedBy: null, revision: e.aggregateRevision };
        break;
      case 'approval_decided':
        patch(s.approvals, str('approval'), { status: str('decision'), decidedBy: str('by'), revision: e.aggregateRevision });
        break;
      default:
        if (!applyExecutionEvent(s, e, str, num)) throw new Error(`foldEvents: unknown event kind ${e.kind}`);
    }
  }
}

const released = { leaseId: null, leaseUntil: null, sessionEpoch: null };
/** A failure report's cost so far (events written before the cost budget carry none). */
const spentOn = (e: EventRecord) => (e.payload.retry_spent_cents === undefined ? {} : { retrySpent: Number(e.payload.retry_spent_cents) });

/** The lease, checkpoint and session events of lab L12. Returns false for other kinds. */
function applyExecutionEvent(s: AuthorityState, e: EventRecord, str: (k: string) => string, num: (k: string) => number): boolean {
  const id = () => str('work_item');
  switch (e.kind) {
    case 'session_opened':
      s.sessions[str('agent')] = num('epoch');
      for (const revoked of (e.payload.revoked as string[]) ?? []) {
        const item = s.workItems[revoked];
        if (item) Object.assign(item, { status: 'queued', owner: null, ...released, resumeBy: null, revision: item.revision + 1 });
      }
      return true;
    case 'work_item_checkpointed':
      patch(s.workItems, id(), { status: 'owned', checkpoint: str('data'), resumeBy: e.payload.resume_by === undefined ? null : num('resume_by'), ...released, revision: e.aggregateRevision });
      return true;
    case 'work_item_resumed':
      patch(s.workItems, id(), { status: 'running', leaseId: str('lease_id'), leaseUntil: num('lease_until'), sessionEpoch: num('session'), resumeBy: null, revision: e.aggregateRevision });
      return true;
    case 'work_item_blocked':
      patch(s.workItems, id(), e.payload.kept_slot // a broken design's block (design.ts): owner and lease kept
        ? { status: 'blocked', checkpoint: str('data'), blockedOn: str('needs'), revision: e.aggregateRevision }
        : { status: 'blocked', owner: null, checkpoint: str('data'), blockedOn: str('needs'), ...released, revision: e.aggregateRevision });
      return true;
    case 'work_item_resolved':
      patch(s.workItems, id(), { status: 'queued', blockedOn: null, revision: e.aggregateRevision });
      return true;
    case 'work_item_failed':
      patch(s.workItems, id(), e.payload.final
        ? { status: 'failed', owner: null, attempts: num('attempts'), retryAt: null, resumeBy: null, ...released, ...spentOn(e), revision: e.aggregateRevision }
        : { status: 'owned', attempts: num('attempts'), retryAt: num('retry_at'), resumeBy: num('resume_by'), ...released, ...spentOn(e), revision: e.aggregateRevision });
      return true;
    case 'work_item_revoked':
      patch(s.workItems, id(), { status: 'queued', owner: null, ...released, resumeBy: null, revision: e.aggregateRevision });
      return true;
    case 'work_reconciled': {
      const item = s.workItems[id()];
      if (item) Object.assign(item, { progress: item.progress + ((e.payload.reports as unknown[]) ?? []).length, revision: e.aggregateRevision, ...(e.payload.submitted ? { status: 'done', ...released } : {}) });
      patch(s.missions, str('mission'), { spent: num('spent_cents') });
      return true;
    }
    case 'work_item_cancelled':
      patch(s.workItems, id(), { status: 'cancelled', owner: null, ...released, resumeBy: null, revision: e.aggregateRevision });
      return true;
    default:
      return false;
  }
}

/**
 * Updates an entity if it exists. A projection fed events out of order (a broken consumer)
 * may meet an event about an entity it never saw; the reducer leaves that mismatch for the
 * rebuild oracle to catch rather than crashing the consumer.
 */
function patch<T extends object>(map: Record<string, T>, id: string, changes: Partial<T>): void {
  const entity = map[id];
  if (entity) Object.assign(entity, changes);
}

/** The state tables, in the fold's shape. */
export function readState(store: Store): AuthorityState {
  const s = empty();
  s.organizations = store.all('SELECT org_id FROM organizations ORDER BY org_id').map((r) => String(r.org_id));
  for (const r of store.all('SELECT * FROM groups')) s.groups[String(r.group_id)] = { org: String(r.org_id), sequence: Number(r.sequence), revision: Number(r.revision) };
  for (const r of store.all('SELECT * FROM memberships')) s.memberships[`${r.group_id}/${r.agent_id}`] = String(r.role);
  for (const r of store.all('SELECT * FROM missions')) {
    s.missions[String(r.mission_id)] = { group: String(r.group_id), limit: Number(r.limit_cents), spent: Number(r.spent_cents), revision: Number(r.revision) };
  }
  for (const r of store.all('SELECT * FROM work_items')) {
    s.workItems[String(r.work_item_id)] = {
      group: String(r.group_id), mission: String(r.mission_id), status: String(r.status), owner: r.owner === null ? null : String(r.owner),
      epoch: Number(r.ownership_epoch), leaseId: r.lease_id === null ? null : String(r.lease_id),
      leaseUntil: r.lease_until === null ? null : Number(r.lease_until), sessionEpoch: r.session_epoch === null ? null : Number(r.session_epoch),
      progress: Number(r.progress), checkpoint: r.checkpoint === null ? null : String(r.checkpoint), attempts: Number(r.attempts),
      maxAttempts: Number(r.max_attempts), retryAt: r.retry_at === null ? null : Number(r.retry_at), blockedOn: r.blocked_on === null ? null : String(r.blocked_on),
      resumeBy: r.resume_by === null ? null : Number(r.resume_by), deadline: r.deadline === null ? null : Number(r.deadline),
      retryBudget: r.retry_budget_cents === null ? null : Number(r.retry_budget_cents), retrySpent: Number(r.retry_spent_cents), revision: Number(r.revision),
    };
  }
  for (const r of store.all('SELECT agent_id, epoch FROM sessions')) s.sessions[String(r.agent_id)] = Number(r.epoch);
  for (const r of store.all('SELECT * FROM approvals')) {
    s.approvals[String(r.approval_id)] = {
      group: String(r.group_id), workItem: String(r.work_item_id), status: String(r.status),
      decidedBy: r.decided_by === null ? null : String(r.decided_by), revision: Number(r.revision),
    };
  }
  return s;
}
