/**
 * Read-only queries the fencing lab's oracle, view and search use. The SQL lives here, in
 * core, so `src/sim/models/fencing` stays wiring (no SQL text under src/sim).
 */
import type { Store } from '../db/store';

export interface HistoryRow { stamp: number; kind: string; fence: number; leaseUntil: number }
export interface AcceptedWrite { seq: number; stamp: number; at: number; writer: string; token: number | null }

const history = (row: Record<string, unknown>): HistoryRow => ({
  stamp: Number(row.stamp), kind: String(row.kind), fence: Number(row.fence), leaseUntil: Number(row.lease_until),
});
const accepted = (row: Record<string, unknown>): AcceptedWrite => ({
  seq: Number(row.seq), stamp: Number(row.stamp), at: Number(row.at), writer: String(row.writer),
  token: row.token === null ? null : Number(row.token),
});

/** The authority's whole lease history, oldest first. */
export function leaseHistory(authority: Store): HistoryRow[] {
  return authority.all('SELECT stamp, kind, fence, lease_until FROM lease_history ORDER BY stamp').map(history);
}

/** The newest `count` history rows, oldest first. */
export function latestHistory(authority: Store, count: number): HistoryRow[] {
  return authority.all('SELECT stamp, kind, fence, lease_until FROM lease_history ORDER BY stamp DESC LIMIT ?', [count]).map(history).reverse();
}

/** The grant or renewal in force just before `stamp` (expiries and releases add nothing). */
export function leaseInForceBefore(authority: Store, stamp: number): HistoryRow | undefined {
  const row = authority.get(
    "SELECT stamp, kind, fence, lease_until FROM lease_history WHERE stamp < ? AND kind IN ('grant', 'renew') ORDER BY stamp DESC LIMIT 1",
    [stamp],
  );
  return row ? history(row) : undefined;
}

/** The newest grant before `stamp` (for the fences-only-grow check). */
export function grantBefore(authority: Store, stamp: number): HistoryRow | undefined {
  const row = authority.get("SELECT stamp, kind, fence, lease_until FROM lease_history WHERE stamp < ? AND kind = 'grant' ORDER BY stamp DESC LIMIT 1", [stamp]);
  return row ? history(row) : undefined;
}

/** Every grant, oldest first. */
export function grants(authority: Store): HistoryRow[] {
  return authority.all("SELECT stamp, kind, fence, lease_until FROM lease_history WHERE kind = 'grant' ORDER BY stamp").map(history);
}

/** Every write the resource accepted, in arrival order. */
export function acceptedWrites(resource: Store): AcceptedWrite[] {
  return resource.all('SELECT seq, stamp, at, writer, token FROM write_log WHERE allowed = 1 ORDER BY seq').map(accepted);
}

/** The newest `count` write attempts that were accepted, oldest first. */
export function latestAcceptedWrites(resource: Store, count: number): AcceptedWrite[] {
  return resource.all('SELECT seq, stamp, at, writer, token, allowed FROM write_log ORDER BY seq DESC LIMIT ?', [count])
    .filter((row) => row.allowed === 1).map(accepted).reverse();
}

/** The resource's verdict on the most recent write attempt, or null before any. */
export function lastVerdict(resource: Store): { allowed: boolean; reason: string } | null {
  const row = resource.get('SELECT allowed, reason FROM write_log ORDER BY seq DESC LIMIT 1');
  return row ? { allowed: row.allowed === 1, reason: String(row.reason) } : null;
}

export interface WriteCounts { accepted: number; refused: number }

/**
 * Every verdict counted by a scan of the whole log: O(history). The oracle the incremental
 * `tallyWrites` is tested against (tally.test.ts), not what observe() runs every step.
 */
export function writeCounts(resource: Store): WriteCounts {
  return countAfter(resource, 0);
}

/** Verdicts of the rows after `seq` (a range of the rowid: reads only those rows). */
export function countAfter(resource: Store, seq: number): WriteCounts {
  const row = resource.get('SELECT COALESCE(SUM(allowed), 0) AS accepted, COUNT(*) - COALESCE(SUM(allowed), 0) AS refused FROM write_log WHERE seq > ?', [seq])!;
  return { accepted: Number(row.accepted), refused: Number(row.refused) };
}

/**
 * The counts so far and the newest row they include (its seq plus what identifies it), kept
 * by the caller between calls (ctx.memo: plain data, carried by undo and fork).
 */
export interface WriteTally extends WriteCounts { seq: number; mark: string }

export function emptyTally(): WriteTally {
  return { seq: 0, mark: '', accepted: 0, refused: 0 };
}

/** What identifies a log row beyond its seq: a log rolled back and regrown reuses seqs. */
function markOf(resource: Store, seq: number): string | null {
  const row = resource.get('SELECT stamp, at, writer, token, allowed, reason FROM write_log WHERE seq = ?', [seq]);
  return row ? JSON.stringify([row.stamp, row.at, row.writer, row.token, row.allowed, row.reason]) : null;
}

/**
 * `writeCounts` from a tally: adds only the rows written since its mark (O(new rows) plus
 * two primary-key look-ups), moving the mark. When the row at the mark is gone or is not the
 * one counted (Back, undo or a restore shrank or rewrote the log), starts again from a full
 * count, so the result always equals the full scan.
 */
export function tallyWrites(resource: Store, tally: WriteTally): WriteCounts {
  if (tally.seq > 0 && markOf(resource, tally.seq) !== tally.mark) Object.assign(tally, emptyTally());
  const top = Number(resource.get('SELECT COALESCE(MAX(seq), 0) AS seq FROM write_log')!.seq);
  if (top > tally.seq) {
    const fresh = countAfter(resource, tally.seq);
    tally.accepted += fresh.accepted;
    tally.refused += fresh.refused;
    tally.seq = top;
    tally.mark = markOf(resource, top)!;
  }
  return { accepted: tally.accepted, refused: tally.refused };
}



/** A lease history row with who it names and when it happened (FENCE-3 judges renewals by them). */
export interface LeaseEvent extends HistoryRow { holder: string | null; at: number }

const leaseEvent = (row: Record<string, unknown>): LeaseEvent => ({
  ...history(row), holder: row.holder === null ? null : String(row.holder), at: Number(row.at),
});

/** Every renewal in the history, each with the row just before it (undefined for none). */
export function renewalsWithPrior(authority: Store): { renewal: LeaseEvent; prior: LeaseEvent | undefined }[] {
  const all = authority.all('SELECT stamp, kind, fence, holder, at, lease_until FROM lease_history ORDER BY stamp').map(leaseEvent);
  return all.flatMap((row, i) => (row.kind === 'renew' ? [{ renewal: row, prior: all[i - 1] }] : []));
}

/** The renewals among the newest `count` history rows, each with the row just before it. */
export function latestRenewalsWithPrior(authority: Store, count: number): { renewal: LeaseEvent; prior: LeaseEvent | undefined }[] {
  const rows = authority.all('SELECT stamp, kind, fence, holder, at, lease_until FROM lease_history ORDER BY stamp DESC LIMIT ?', [count]).map(leaseEvent).reverse();
  return rows.filter((row) => row.kind === 'renew').map((renewal) => {
    const prior = authority.get('SELECT stamp, kind, fence, holder, at, lease_until FROM lease_history WHERE stamp < ? ORDER BY stamp DESC LIMIT 1', [renewal.stamp]);
    return { renewal, prior: prior ? leaseEvent(prior) : undefined };
  });
}
