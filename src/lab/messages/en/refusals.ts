/**
 * English refusals every World gives (src/sim/world.ts `worldPrecondition`) and the common
 * node-status refusals of the models, namespace `refusals`. The World and the models still
 * return these as English strings; src/lab/i18n/refusals.ts reads them back into keys so a
 * reader of another language sees them translated. Each template must give back the
 * model's exact text (refusals.test.ts drives a World to each and checks the round trip).
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
} as const;
