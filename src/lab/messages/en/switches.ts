/**
 * English switch titles and option labels, namespace `switches`: `switches.<key>` is the
 * switch's title, `switches.<key>.<value>` an option's label (keys and values are code and
 * never translated). Labels stay NEUTRAL in every language (they are shown in exercises; see
 * `SwitchOption` in src/sim/model.ts). The text is the model's own: a test
 * (src/lab/i18n/modelStrings.test.ts) fails when a model's label changes and this copy was
 * not, or when a model gains a switch or an option this catalog lacks.
 */
export const switches = {
  // every World (src/sim/switches.ts)
  'switches.network': 'Network',
  'switches.network.auto': 'delivers at once',
  'switches.network.manual': 'holds frames for me',
  // authority
  'switches.lease_sweep': 'Missed renewals',
  'switches.lease_sweep.off': 'stay until someone reassigns',
  'switches.lease_sweep.on': 'are swept back to the queue',
  // compensation
  'switches.hotel': 'Hotel',
  'switches.hotel.full': 'has no rooms',
  'switches.hotel.available': 'has rooms',
  'switches.airline_cancel': 'Airline cancellation',
  'switches.airline_cancel.works': 'works',
  'switches.airline_cancel.fails': 'fails',
  'switches.compensation': 'When the hotel fails, the agent',
  'switches.compensation.new_action': 'cancels the flight with the airline and records it',
  'switches.compensation.pretend_rollback': 'marks the flight as never booked',
  // fencing
  'switches.resource': 'The resource',
  'switches.resource.fenced': 'compares the fence in the same conditional write',
  'switches.resource.external': 'an external system that takes writes as they come',
  // outage
  'switches.offline_policy': 'While offline the agent',
  'switches.offline_policy.bounded': 'keeps to its lease, token and grace period',
  'switches.offline_policy.optimistic': 'carries on as if online',
  'switches.reconcile': 'On reconnect the buffer is sent',
  'switches.reconcile.one_transaction': 'as one reconciliation with its charge',
  'switches.reconcile.one_by_one': 'one command at a time',
  // projection
  'switches.apply': 'Apply cycle',
  'switches.apply.correct': 'the seven steps in one transaction',
  'switches.apply.no_dedupe': 'without the inbox check',
  'switches.apply.cursor_on_receipt': 'cursor moves when an event arrives',
  'switches.apply.ack_before_commit': 'ACK sent inside the transaction',
  'switches.window': 'Replay window',
  'switches.window.all': 'all events',
  'switches.window.3': 'last 3 events',
  'switches.redaction': 'A tombstone',
  'switches.redaction.tombstone': 'removes the field from the stored history',
  'switches.redaction.flag_only': 'adds a row and leaves the event as it was',
  'switches.redaction.delete_event': 'deletes the event',
  // refund
  'switches.idempotency': 'Provider honours idempotency keys',
  'switches.idempotency.on': 'yes',
  'switches.idempotency.off': 'no',
  'switches.lookup': 'Provider supports lookup by operation',
  'switches.lookup.on': 'yes',
  'switches.lookup.off': 'no',
  'switches.deadline': 'Provider refuses requests past their deadline',
  'switches.deadline.on': 'yes',
  'switches.deadline.off': 'no',
  'switches.retention': 'Provider keeps dedupe records',
  'switches.retention.forever': 'forever',
  'switches.retention.5': '5 ticks',
  'switches.latency': 'Provider latency',
  'switches.latency.0': 'none',
  'switches.latency.5': '5 ticks',
  'switches.provider_decision': 'Provider',
  'switches.provider_decision.approve': 'approves refunds',
  'switches.provider_decision.decline': 'declines refunds',
  'switches.retry_policy': 'Retry policy',
  'switches.retry_policy.reconcile_first': 'look it up before any resend',
  'switches.retry_policy.blind_resend': 'resend at once',
  'switches.retry_policy.new_key_each_attempt': 'resend with a fresh key per attempt',
  'switches.key_scheme': 'Idempotency key',
  'switches.key_scheme.operation_id': 'operation_id (the intent)',
  'switches.key_scheme.tool_key': 'tool key with the owner epoch (MWP-WRK-031)',
  'switches.fence': 'Before sending, the worker',
  'switches.fence.on': "checks its epoch in the shop's record",
  'switches.fence.off': 'sends because it owned the operation once',
  'switches.takeover': 'A new owner',
  'switches.takeover.reconcile_old_epoch': "reconciles the old epoch's send first",
  'switches.takeover.start_fresh': 'sends again under its own key',
  'switches.refund_mode': 'Refund design',
  'switches.refund_mode.provider': 'remote payment provider',
  'switches.refund_mode.local_transaction': 'one local transaction (SPEC 9.4)',
  'switches.refund_mode.kv_flag_first': 'flag in KV, then refund',
  'switches.refund_mode.kv_flag_after': 'refund, then flag in KV',
  // workflow
  'switches.recovery': 'What survives a crash of worker A',
  'switches.recovery.messages_only': 'only the chat messages (no checkpoints, no key)',
  'switches.recovery.current_node': "LangGraph checkpoints in A's database, no idempotency key",
  'switches.recovery.key_only': 'the intent key; checkpoints only in process memory',
  'switches.recovery.all_three': 'durable checkpoints + the intent key + approval as a durable pause',
  // matrix (L06): which executor runs the refund
  'switches.executor': 'Executor',
  'switches.executor.handwritten': 'hand-written executor',
  'switches.executor.langgraph': 'LangGraph.js graph',
} as const;
