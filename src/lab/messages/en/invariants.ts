/**
 * English invariant statements, namespace `invariants`, keyed by invariant ID (the ID itself
 * is code and never translated). The text is the model's own `Invariant.statement`:
 * src/lab/i18n/modelStrings.test.ts fails when a model's statement changes and this copy was
 * not updated, or when a model gains an invariant this catalog lacks.
 */
export const invariants = {
  // authority (also checked by the outage and projection models)
  'invariants.AUTH-1': "Each group's history runs 1, 2, 3 … up to its sequence counter: no event removed or renumbered.",
  'invariants.AUTH-2': 'Every event has exactly one receipt and one outbox row.',
  'invariants.AUTH-3': 'The state tables equal the state folded from the events.',
  'invariants.AUTH-4': "A work item's ownership epoch only grows.",
  'invariants.RCPT-1': "A DUPLICATE answer hands back the receipt of the same content: changed content under a used Action ID is a collision, never the old receipt.",
  'invariants.CAS-1': "Every accepted command found its aggregate at the revision it expected; a compare-and-set command never lands without one.",
  'invariants.BUDGET-1': "Each mission's spent budget is the sum of the charges of the progress it accepted, and never more than its limit.",
  'invariants.BLOCK-1': "Blocked work holds no owner and no lease while it waits: its slot is free.",
  'invariants.TOOL-1': "An agent calls the external tool only while it holds the work item's current, unexpired lease.",
  'invariants.TOOL-2': 'One attempt — a work item at one ownership epoch — has its external effect performed at most once, however often it is retried or resumed.',
  // compensation
  'invariants.COMP-1': "The trip's state is what the airline and the hotel actually hold.",
  'invariants.COMP-2': 'A compensation that failed, or that the agent had no authority to take, is handed to a person, never dropped.',
  'invariants.COMP-3': 'Every compensation step that acted was taken on a grant that allowed that actor that step and was live at the time; every step records its result.',
  // fencing
  'invariants.FENCE-1': 'No write is accepted under a stale fence or an expired lease.',
  'invariants.FENCE-2': 'Every grant carries a higher fence than the one before.',
  'invariants.FENCE-3': 'A renewal extends only the requester\'s own live lease: the holder and fence it names are those of the lease in force, before that lease ran out.',
  // outage
  'invariants.OUT-1': "No irreversible or externally visible action without a current lease: none offline, none after a reconnect before the buffered work is reconciled.",
  'invariants.OUT-2': 'Offline work stays within the grace period.',
  'invariants.OUT-3': 'A reconciliation lands whole or not at all: no buffered report is accepted while another of the same reconciliation is rejected.',
  'invariants.OUT-4': "Reconcile before submitting: no report or submission goes out offline, without a lease, or after a reconnect before the buffered work is reconciled.",
  'invariants.OUT-5': "Every buffered command goes out rebased onto the current session and lease and re-signed under a new Action ID; its offline binding stays on record.",
  // projection
  'invariants.PROJ-1': 'The durable cursor never passes a gap.',
  'invariants.PROJ-2': 'ACKs never go down and never name more than the worker durably holds.',
  'invariants.PROJ-3': 'Every accepted event is applied at most once.',
  'invariants.PROJ-4': "Each group's projection equals a rebuild from that group's events up to its cursor.",
  'invariants.PROJ-5': 'A tombstoned field is served nowhere: not by the stored history, replay, snapshots or the archive, and not by a worker copy once the worker has heard of the tombstone.',
  'invariants.PROJ-6': "An archived group's history ends at its signed final snapshot: nothing is accepted after it.",
  'invariants.EFF-1': "Each intent's side effect is carried out at most once, whatever the worker loses.",
  // refund
  'invariants.REF-1': 'At most one refund per intent in the ledger.',
  'invariants.REF-2': 'A confirmed intent points at its one refund: a retry returns the same result.',
  'invariants.REF-3': 'Every refund carries the parameters its intent was approved with.',
  'invariants.REF-4': 'Nothing is reported CONFIRMED without a refund, or REJECTED with one: what cannot be decided stays UNKNOWN.',
  'invariants.REF-5': "An order's refundable balance never goes negative.",
  // workflow
  'invariants.LG-LEDGER-1': "At most one refund per intent: the provider's ledger holds at most one row per operation.",
  'invariants.LG-APPROVAL-1': 'An approval once given is never asked for again (the pause survives a crash).',
  'invariants.LG-FENCE-1': "Only the intent's owner moves it: every status change a worker makes in the shop is made by the worker the intent names, under the epoch the shop granted it.",
  // End conditions (what a settled World is: src/sim/explorer/recover.ts).
  'invariants.AUTH-E1': 'Every command a client sent has been answered: a receipt, or a refusal with its reason.',
  'invariants.AUTH-E2': 'No work item keeps a lease past its end, or waits for an owner past its start deadline: it is back in the queue for a higher epoch.',
  'invariants.AUTH-E3': "Every lease is bound to its holder's current session: a replaced session holds no running work.",
  'invariants.COMP-END-1': 'Every booking reaches an ending the airline agrees with: confirmed or closed by a person with the fare paid for a booked flight, or compensated with only the fee of a cancellation the airline made.',
  'invariants.FENCE-END-1': 'Every write a worker checked reaches the resource and comes back with its verdict: applied under the current fence, or refused.',
  'invariants.FENCE-END-2': 'No lease is held past its end: a holder that stalled or went quiet loses it at its time, so a new owner can take over under a higher fence.',
  'invariants.REF-END-1': 'Every intent ends decided — CONFIRMED or REJECTED — or handed to a person for manual reconciliation: none is left PREPARED, SUBMITTED or UNKNOWN.',
  'invariants.REF-END-2': 'No stalled worker still holds a send: a late request that can still go out is not settled.',
  'invariants.LG-END-1': 'Every approved refund ends decided: its intent CONFIRMED with exactly one refund in the ledger, REJECTED with none, or UNKNOWN and handed to manual reconciliation — or the shop refused to make the intent; and no run is left stalled inside a node.',
  'invariants.OUT-END-1': 'The outage is over and nothing is left half-way: agent-1 is back and done reconciling; each buffered command reconciled, refused with its whole reconciliation, or kept back with a reason; each command it sent answered; no lease on W1 at the authority that agent-1 does not hold.',
  'invariants.OUT-END-2': "The mission's spending equals the charges of the reports that agent-1 knows the authority accepted.",
  'invariants.END-FEED': "Every group the worker follows is applied up to the group's sequence with nothing left in the buffer, and the authority holds an ACK of exactly that cursor from the worker's current projection.",
  'invariants.END-EFFECT': 'Every intent the worker holds was carried out exactly once.',
  'invariants.END-REDACTION': 'No copy the worker keeps carries a field a tombstone removed, whether or not its notice arrived.',
} as const;
