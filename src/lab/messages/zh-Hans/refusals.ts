/** 简体中文 refusals, namespace `refusals`. Source: ../en/refusals.ts; terms: docs/glossary.md. */
import type { refusals as en } from '../en/refusals';

export const refusals = {
  'refusals.no_frame_deliverable': '现在没有可以投递的帧。',
  'refusals.no_such_frame': '没有在途的帧 #{{frame}}。',
  'refusals.frame_waits_paused': '{{node}} 处于停顿状态；帧 #{{frame}} 必须等待。',
  'refusals.frame_on_its_way': '帧 #{{frame}} 仍在途中（在 t={{at}} 到达）。',
  'refusals.no_frame_in_flight': '没有在途的帧。',
  'refusals.crash_already_armed': '已经在 {{point}} 设置了一次崩溃。',
  'refusals.no_node': "没有节点 '{{node}}'。",
  'refusals.not_crashed': '{{node}} 没有崩溃。',
  'refusals.cannot_cut': '无法切断 {{nodes}}。',
  'refusals.no_link_cut': '没有被切断的链路。',
  'refusals.node_not_paused': '{{node}} 没有停顿。',
  'refusals.node_not_stalled': '{{node}} 没有停顿。',
  'refusals.node_is_crashed': '{{node}} 已崩溃。',
  'refusals.node_is_paused': '{{node}} 处于停顿状态。',
  'refusals.handwritten_only': '只有手写执行器有 {{action}}：切换“执行器”开关后才能运行。',
  'refusals.langgraph_only': '只有 LangGraph 执行器有 {{action}}：切换“执行器”开关后才能运行。',
} as const satisfies Record<keyof typeof en, string>;
