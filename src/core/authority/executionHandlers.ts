/**
 * Execution leases, checkpoints, blocking, failures and revocation (SPEC §6): the command
 * kinds of lab L12, on the same accept transaction as everything else. Checkpoint, block and
 * submit RELEASE the lease; session replacement, reassignment, cancellation, failure and a
 * missed renewal REVOKE it (MWP-WRK-014). Every execution command names the current lease
 * (MWP-WRK-013).
 */
import type { CommandKind } from './commands';
import { checkLease, DEFAULT_LEASE_TICKS, illegal, missionBudget, requireRole, sessionEpoch, workItem, type Handler } from './handlerKit';
import { toolKey } from '../effects/keys';
import { msg, reject } from './outcomes';
import { formatMoney } from '../money';

/**
 * How each command ends the lease it names (MWP-WRK-014, seeds 000/001): the holder
 * RELEASES it by checkpointing, blocking or submitting; the system REVOKES it on session
 * replacement, reassignment, cancellation — and failure: a reported failure does not hand
 * the lease back for the holder to keep using; the authority takes it and decides when the
 * work may run again (after a backoff, under a new lease, within the budgets of MWP-WRK-018).
 */
export const LEASE_ENDINGS = {
  checkpoint: 'released', block: 'released', complete: 'released',
  open_session: 'revoked', reassign: 'revoked', cancel: 'revoked', report_failure: 'revoked',
} as const satisfies Partial<Record<CommandKind, 'released' | 'revoked'>>;

type ExecutionKind = Extract<CommandKind, 'open_session' | 'checkpoint' | 'resume' | 'block' | 'resolve' | 'report_failure' | 'reassign' | 'cancel' | 'reconcile'>;

const item = (p: Record<string, unknown>) => ({ type: 'work_item' as const, id: p.work_item as string, creates: false });
const RELEASE = "lease_id = NULL, lease_until = NULL, session_epoch = NULL";
// Revocation and requeueing also clear the start deadline.
const REQUEUE = `owner = NULL, ${RELEASE}, resume_by = NULL`;

export const EXECUTION_HANDLERS: Record<ExecutionKind, Handler> = {
  /** A new session for the actor: its running work is revoked and returns to the queue. */
  open_session: {
    target: (_p, c) => ({ type: 'session', id: c.actor, creates: false }),
    plan: (ctx) => {
      const epoch = sessionEpoch(ctx, ctx.command.actor) + 1;
      // The broken design `keeps_work` leaves the old session's work where it was.
      const revoked = ctx.design?.new_session === 'keeps_work' ? [] : ctx.store.all("SELECT work_item_id FROM work_items WHERE owner = ? AND status IN ('running', 'owned') ORDER BY work_item_id", [ctx.command.actor])
        .map((r) => String(r.work_item_id));
      return {
        eventKind: 'session_opened', eventPayload: { agent: ctx.command.actor, epoch, revoked },
        apply(revision) {
          ctx.store.write(`INSERT INTO sessions (agent_id, group_id, epoch, revision) VALUES (?, ?, ?, ?)
            ON CONFLICT (agent_id) DO UPDATE SET epoch = excluded.epoch, revision = excluded.revision`, [ctx.command.actor, ctx.command.group, epoch, revision]);
          for (const id of revoked) ctx.store.write(`UPDATE work_items SET status = 'queued', ${REQUEUE}, revision = revision + 1 WHERE work_item_id = ?`, [id]);
        },
      };
    },
  },
  /** Releases the lease; the owner must start again (resume) before its start deadline. */
  checkpoint: {
    target: item,
    plan: (ctx, p) => checkLease(ctx, p.work_item as string, p.lease_id as string, 'CHECKPOINT') ?? {
      eventKind: 'work_item_checkpointed', eventPayload: { work_item: p.work_item, data: p.data, resume_by: ctx.now + DEFAULT_LEASE_TICKS },
      apply(revision) { ctx.store.write(`UPDATE work_items SET status = 'owned', checkpoint = ?, resume_by = ?, ${RELEASE}, revision = ? WHERE work_item_id = ?`,
        [p.data as string, ctx.now + DEFAULT_LEASE_TICKS, revision, p.work_item as string]); },
    },
  },
  /** The owner takes a new lease on work it checkpointed, under its current session. */
  resume: {
    target: item,
    plan: (ctx, p) => {
      const w = workItem(ctx, p.work_item as string)!;
      const notNow = illegal(w.status, 'RESUME', p.work_item as string);
      if (notNow) return notNow;
      if (w.owner !== ctx.command.actor) return reject('NOT_OWNER', `${p.work_item} is owned by ${w.owner}`, msg('reasons.authority.owned_by', { id: String(p.work_item), owner: String(w.owner) }));
      if (w.resume_by !== null && ctx.now >= Number(w.resume_by)) return reject('LEASE_EXPIRED', `the start deadline passed at t=${w.resume_by}`, msg('reasons.authority.start_deadline', { at: Number(w.resume_by) }));
      if (w.retry_at !== null && ctx.now < Number(w.retry_at)) return reject('INVALID_STATE', `${p.work_item} is backing off until t=${w.retry_at}`,
        msg('reasons.authority.backing_off', { id: String(p.work_item), at: Number(w.retry_at) }));
      const leaseId = `lease-${p.work_item}-${w.ownership_epoch}.${w.revision}`;
      const leaseUntil = ctx.now + ((p.lease_ticks as number | undefined) ?? DEFAULT_LEASE_TICKS);
      const session = sessionEpoch(ctx, ctx.command.actor);
      return {
        eventKind: 'work_item_resumed', eventPayload: { work_item: p.work_item, lease_id: leaseId, lease_until: leaseUntil, session },
        apply(revision) { ctx.store.write("UPDATE work_items SET status = 'running', lease_id = ?, lease_until = ?, session_epoch = ?, resume_by = NULL, revision = ? WHERE work_item_id = ?",
          [leaseId, leaseUntil, session, revision, p.work_item as string]); },
      };
    },
  },
  /** Blocked work checkpoints, says what it needs, and frees its slot (MWP-WRK-017). */
  block: {
    target: item,
    plan: (ctx, p) => checkLease(ctx, p.work_item as string, p.lease_id as string, 'BLOCK') ?? (ctx.design?.block === 'keeps_slot'
      ? {
        // The broken design: the blocked work keeps its owner and lease while it waits.
        eventKind: 'work_item_blocked', eventPayload: { work_item: p.work_item, needs: p.needs, data: p.data, kept_slot: true },
        apply(revision) { ctx.store.write("UPDATE work_items SET status = 'blocked', checkpoint = ?, blocked_on = ?, revision = ? WHERE work_item_id = ?",
          [p.data as string, p.needs as string, revision, p.work_item as string]); },
      }
      : {
        eventKind: 'work_item_blocked', eventPayload: { work_item: p.work_item, needs: p.needs, data: p.data },
        apply(revision) { ctx.store.write(`UPDATE work_items SET status = 'blocked', owner = NULL, checkpoint = ?, blocked_on = ?, ${RELEASE}, revision = ? WHERE work_item_id = ?`,
          [p.data as string, p.needs as string, revision, p.work_item as string]); },
      }),
  },
  resolve: {
    target: item,
    plan: (ctx, p) => requireRole(ctx, ['admin', 'approver']) ?? illegal(workItem(ctx, p.work_item as string)!.status, 'RESOLVE', p.work_item as string) ?? {
      eventKind: 'work_item_resolved', eventPayload: { work_item: p.work_item },
      apply(revision) { ctx.store.write("UPDATE work_items SET status = 'queued', blocked_on = NULL, revision = ? WHERE work_item_id = ?", [revision, p.work_item as string]); },
    },
  },
  /**
   * A failed attempt (MWP-WRK-018) revokes the lease (MWP-WRK-014): the same owner retries
   * after a growing backoff, under a new lease but the same ownership epoch — so its
   * external attempt key (MWP-WRK-031: mission / work item / epoch / operation) stays the
   * same, and a tool that dedupes by it performs the attempt's effect once. When the attempt
   * budget or the cost budget is spent, or the next try would land after the contract's
   * deadline, the work fails for good.
   */
  report_failure: {
    target: item,
    plan: (ctx, p) => {
      const problem = checkLease(ctx, p.work_item as string, p.lease_id as string, 'FAIL');
      if (problem) return problem;
      const w = workItem(ctx, p.work_item as string)!;
      const attempts = Number(w.attempts) + 1;
      const retryAt = ctx.now + 2 ** attempts;
      const pastDeadline = w.deadline !== null && retryAt >= Number(w.deadline);
      // The cost budget: what failed attempts have cost so far, this one included.
      const retrySpent = Number(w.retry_spent_cents) + ((p.cost_cents as number | undefined) ?? 0);
      const overBudget = w.retry_budget_cents !== null && retrySpent >= Number(w.retry_budget_cents);
      const final = attempts >= Number(w.max_attempts) || pastDeadline || overBudget;
      const attemptKey = toolKey(String(w.mission_id), p.work_item as string, Number(w.ownership_epoch), 'work');
      return {
        eventKind: 'work_item_failed',
        eventPayload: {
          work_item: p.work_item, attempts, final, reason: p.reason, attempt_key: attemptKey, retry_spent_cents: retrySpent,
          retry_at: final ? null : retryAt, resume_by: final ? null : retryAt + DEFAULT_LEASE_TICKS, ...(pastDeadline ? { past_deadline: true } : {}), ...(overBudget ? { over_budget: true } : {}),
        },
        apply(revision) { ctx.store.write(
          final ? `UPDATE work_items SET status = 'failed', attempts = ?, retry_spent_cents = ?, retry_at = NULL, ${REQUEUE}, revision = ? WHERE work_item_id = ?`
            : `UPDATE work_items SET status = 'owned', attempts = ?, retry_spent_cents = ?, retry_at = ?, resume_by = ?, ${RELEASE}, revision = ? WHERE work_item_id = ?`,
          final ? [attempts, retrySpent, revision, p.work_item as string] : [attempts, retrySpent, retryAt, retryAt + DEFAULT_LEASE_TICKS, revision, p.work_item as string]); },
      };
    },
  },
  /** Reassignment, or the sweep after a missed renewal: the lease is revoked, the work requeued. */
  reassign: {
    target: item,
    plan: (ctx, p) => requireRole(ctx, ['admin']) ?? illegal(workItem(ctx, p.work_item as string)!.status, 'REVOKE', p.work_item as string) ?? {
      eventKind: 'work_item_revoked', eventPayload: { work_item: p.work_item, reason: p.reason },
      apply(revision) { ctx.store.write(`UPDATE work_items SET status = 'queued', ${REQUEUE}, revision = ? WHERE work_item_id = ?`, [revision, p.work_item as string]); },
    },
  },
  /**
   * Reconciliation and its resource charge are ONE authoritative transaction (MWP-WRK-022):
   * every buffered report's progress, their total charge to the mission budget and, if
   * buffered too, the submission. A total that would overflow the budget rejects all of it —
   * no report lands on its own, no partial state.
   */
  reconcile: {
    target: item,
    plan: (ctx, p) => {
      const reports = p.reports as { cost_cents: number; rebased_as: string }[];
      const submit = p.submit as boolean;
      const leaseProblem = checkLease(ctx, p.work_item as string, p.lease_id as string, submit ? 'COMPLETE' : 'PROGRESS');
      if (leaseProblem) return leaseProblem;
      const w = workItem(ctx, p.work_item as string)!;
      const mission = missionBudget(ctx, w.mission_id as string)!;
      const charge = reports.reduce((sum, r) => sum + r.cost_cents, 0);
      const spent = Number(mission.spent_cents) + charge;
      if (spent > Number(mission.limit_cents)) {
        return reject('BUDGET_EXCEEDED', `reconciling ${reports.length} report(s) would charge ${formatMoney(charge, 'en')} and bring ${w.mission_id} to ${formatMoney(spent, 'en')} of ${formatMoney(Number(mission.limit_cents), 'en')}`,
          msg('reasons.authority.budget_reconcile', { count: reports.length, charge, mission: String(w.mission_id), spent, limit: Number(mission.limit_cents) }));
      }
      return {
        eventKind: 'work_reconciled',
        eventPayload: { work_item: p.work_item, mission: w.mission_id, reports: reports.map((r) => r.rebased_as), cost_cents: charge, spent_cents: spent, submitted: submit },
        apply(revision) {
          ctx.store.write(`UPDATE work_items SET progress = progress + ?, ${submit ? `status = 'done', ${RELEASE}, ` : ''}revision = ? WHERE work_item_id = ?`,
            [reports.length, revision, p.work_item as string]);
          if (charge !== 0) ctx.store.write('UPDATE missions SET spent_cents = ? WHERE mission_id = ?', [spent, w.mission_id as string]); // 0: no row changes
        },
      };
    },
  },
  cancel: {
    target: item,
    plan: (ctx, p) => requireRole(ctx, ['admin']) ?? illegal(workItem(ctx, p.work_item as string)!.status, 'CANCEL', p.work_item as string) ?? {
      eventKind: 'work_item_cancelled', eventPayload: { work_item: p.work_item },
      apply(revision) { ctx.store.write(`UPDATE work_items SET status = 'cancelled', ${REQUEUE}, revision = ? WHERE work_item_id = ?`, [revision, p.work_item as string]); },
    },
  },
};
