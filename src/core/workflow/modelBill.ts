/**
 * The model vendor's bill: every call the vendor answered costs money, whether or not the
 * worker managed to record the answer. It lives in the vendor's own database, so a worker
 * crash cannot undo it (seed 002 §5: recovery may call the model again — more cost, maybe
 * a different answer).
 */
import type { Store } from '../db/store';
import type { Clock } from '../time';

export const VENDOR_SCHEMA = `
-- One row per model call the vendor answered (and billed).
CREATE TABLE model_call (
  n INTEGER PRIMARY KEY,
  caller TEXT NOT NULL,
  answer TEXT NOT NULL,
  cost_cents INTEGER NOT NULL,
  at INTEGER NOT NULL
);
`;

/** What one call of the model double costs, in cents. */
export const COST_PER_CALL_CENTS = 2;

export function billModelCall(vendor: Store, clock: Clock, caller: string, answer: string): void {
  vendor.tx('vendor.bill_call', () => {
    vendor.run('INSERT INTO model_call (n, caller, answer, cost_cents, at) VALUES (?, ?, ?, ?, ?)',
      [modelCallCount(vendor) + 1, caller, answer, COST_PER_CALL_CENTS, clock.now]);
  });
}

export function modelCallCount(vendor: Store): number {
  return Number(vendor.get('SELECT count(*) AS n FROM model_call')!.n);
}

export function modelCalls(vendor: Store): { n: number; answer: string; costCents: number }[] {
  return vendor.all('SELECT n, answer, cost_cents FROM model_call ORDER BY n')
    .map((r) => ({ n: Number(r.n), answer: String(r.answer), costCents: Number(r.cost_cents) }));
}
