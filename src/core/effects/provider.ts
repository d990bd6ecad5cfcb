/**
 * The payment-provider simulator: its own ledger (the ground truth of what was refunded)
 * and, when it supports them, idempotency records kept for a retention window. Lookup by
 * operation reference is a separate capability, and so are request deadlines: a provider
 * that refuses a request arriving after the deadline it carries bounds how long a request
 * can stay in flight, which is what lets a NOT_FOUND become conclusive. Nothing here knows
 * about the shop.
 */
import type { Store } from '../db/store';
import type { FaultPoints } from '../faults';
import type { Clock } from '../time';

export const ProviderFaultPoint = {
  beforeCommit: 'provider.before_commit',
  afterCommit: 'provider.after_commit',
} as const;

export interface ProviderCapabilities {
  idempotency: boolean;
  lookup: boolean;
  /** Ticks an idempotency record is kept; null keeps it forever. */
  retention: number | null;
  /** Whether the provider approves refunds (false: it declines every one). */
  approves: boolean;
  /** Whether it refuses, unapplied, a request that arrives at or after its deadline. */
  deadline: boolean;
}

export interface RefundRequest {
  idemKey: string | null;
  reference: string;
  amountCents: number;
  paramDigest: string;
  /** The clock time from which the request may no longer be applied (the sender's deadline). */
  expiresAt: number;
}

export type RefundAnswer =
  | { status: 'OK'; refundId: string; replayed: boolean }
  | { status: 'DECLINED' }
  | { status: 'EXPIRED' }
  | { status: 'CONFLICT'; message: string };

/** `asOf`: the provider's clock when it looked, so the caller can tell what could still land after. */
export type LookupAnswer = { status: 'FOUND'; refundId: string } | { status: 'NOT_FOUND'; asOf: number } | { status: 'UNSUPPORTED' };

/** One refund request, one provider transaction (with its own crash points). */
export function providerRefund(store: Store, clock: Clock, faults: FaultPoints, caps: ProviderCapabilities, request: RefundRequest): RefundAnswer {
  if (caps.deadline && clock.now >= request.expiresAt) return { status: 'EXPIRED' };
  const answer = store.tx('provider_refund', (): RefundAnswer => {
    const key = caps.idempotency ? request.idemKey : null;
    if (key) {
      const seen = store.get('SELECT param_digest, refund_id FROM dedupe WHERE idem_key = ?', [key]);
      if (seen) {
        return seen.param_digest === request.paramDigest
          ? { status: 'OK', refundId: String(seen.refund_id), replayed: true }
          : { status: 'CONFLICT', message: `key ${key} was first used with other parameters` };
      }
    }
    if (!caps.approves) return { status: 'DECLINED' };
    const refundId = `rf-${Number(store.get('SELECT count(*) AS n FROM ledger')!.n) + 1}`;
    store.run('INSERT INTO ledger (refund_id, idem_key, reference, amount_cents, at) VALUES (?, ?, ?, ?, ?)',
      [refundId, key, request.reference, request.amountCents, clock.now]);
    if (key) {
      store.run('INSERT INTO dedupe (idem_key, param_digest, refund_id, recorded_at) VALUES (?, ?, ?, ?)', [key, request.paramDigest, refundId, clock.now]);
    }
    faults.reach(ProviderFaultPoint.beforeCommit);
    return { status: 'OK', refundId, replayed: false };
  });
  faults.reach(ProviderFaultPoint.afterCommit);
  return answer;
}

/** Lookup by the caller's operation reference, if the provider offers it. */
export function providerLookup(store: Store, clock: Clock, caps: ProviderCapabilities, reference: string): LookupAnswer {
  if (!caps.lookup) return { status: 'UNSUPPORTED' };
  const row = findRefund(store, reference);
  return row ? { status: 'FOUND', refundId: row } : { status: 'NOT_FOUND', asOf: clock.now };
}

/** The provider's first refund for a caller's reference, as its statement shows it (also what an operator reads). */
export function findRefund(store: Store, reference: string): string | null {
  const row = store.get('SELECT refund_id FROM ledger WHERE reference = ? ORDER BY at LIMIT 1', [reference]);
  return row ? String(row.refund_id) : null;
}

/** Forgets idempotency records older than the retention window. */
export function purgeDedupe(store: Store, clock: Clock, caps: ProviderCapabilities): number {
  if (caps.retention === null) return 0;
  const horizon = clock.now - caps.retention;
  if (!store.get('SELECT 1 FROM dedupe WHERE recorded_at <= ?', [horizon])) return 0;
  return store.tx('purge_dedupe', () => store.run('DELETE FROM dedupe WHERE recorded_at <= ?', [horizon]));
}
