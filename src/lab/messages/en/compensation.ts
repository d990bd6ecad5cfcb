/** English narration of the compensation model (lab L08). */
export const compensation = {
  'compensation.setup': 'A flight costs {{fare, cents}}; cancelling it costs {{fee, cents}} and is possible for {{window}} ticks after booking.',
  'compensation.flight_booked': 'Flight {{flight}} booked and paid; it can be cancelled until t={{until}}.',
  'compensation.hotel_booked': 'Hotel {{reservation}} reserved: the trip is confirmed.',
  'compensation.hotel_failed': 'The hotel says {{reason}}. The flight is still booked and paid for — the world did not roll back.',
  'compensation.no_negative_refund': 'Refused: there is no negative-refund tool. Getting money back is a separate, authorised business process, not an undo.',
  'compensation.closed_by_hand': 'A person at {{desk}} takes the case and closes it with the airline by hand; the record names them.',
  'compensation.pretend': 'The agent marks the flight as undone without asking the airline — as if compensation were time travel. Nothing records who decided it.',
  'compensation.cancelled': 'Cancellation {{cancellation}} succeeds: the fee is {{fee, cents}}, {{refunded, cents}} of the fare comes back. Recorded: {{agent}} cancelled it on the traveller\'s consent.',
  'compensation.cancel_failed': 'Cancellation {{cancellation}} fails: {{reason}}. The case goes to a person (MANUAL).',
  'compensation.consent_withdrawn': 'The traveller takes back the consent that let {{agent}} cancel the flight. The grant stays on record, marked withdrawn.',
  'compensation.no_authority': '{{agent}} holds no live grant to cancel the flight, so it does not: the refusal is recorded and the case goes to the operations desk (MANUAL).',
  'compensation.cancel_retry': 'Cancellation {{cancellation}} fails: {{reason}}. The agent puts the trip back to try again later; no person is told.',
} as const;
