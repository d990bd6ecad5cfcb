/**
 * Every outcome of `accept` is a value with a stable `code` (docs/architecture.md, outcomes are values): accepted,
 * duplicate, or one named rejection. Nothing is signalled by throwing.
 */
import { msg, type Message } from '../message';

export { msg };

export const RejectionCode = {
  BAD_SIGNATURE: 'BAD_SIGNATURE',
  UNKNOWN_ACTOR: 'UNKNOWN_ACTOR',
  INVALID_COMMAND: 'INVALID_COMMAND',
  ACTION_ID_COLLISION: 'ACTION_ID_COLLISION',
  NOT_A_MEMBER: 'NOT_A_MEMBER',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  ALREADY_EXISTS: 'ALREADY_EXISTS',
  CAS_REQUIRED: 'CAS_REQUIRED',
  REVISION_MISMATCH: 'REVISION_MISMATCH',
  INVALID_STATE: 'INVALID_STATE',
  NOT_OWNER: 'NOT_OWNER',
  LEASE_MISMATCH: 'LEASE_MISMATCH',
  LEASE_EXPIRED: 'LEASE_EXPIRED',
  BUDGET_EXCEEDED: 'BUDGET_EXCEEDED',
} as const;
export type RejectionCode = (typeof RejectionCode)[keyof typeof RejectionCode];

export interface Receipt {
  receiptId: string;
  actor: string;
  actionId: string;
  digest: string;
  eventId: string;
}

export interface EventRecord {
  eventId: string;
  group: string;
  seq: number;
  aggregateId: string;
  aggregateRevision: number;
  kind: string;
  payload: Record<string, unknown>;
  at: number;
}

export interface Rejection {
  code: RejectionCode;
  /** The protocol's English answer (the result frame, the client's replies table, graders). */
  message: string;
  /** The same words as a descriptor (namespace `reasons`): what the timeline renders per language. */
  reason?: Message;
}

export type AcceptResult =
  | { code: 'ACCEPTED'; digest: string; receipt: Receipt; event: EventRecord }
  | { code: 'DUPLICATE'; digest: string; receipt: Receipt }
  | (Rejection & { digest: string });

export const reject = (code: RejectionCode, message: string, reason?: Message): Rejection => (reason ? { code, message, reason } : { code, message });

export function isRejection(value: unknown): value is Rejection {
  return typeof value === 'object' && value !== null && 'code' in value && (value as Rejection).code in RejectionCode;
}
