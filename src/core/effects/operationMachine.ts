/**
 * The refund operation's lifecycle (SPEC 9.2): the outcome of the OPERATION, not the
 * status of a run. The executor asks this machine before every status change; the labs
 * draw it.
 *
 *   PREPARED ──DISPATCH──▶ SUBMITTED ──CONFIRM──▶ CONFIRMED
 *                          SUBMITTED ──REJECT───▶ REJECTED
 *                          SUBMITTED ──TIMEOUT──▶ UNKNOWN   (indefinite: never "failed")
 *   UNKNOWN ──CONFIRM / REJECT──▶ (a late answer or a lookup decides)
 *   UNKNOWN ──NOT_FOUND──▶ PREPARED   (the provider says it never applied: safe to send)
 *   UNKNOWN ──RESUBMIT──▶ SUBMITTED   (same key, to a provider that dedupes)
 */
import { setup } from 'xstate';

export const OperationState = {
  PREPARED: 'PREPARED', SUBMITTED: 'SUBMITTED', UNKNOWN: 'UNKNOWN', CONFIRMED: 'CONFIRMED', REJECTED: 'REJECTED',
} as const;
export type OperationState = (typeof OperationState)[keyof typeof OperationState];

export type OperationEvent = 'DISPATCH' | 'CONFIRM' | 'REJECT' | 'TIMEOUT' | 'NOT_FOUND' | 'RESUBMIT';

export const operationMachine = setup({
  types: { events: {} as { type: OperationEvent } },
}).createMachine({
  id: 'operation',
  initial: OperationState.PREPARED,
  states: {
    PREPARED: { on: { DISPATCH: 'SUBMITTED' } },
    SUBMITTED: { on: { CONFIRM: 'CONFIRMED', REJECT: 'REJECTED', TIMEOUT: 'UNKNOWN' } },
    UNKNOWN: { on: { CONFIRM: 'CONFIRMED', REJECT: 'REJECTED', NOT_FOUND: 'PREPARED', RESUBMIT: 'SUBMITTED' } },
    CONFIRMED: {},
    REJECTED: {},
  },
});
