/** English narration of the authority labs (L09, L12), namespace `authority`. */
export const authority = {
  'authority.setup': 'lead founded {{group}} and set it up with {{count}} signed commands (events 1–{{count}}).',
  'authority.signs': '{{actor}} signs {{action_id}} ({{kind}}); content digest {{digest}}.',
  'authority.forged': "The signature is made with {{other}}'s key, not {{actor}}'s.",
  'authority.race': 'Both read {{work_item}} at revision {{revision}} and claim it. The authority serialises them.',
  'authority.tool_performed': "The tool performs {{work_item}}'s attempt under {{key}}.",
  'authority.tool_already_performed': 'The tool has already performed {{key}}: it returns the first result and does nothing again (MWP-WRK-018).',
  'authority.swept_missed_start': '{{work_item}}: {{owner}} (epoch {{epoch}}) did not start again by its deadline; the work goes back to the queue for a new owner at a higher epoch.',
  'authority.swept_missed_renewal': '{{work_item}}: {{owner}} (epoch {{epoch}}) did not renew its lease in time; the work goes back to the queue for a new owner at a higher epoch.',
  'authority.kept_as_evidence': "{{actor}} no longer holds {{work_item}}'s lease: its {{kind}} is kept as Evidence, not as the authoritative result (MWP-WRK-019).",
  'authority.accepted': 'ACCEPTED {{who}}: event {{event}} (seq {{seq}}, {{aggregate}} rev {{revision}}), receipt {{receipt}}.',
  'authority.duplicate': 'DUPLICATE {{who}}: digest {{digest}} matches receipt {{receipt}}; the original receipt comes back and nothing is appended (MWP-EVT-003).',
  'authority.collision': 'ACTION_ID_COLLISION {{who}}: digest {{digest}} differs — {{message}} (MWP-EVT-003).',
  'authority.rejected': '{{code}} {{who}}: {{message}}. Nothing was written.',
} as const;
