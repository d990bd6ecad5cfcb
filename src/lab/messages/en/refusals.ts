/**
 * English refusals, namespace `refusals`: every World's (src/sim/world.ts
 * `worldPrecondition`), the models' node-status ones, and each model's own precondition
 * refusals (`refusals.<model>.<what>`). The World and the models return them as messages;
 * graders, cards and the CLI render these templates, so each reads exactly as the string
 * it replaced (refusals.test.ts drives a World to each). L06's executor-only templates are
 * still given as text and read back by src/lab/i18n/refusals.ts.
 */
export const refusals = {
  'refusals.no_frame_deliverable': 'No frame can be delivered now.',
  'refusals.no_such_frame': 'No frame #{{frame}} in flight.',
  'refusals.frame_waits_paused': '{{node}} is paused; frame #{{frame}} has to wait.',
  'refusals.frame_on_its_way': 'Frame #{{frame}} is still on its way (arrives at t={{at}}).',
  'refusals.no_frame_in_flight': 'No frame is in flight.',
  'refusals.crash_already_armed': 'A crash is already armed at {{point}}.',
  'refusals.no_node': "No node '{{node}}'.",
  'refusals.not_crashed': '{{node}} is not crashed.',
  'refusals.cannot_cut': 'Cannot cut {{nodes}}.',
  'refusals.no_link_cut': 'No link is cut.',
  'refusals.node_not_paused': '{{node}} is not paused.',
  'refusals.node_not_stalled': '{{node}} is not stalled.',
  'refusals.node_is_crashed': '{{node}} is crashed.',
  'refusals.node_is_paused': '{{node}} is paused.',
  'refusals.handwritten_only': 'Only the hand-written executor has {{action}}: switch the Executor to run it.',
  'refusals.langgraph_only': 'Only the LangGraph executor has {{action}}: switch the Executor to run it.',
  // The models' own refusals (precondition), namespaced by model.
  'refusals.refund.no_approval': 'There is no approval yet.',
  'refusals.refund.no_operation': 'There is no operation yet.',
  'refusals.refund.nothing_to_reconcile': 'Nothing is waiting for manual reconciliation.',
  'refusals.refund.nothing_to_retry': 'There is no operation to retry yet; submit first.',
  'refusals.refund.still_in_flight': '{{operation}} is still in flight; wait for an answer or the timeout.',
  'refusals.refund.nothing_to_take_over': 'There is no operation to take over.',
  'refusals.refund.already_owns': '{{node}} already owns {{operation}}.',
  'refusals.projection.already_disconnected': 'The worker is already disconnected.',
  'refusals.projection.worker_crashed': 'The worker is crashed; restart it first.',
  'refusals.projection.no_group': 'There is no group {{group}}.',
  'refusals.projection.no_running_item': 'No work item is running in that group: emit until one is claimed.',
  'refusals.projection.group_archived': '{{group}} is archived: its final snapshot closed its history, so it accepts nothing more.',
  'refusals.outage.already_offline': '{{agent}} is already offline.',
  'refusals.outage.online': '{{agent}} is online.',
  'refusals.authority.not_owner': '{{actor}} does not own {{item}}: it has no attempt to make.',
  'refusals.authority.nothing_accepted': 'No command has been accepted yet.',
  'refusals.authority.nothing_sent': 'Nothing has been sent yet.',
  'refusals.compensation.not_now': 'Not now: the trip is {{state}}.',
  'refusals.workflow.worker_down': 'Worker A is down.',
  'refusals.workflow.already_asked': 'The customer has already asked.',
  'refusals.workflow.no_one_waiting': 'Nobody is waiting for an approval.',
  'refusals.workflow.no_approval_given': 'No approval has been given yet.',
  'refusals.workflow.no_open_approval': 'No approval is open.',
  'refusals.workflow.no_intent': 'There is no intent to re-submit.',
  'refusals.workflow.worker_not_running': 'Worker A is not running.',
  'refusals.workflow.nobody_stalled': 'Nobody is stalled: B takes over only from a worker that stopped answering.',
  'refusals.workflow.memory_only': "This design keeps the checkpoints only in A's process memory: B has nothing to resume from.",
  'refusals.workflow.b_owns': 'B already owns the operation.',
  'refusals.workflow.worker_not_stalled': 'Worker A is not stalled.',
  'refusals.fencing.probe_time': 'probe: time only moves forward (now t={{now}})',
  'refusals.fencing.probe_fence': 'probe: the current fence is already {{fence}}; fences never go back',
} as const;
