/**
 * The refund operation's lifecycle (SPEC 9.2): the outcome of the OPERATION, not the
 * status of a run. Every status change of an operation asks this machine first (the
 * executor, the local one-transaction refund, the operator); the labs draw it.
 *
 *   PREPARED ──DISPATCH──▶ SUBMITTED ──CONFIRM──▶ CONFIRMED
 *   PREPARED ──COMMIT_LOCAL──▶ CONFIRMED  (refund, ledger row and result in ONE local
 *                                         transaction: there is no window to be unsure in)
 *                          SUBMITTED ──REJECT───▶ REJECTED
 *                          SUBMITTED ──TIMEOUT──▶ UNKNOWN   (indefinite: never "failed")
 *   UNKNOWN ──CONFIRM / REJECT──▶ (a late answer or a lookup decides)
 *   UNKNOWN ──RESUBMIT──▶ SUBMITTED   (the same key, to a provider that dedupes it: any
 *                                     earlier copy that still lands is answered, not applied)
 *   UNKNOWN ──NOT_FOUND_SETTLED──▶ PREPARED
 *
 * NOT_FOUND_SETTLED is not "the lookup said NOT_FOUND". A lookup only reports what the
 * provider has applied so far; a request still in the network can land after it. The
 * absence is settled only when no earlier request can still be applied — every request
 * sent for the operation is past the deadline the provider enforces — and only then is
 * the operation back to "prepared, never applied, safe to send". A NOT_FOUND before that
 * moves nothing (seed 002 §1–§3: without keys the executor waits or a person reconciles).
 */
import { setup } from 'xstate';

export const OperationState = {
  PREPARED: 'PREPARED', SUBMITTED: 'SUBMITTED', UNKNOWN: 'UNKNOWN', CONFIRMED: 'CONFIRMED', REJECTED: 'REJECTED',
} as const;
export type OperationState = (typeof OperationState)[keyof typeof OperationState];

export type OperationEvent = 'DISPATCH' | 'COMMIT_LOCAL' | 'CONFIRM' | 'REJECT' | 'TIMEOUT' | 'NOT_FOUND_SETTLED' | 'RESUBMIT';

export const operationMachine = setup({
  types: { events: {} as { type: OperationEvent } },
}).createMachine({
  id: 'operation',
  initial: OperationState.PREPARED,
  states: {
    PREPARED: { on: { DISPATCH: 'SUBMITTED', COMMIT_LOCAL: 'CONFIRMED' } },
    SUBMITTED: { on: { CONFIRM: 'CONFIRMED', REJECT: 'REJECTED', TIMEOUT: 'UNKNOWN' } },
    UNKNOWN: { on: { CONFIRM: 'CONFIRMED', REJECT: 'REJECTED', NOT_FOUND_SETTLED: 'PREPARED', RESUBMIT: 'SUBMITTED' } },
    CONFIRMED: {},
    REJECTED: {},
  },
});
