/**
 * What the World itself narrates (src/sim/world.ts): crashes, restarts, the network and
 * cut links. Parameters are facts from the running World (node ids, frame numbers, kinds).
 */
export const world = {
  'world.crashed': '{{node}} crashed at {{point}}; whatever it had not committed is gone.',
  'world.restarted': '{{node}} restarted with only what it had committed.',
  'world.crash_armed': 'The next time any node reaches {{point}}, it crashes there.',
  'world.frame_dropped': 'Frame #{{frame}} ({{kind}}, {{from}} → {{to}}) was lost.',
  'world.frame_duplicated': 'Frame #{{original}} will arrive twice: copy #{{copy}} is in flight.',
  'world.frame_lost_node_down': '{{node}} is down: frame #{{frame}} ({{kind}}) is lost.',
  'world.frame_lost_restarted': '{{node}} restarted since frame #{{frame}} ({{kind}}) was sent: the connection it was meant for is gone.',
  'world.link_cut': 'The link between {{a}} and {{b}} is cut.',
  'world.link_cut_frame_lost': 'The link {{a}} – {{b}} is cut: frame #{{frame}} ({{kind}}) is lost.',
  'world.link_cut_in_flight_lost': 'The link {{a}} – {{b}} is cut: frame #{{frame}} ({{kind}}) in flight is lost.',
  'world.links_restored': 'Every cut link is restored.',
} as const;
