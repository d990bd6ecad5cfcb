/**
 * Invariants of the fencing lab. The authority's lease history is the ground truth; the
 * resource's write log is judged against the grant that was in force when each write
 * landed (ordered by stamp). `check` reads the whole history (the test oracle);
 * `checkStep` reads only the rows this step wrote, so a step costs the same at step 5,000
 * as at step 100 (tested to agree on random schedules).
 */
import {
  acceptedWrites, grantBefore, grants, latestAcceptedWrites, latestHistory, latestRenewalsWithPrior, leaseHistory, leaseInForceBefore, renewalsWithPrior,
  type AcceptedWrite, type HistoryRow, type LeaseEvent,
} from '../../../core/fencing/audit';
import { msg } from '../../../core/message';
import type { Invariant, ModelContext, Violation } from '../../model';

export const noStaleWrite: Invariant = {
  id: 'FENCE-1',
  statement: 'No write is accepted under a stale fence or an expired lease.',
  rule: 'SPEC §6 fencing (M07 §7), MWP-WRK-019',
  // The resource refuses a lower generation (M07-7); a late result stays non-authoritative (MWP-WRK-019).
  rules: ['M07-7', 'MWP-WRK-019'],
  check(ctx: ModelContext): Violation[] {
    const inForce = grantsInForce(leaseHistory(ctx.store('authority')));
    const writes = acceptedWrites(ctx.store('resource')).sort((a, b) => a.stamp - b.stamp);
    return writes.flatMap((write) => judgeWrite(write, inForce(write.stamp)));
  },
  checkStep(ctx: ModelContext, previous: readonly Violation[]): Violation[] {
    const inserted = committedInserts(ctx, 'resource', 'write_log');
    if (inserted === 0) return [...previous];
    const authority = ctx.store('authority');
    const fresh = latestAcceptedWrites(ctx.store('resource'), inserted)
      .flatMap((write) => judgeWrite(write, leaseInForceBefore(authority, write.stamp)));
    return [...previous, ...fresh];
  },
};

export const fencesOnlyGrow: Invariant = {
  id: 'FENCE-2',
  statement: 'Every grant carries a higher fence than the one before.',
  rule: 'SPEC §1 ownership epoch, MWP-WRK-019',
  // A new owner resumes under a HIGHER epoch (MWP-WRK-019); the fence is that generation (M07-7).
  rules: ['MWP-WRK-019', 'M07-7'],
  check(ctx: ModelContext): Violation[] {
    const all = grants(ctx.store('authority'));
    return all.flatMap((grant, i) => (i === 0 ? [] : judgeGrant(grant, all[i - 1]!)));
  },
  checkStep(ctx: ModelContext, previous: readonly Violation[]): Violation[] {
    const inserted = committedInserts(ctx, 'authority', 'lease_history');
    if (inserted === 0) return [...previous];
    const authority = ctx.store('authority');
    const fresh = latestHistory(authority, inserted).filter((row) => row.kind === 'grant').flatMap((grant) => {
      const before = grantBefore(authority, grant.stamp);
      return before ? judgeGrant(grant, before) : [];
    });
    return [...previous, ...fresh];
  },
};

export const renewalIsCompareAndSet: Invariant = {
  id: 'FENCE-3',
  statement: "A renewal extends only the requester's own live lease: the holder and fence it names are those of the lease in force, before that lease ran out.",
  rule: 'SPEC §3 compare-and-set, MWP-EVT-007',
  rules: ['MWP-EVT-007'],
  check(ctx: ModelContext): Violation[] {
    return renewalsWithPrior(ctx.store('authority')).flatMap(({ renewal, prior }) => judgeRenewal(renewal, prior));
  },
  checkStep(ctx: ModelContext, previous: readonly Violation[]): Violation[] {
    const inserted = committedInserts(ctx, 'authority', 'lease_history');
    if (inserted === 0) return [...previous];
    return [...previous, ...latestRenewalsWithPrior(ctx.store('authority'), inserted).flatMap(({ renewal, prior }) => judgeRenewal(renewal, prior))];
  },
};

/**
 * A renewal is legal only against the row just before it: a grant or renewal of the same
 * holder and fence whose time had not run out. After an expiry or a release there is no
 * live lease to extend.
 */
function judgeRenewal(renewal: LeaseEvent, prior: LeaseEvent | undefined): Violation[] {
  const who = { holder: renewal.holder ?? '–', fence: renewal.fence, at: renewal.at };
  if (!prior || (prior.kind !== 'grant' && prior.kind !== 'renew')) return [msg('violations.fencing.renewed_no_live_lease', who)];
  if (prior.holder !== renewal.holder || prior.fence !== renewal.fence) {
    return [msg('violations.fencing.renewed_other_lease', { ...who, current: prior.fence, owner: prior.holder ?? '–' })];
  }
  return renewal.at >= prior.leaseUntil ? [msg('violations.fencing.renewed_after_expiry', { ...who, until: prior.leaseUntil })] : [];
}

function judgeWrite(write: AcceptedWrite, lease: HistoryRow | undefined): Violation[] {
  // A write without a token has its own lines ("fence none"): "none" is a word to translate, not a value.
  const prefix = write.token === null ? 'violations.fencing.unfenced_write' : 'violations.fencing.write';
  const who = { seq: write.seq, writer: write.writer, fence: write.token, at: write.at };
  if (!lease) return [msg(`${prefix}_before_lease`, who)];
  if (lease.fence !== write.token) return [msg(`${prefix}_stale_fence`, { ...who, current: lease.fence })];
  if (write.at >= lease.leaseUntil) return [msg(`${prefix}_after_expiry`, { ...who, until: lease.leaseUntil })];
  return [];
}

function judgeGrant(grant: HistoryRow, before: HistoryRow): Violation[] {
  return grant.fence <= before.fence ? [msg('violations.fencing.fence_went_back', { fence: grant.fence, before: before.fence })] : [];
}

/** Rows inserted into `table` of `node` by the transactions this step committed. */
function committedInserts(ctx: ModelContext, node: string, table: string): number {
  let count = 0;
  for (const tx of ctx.stepTransactions()) {
    if (tx.store === node && tx.outcome === 'commit') count += tx.writes[table]?.insert ?? 0;
  }
  return count;
}

/**
 * The grant in force at a stamp: the newest grant or renewal before it. Expiry rows add
 * nothing (the time bound is checked directly). A release is the holder giving the lease
 * back early; until a higher fence is issued the resource cannot tell a late write of that
 * holder from an early one, and no other holder can be harmed, so it is not judged here.
 * Asked with stamps that never go down, it walks the history once in all (not once per
 * write: observe() and the explorer's goal checks run this full check on every state).
 */
function grantsInForce(history: readonly HistoryRow[]): (stamp: number) => HistoryRow | undefined {
  let next = 0;
  let found: HistoryRow | undefined;
  return (stamp) => {
    for (; next < history.length && history[next]!.stamp < stamp; next++) {
      const row = history[next]!;
      if (row.kind === 'grant' || row.kind === 'renew') found = row;
    }
    return found;
  };
}
