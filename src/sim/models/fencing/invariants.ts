/**
 * Invariants of the fencing lab, evaluated after every step over the node databases.
 * The authority's lease history is the ground truth; the resource's write log is judged
 * against the lease that was current when each write landed (ordered by stamp).
 */
import type { Invariant, ModelContext } from '../../model';

interface HistoryRow { stamp: number; kind: string; fence: number; lease_until: number }

export const noStaleWrite: Invariant = {
  id: 'FENCE-1',
  statement: 'No write is accepted under a stale fence or an expired lease.',
  rule: 'SPEC §6 fencing (M07 §7), MWP-WRK-019',
  check(ctx: ModelContext): string[] {
    const history = ctx.store('authority').all('SELECT stamp, kind, fence, lease_until FROM lease_history ORDER BY stamp') as unknown as HistoryRow[];
    const writes = ctx.store('resource').all('SELECT seq, stamp, at, writer, token FROM write_log WHERE allowed = 1 ORDER BY seq');
    const violations: string[] = [];
    for (const write of writes) {
      const stamp = Number(write.stamp);
      const lease = latestBefore(history, stamp);
      const token = write.token === null ? null : Number(write.token);
      const at = Number(write.at);
      const who = `write #${write.seq} by ${write.writer} (fence ${token ?? 'none'}, t=${at})`;
      if (!lease) violations.push(`${who} was accepted before any lease existed`);
      else if (lease.fence !== token) violations.push(`${who} was accepted while the current fence was ${lease.fence}`);
      else if (at >= lease.lease_until) violations.push(`${who} was accepted after the lease ended at t=${lease.lease_until}`);
    }
    return violations;
  },
};

export const fencesOnlyGrow: Invariant = {
  id: 'FENCE-2',
  statement: 'Every grant carries a higher fence than the one before.',
  rule: 'SPEC §1 ownership epoch, MWP-WRK-019',
  check(ctx: ModelContext): string[] {
    const grants = ctx.store('authority').all("SELECT stamp, fence FROM lease_history WHERE kind = 'grant' ORDER BY stamp");
    const violations: string[] = [];
    for (let i = 1; i < grants.length; i++) {
      const before = Number(grants[i - 1]!.fence);
      const after = Number(grants[i]!.fence);
      if (after <= before) violations.push(`grant of fence ${after} came after fence ${before}`);
    }
    return violations;
  },
};

/**
 * The grant in force at `stamp`: the newest grant or renewal before it. Expiry rows add
 * nothing (the time bound is checked directly). A release is the holder giving the lease
 * back early; until a higher fence is issued the resource cannot tell a late write of that
 * holder from an early one, and no other holder can be harmed, so it is not judged here.
 */
function latestBefore(history: HistoryRow[], stamp: number): HistoryRow | undefined {
  let found: HistoryRow | undefined;
  for (const row of history) {
    if (row.stamp >= stamp) break;
    if (row.kind === 'grant' || row.kind === 'renew') found = row;
  }
  return found;
}
