/**
 * English violation lines, namespace `violations`: what an invariant found broken, one line
 * each, shown under the invariant in the panel, in the Search panel's counterexample and in
 * checkers' feedback. Keys are `violations.<model>.<what>`; the invariants build them with
 * `msg()` (src/sim/models/<x>/invariants.ts and the core oracles they call). Graders, cards
 * and the CLI render these English templates, so each must read exactly as the line did
 * when it was a string (violations.test.ts renders one of each).
 */
export const violations = {
  'violations.fencing.write_before_lease': 'write #{{seq}} by {{writer}} (fence {{fence}}, t={{at}}) was accepted before any lease existed',
  'violations.fencing.write_stale_fence': 'write #{{seq}} by {{writer}} (fence {{fence}}, t={{at}}) was accepted while the current fence was {{current}}',
  'violations.fencing.write_after_expiry': 'write #{{seq}} by {{writer}} (fence {{fence}}, t={{at}}) was accepted after the lease ended at t={{until}}',
  'violations.fencing.unfenced_write_before_lease': 'write #{{seq}} by {{writer}} (fence none, t={{at}}) was accepted before any lease existed',
  'violations.fencing.unfenced_write_stale_fence': 'write #{{seq}} by {{writer}} (fence none, t={{at}}) was accepted while the current fence was {{current}}',
  'violations.fencing.unfenced_write_after_expiry': 'write #{{seq}} by {{writer}} (fence none, t={{at}}) was accepted after the lease ended at t={{until}}',
  'violations.fencing.fence_went_back': 'grant of fence {{fence}} came after fence {{before}}',
  'violations.authority.history_gap': "{{group}}'s history is missing sequence(s) {{missing}} of 1–{{counter}}",
  'violations.authority.history_outside': '{{group}} has events at {{seqs}}, outside 1–{{counter}}',
  'violations.authority.receipts': '{{event}}: {{receipts}} receipts, {{outbox}} outbox rows',
  'violations.authority.orphan_receipt': 'receipt {{receipt}} has no event',
  'violations.authority.state_differs': 'state tables differ from the fold of the events',
  'violations.authority.epoch_went_back': '{{item}} claimed at epoch {{epoch}} after epoch {{before}}',
  'violations.projection.cursor_past_gap': '{{group}}: the cursor is at {{cursor}} but event(s) {{missing}} were never applied',
  'violations.projection.ack_went_down': "{{group}}: the worker's ACK went down from {{from}} to {{to}}",
  'violations.projection.ack_ahead': '{{group}}: the authority holds an ACK for {{acked}}, but the worker has durably applied only {{durable}}',
  'violations.projection.applied_twice': '{{event}} was applied {{times}} times',
  'violations.projection.differs_from_rebuild': '{{group}}: the projection at cursor {{cursor}} differs from a rebuild of events 1–{{cursor}}',
  'violations.projection.tombstoned_stored': '{{event}}.{{field}} is tombstoned but still stored and served',
  'violations.projection.tombstoned_archived': 'the archive of {{group}} still carries {{event}}.{{field}}',
  'violations.refund.refunded_times': '{{operation}} was refunded {{count}} times ({{refunds}})',
  'violations.refund.wrong_refund': '{{operation}} claims {{refund}}, which is not its refund',
  'violations.refund.wrong_amount': '{{refund}} refunded {{amount, cents}} for {{operation}}, approved for {{approved, cents}}',
  'violations.refund.confirmed_without_refund': '{{operation}} is CONFIRMED but the ledger has no refund for it',
  'violations.refund.rejected_with_refund': '{{operation}} is REJECTED but the ledger shows a refund',
  'violations.refund.negative_balance': '{{order}} balance is {{balance, cents}}',
  'violations.compensation.compensated_still_booked': 'the trip says COMPENSATED, but flight {{flight}} is still {{status}}',
  'violations.compensation.confirmed_without_bookings': 'the trip says CONFIRMED without both bookings',
  'violations.compensation.failure_dropped': 'a cancellation failed and the trip is {{state}}',
  'violations.compensation.no_step_recorded': 'the trip is {{state}}, but no compensation step is recorded (who may cancel, who did, what came back)',
  'violations.compensation.no_authority': 'compensation step {{step}} ({{action}}) records no authority',
  'violations.compensation.not_allowed': 'compensation step {{step}} ({{action}}) was taken by {{by}}, who may not ({{may}} may)',
  'violations.compensation.no_result': 'compensation step {{step}} ({{action}}) records no result',
  'violations.outage.irreversible_offline': '{{agent}} did "{{what}}" offline at t={{at}}',
  'violations.outage.emailed_offline': '{{agent}} did "email the customer" offline at t={{at}}',
  'violations.outage.past_grace': 'step {{step}} ran offline at t={{at}}, after the grace period',
  'violations.outage.partial_reconciliation': 'the reconciliation of {{session}} landed in part: {{results}}',
  'violations.workflow.refunded_times': '{{operation}} was refunded {{count}} times',
  'violations.workflow.asked_again': 'the customer was asked again {{count}} time(s) for an approval already given',
  'violations.engine.threw': '{{error}}',
  'violations.recovery.stuck': "the system's own recovery made {{moves}} move(s) and then had nothing left to do",
  'violations.recovery.bound': 'after {{moves}} recovery move(s) the World is still not settled',
  'violations.recovery.broken': 'recovery broke an invariant after {{moves}} move(s)',
} as const;
