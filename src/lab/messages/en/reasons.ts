/**
 * Why a node refused, as words of their own (namespace `reasons`): a rejection or refusal
 * carries one of these descriptors beside its English `message`, and the note that reports it
 * nests it (`{{message}}`, `{{reason}}`). The English reads exactly as the `message` string the
 * core returns (narration.test.ts compares them).
 */
export const reasons = {
  'reasons.shop.approval_required': "no approval to refund order {{order}}",
  'reasons.shop.approval_expired': "approval {{approval}} ended at t={{at}}",
  'reasons.shop.order_changed': "order {{order}} is at version {{version}}; approval {{approval}} was for version {{approved}}",
  'reasons.shop.insufficient_balance': "order {{order}} has less than {{amount}} left to refund",
  'reasons.shop.parameter_conflict': "{{operation}} was issued for {{amount, cents}} by {{caller}}; these parameters differ",
  'reasons.authority.bad_signature': "signature does not verify with {{actor}}'s key",
  'reasons.authority.action_id_collision': "{{action}} was first used for content {{digest}}",
  'reasons.authority.already_exists': "{{type}} {{id}} already exists",
  'reasons.authority.revision_not_yet': "expected revision {{expected}}, but {{id}} does not exist yet (0)",
  'reasons.authority.not_found': "no {{type}} {{id}}",
  'reasons.authority.cas_required': "{{kind}} is compare-and-set: send the expected revision of {{id}}",
  'reasons.authority.revision_mismatch': "expected revision {{expected}} of {{id}}, but it is at {{current}}",
  'reasons.authority.not_allowed': "{{id}} is {{status}}: {{event}} is not allowed",
  'reasons.authority.not_owner': "{{id}} is owned by {{owner}} (epoch {{epoch}})",
  'reasons.authority.lease_mismatch': "current lease is {{current}}, not {{lease}}",
  'reasons.authority.lease_expired': "lease {{lease}} ended at t={{at}}",
  'reasons.authority.backing_off': '{{id}} is backing off until t={{at}}',
  'reasons.outage.grace_over': "the grace period is over (MWP-WRK-020)",
  'reasons.outage.no_lease_offline': "no current lease or token while offline (MWP-WRK-020)",
  'reasons.outage.external_needs_lease': "an externally visible action needs a current lease and token (MWP-WRK-020)",
  'reasons.outage.not_reclaimed': "the work could not be reclaimed ({{code}})",
} as const;
