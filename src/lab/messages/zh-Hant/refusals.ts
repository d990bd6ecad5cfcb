/** 繁體中文 refusals, namespace `refusals`. Source: ../en/refusals.ts; terms: docs/glossary.md. */
import type { refusals as en } from '../en/refusals';

export const refusals = {
  'refusals.no_frame_deliverable': '現在沒有可以傳遞的訊框。',
  'refusals.no_such_frame': '沒有傳輸中的訊框 #{{frame}}。',
  'refusals.frame_waits_paused': '{{node}} 處於停頓狀態；訊框 #{{frame}} 必須等待。',
  'refusals.frame_on_its_way': '訊框 #{{frame}} 仍在途中（於 t={{at}} 到達）。',
  'refusals.no_frame_in_flight': '沒有傳輸中的訊框。',
  'refusals.crash_already_armed': '已經在 {{point}} 設定了一次崩潰。',
  'refusals.no_node': "沒有節點 '{{node}}'。",
  'refusals.not_crashed': '{{node}} 沒有崩潰。',
  'refusals.cannot_cut': '無法切斷 {{nodes}}。',
  'refusals.no_link_cut': '沒有被切斷的連結。',
  'refusals.node_not_paused': '{{node}} 沒有停頓。',
  'refusals.node_not_stalled': '{{node}} 沒有停頓。',
  'refusals.node_is_crashed': '{{node}} 已崩潰。',
  'refusals.node_is_paused': '{{node}} 處於停頓狀態。',
  'refusals.handwritten_only': '只有手寫執行器有 {{action}}：切換「執行器」開關後才能執行。',
  'refusals.langgraph_only': '只有 LangGraph 執行器有 {{action}}：切換「執行器」開關後才能執行。',
} as const satisfies Record<keyof typeof en, string>;
