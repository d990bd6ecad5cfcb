/**
 * The refund labs' starting state, in the exact shape of the SPEC 9.1 card vectors:
 * `{"approved":false,"expired":false,"ledger_count":0,"committed":false,"status":"PENDING","amount_cents":10000}`,
 * plus optional knobs: the order's refundable balance, the approval's lifetime and the
 * worker's timeout, in ticks.
 */
import { z } from 'zod';
import { zodProblem } from '../../zodProblem';

export const refundInitialSchema = z.object({
  approved: z.boolean(),
  expired: z.boolean(),
  ledger_count: z.literal(0),
  committed: z.literal(false),
  status: z.literal('PENDING'),
  amount_cents: z.number().int().min(1),
  balance_cents: z.number().int().min(0).optional(),
  approval_ttl: z.number().int().min(1).optional(),
  timeout_ticks: z.number().int().min(1).optional(),
}).strict();

export type RefundInitial = z.infer<typeof refundInitialSchema>;

export function validateRefundInitial(raw: unknown): string | null {
  return zodProblem(refundInitialSchema, raw);
}

export { ORDER_ID, CALLER } from '../../../core/effects/shop';
export const TENANT = 'acme';
export const MISSION = 'refund-ord-1';

/** Defaults for the optional knobs. */
export function knobs(initial: RefundInitial): { balance: number; ttl: number; timeout: number } {
  return { balance: initial.balance_cents ?? initial.amount_cents * 3, ttl: initial.approval_ttl ?? 20, timeout: initial.timeout_ticks ?? 3 };
}
