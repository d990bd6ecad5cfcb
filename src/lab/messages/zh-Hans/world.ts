/** 简体中文: what the World narrates. Source: ../en/world.ts. */
import type { world as en } from '../en/world';

export const world = {
  'world.crashed': '{{node}} 在 {{point}} 崩溃；所有尚未提交的内容都丢失了。',
  'world.restarted': '{{node}} 重启了，只带着它已经提交的内容。',
  'world.crash_armed': '下一次任何节点到达 {{point}} 时，都会在那里崩溃。',
  'world.frame_dropped': '帧 #{{frame}}（{{kind}}，{{from}} → {{to}}）丢失了。',
  'world.frame_duplicated': '帧 #{{original}} 将到达两次：副本 #{{copy}} 正在途中。',
  'world.frame_lost_node_down': '{{node}} 已宕机：帧 #{{frame}}（{{kind}}）丢失。',
  'world.frame_lost_restarted': '帧 #{{frame}}（{{kind}}）发出后 {{node}} 重启过：它要去的那条连接已经不存在了。',
  'world.link_cut': '{{a}} 与 {{b}} 之间的链路被切断。',
  'world.link_cut_frame_lost': '链路 {{a}} – {{b}} 被切断：帧 #{{frame}}（{{kind}}）丢失。',
  'world.link_cut_in_flight_lost': '链路 {{a}} – {{b}} 被切断：在途的帧 #{{frame}}（{{kind}}）丢失。',
  'world.links_restored': '所有被切断的链路都已恢复。',
} as const satisfies Record<keyof typeof en, string>;
