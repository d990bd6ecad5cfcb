/**
 * The payment provider's log of refund requests as they ARRIVE (L06's LangGraph half): one
 * row per request, whatever the provider then did with it — booked it, replayed an earlier
 * answer from its key record, or refused it. Beside the ledger it shows what the business
 * key did: two requests for one intent and one ledger row means the provider deduped a
 * repeated send. It lives in the provider's own database (the inspector shows it there).
 */
import type { Store } from '../db/store';
import type { Clock } from '../time';

export const REQUEST_LOG_SCHEMA = `
-- Every refund request that reached the provider, in arrival order (booked, replayed or refused).
CREATE TABLE request_log (
  seq          INTEGER PRIMARY KEY,
  sender       TEXT NOT NULL,
  operation_id TEXT NOT NULL,
  idem_key     TEXT,
  at           INTEGER NOT NULL
);
`;

export function logRefundRequest(provider: Store, clock: Clock, request: { sender: string; operationId: string; idemKey: string | null }): void {
  provider.tx('provider.request_received', () => {
    const n = Number(provider.get('SELECT count(*) AS n FROM request_log')!.n);
    provider.run('INSERT INTO request_log (seq, sender, operation_id, idem_key, at) VALUES (?, ?, ?, ?, ?)',
      [n + 1, request.sender, request.operationId, request.idemKey, clock.now]);
  });
}

/** How many refund requests reached the provider. */
export function refundRequestCount(provider: Store): number {
  return Number(provider.get('SELECT count(*) AS n FROM request_log')!.n);
}
