/** English notes of the bounded-outage lab (L13). */
export const outage = {
  'outage.setup': 'agent-1 runs {{item}} under {{lease}} (session 1). Offline it allows itself {{grace}} ticks of grace; the mission budget is {{budget, cents}}.',
  'outage.offline': 'agent-1 is offline from t={{at}}; its grace period ends at t={{until}}.',
  'outage.online': 'agent-1 is back. A new connection life is a new session: it must reconcile before it submits anything.',
  'outage.refused': 'agent-1 refuses to {{what}}: {{reason}}.',
  'outage.work': 'agent-1 computes another reversible step of {{item}}.',
  'outage.work_offline': 'agent-1 computes another reversible step of {{item}} offline ({{grace}} tick(s) of grace left).',
  'outage.new_work_ungranted': 'agent-1 starts new work it was never granted.',
  'outage.no_other_work': 'There is no other queued work to start.',
  'outage.irreversible': 'agent-1 does "{{what}}" under {{lease}}.',
  'outage.irreversible_offline': 'agent-1 does "{{what}}" while offline — it cannot know whether its lease still stands.',
  'outage.buffered': 'Offline: {{kind}} {{action}} is buffered with its bindings (session {{session}}, {{lease}}).',
  'outage.reconcile': 'Reconciliation: {{count}} buffered command(s) rebased onto {{lease}} (session {{session}}), re-signed under new Action IDs and sent as one command, {{action}}: the progress and its charge land together or not at all.',
  'outage.rebased_one_by_one': '{{count}} buffered command(s) rebased onto {{lease}} (session {{session}}) and sent one at a time.',
  'outage.abandoned': 'Reconciliation: {{reason}}. {{count}} buffered command(s) are kept as a record and not sent.',
  'outage.authority_answer': 'Authority: {{kind}} {{action}} → {{code}} {{detail}}',
  'outage.new_session': 'New session {{epoch}}: the old lease was revoked ({{revoked}} back to queued). agent-1 claims {{item}} again.',
} as const;
