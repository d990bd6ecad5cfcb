/** 繁體中文 templates for the LangGraph workflow model (L05, L06). Source: ../en/workflow.ts. Terms: docs/glossary.md. */
import type { workflow as en } from '../en/workflow';

export const workflow = {
  'workflow.model_answered': '模型供應商回答了第 #{{call}} 次呼叫（已計費）：「{{answer}}」。',
  'workflow.node_failed': '節點 {{node}} 失敗（是錯誤，不是崩潰）：LangGraph 保留了同層節點已寫入的內容。',
  'workflow.run_failed': '執行因錯誤而停止（{{why}}）；重試會從它的檢查點恢復執行。',
  'workflow.refused': '商店拒絕了這個意圖：{{code}}。',
  'workflow.intent': 'approve 節點從商店取得意圖 {{operation}}（{{code}}）。',
  'workflow.sending': 'submit 節點以冪等金鑰 {{key}} 送出 {{operation}} 的退款。',
  'workflow.no_answer': '{{operation}} 沒有收到回覆：它的結果是 UNKNOWN。',
  'workflow.run_lost': '執行狀態遺失了（設計：{{design}}）：工作流程從頭開始。',
  'workflow.still_waiting': 'A 恢復它的執行緒：仍停在 approve 之前，等待批准事件。',
  'workflow.resuming': 'A 在同一個 saver 上編譯新的圖並恢復執行緒（下一步：{{next}}）。',
  'workflow.waiting_for_approval': '執行停在批准中斷點；請客戶批准。',
  'workflow.approval_event': '批准 {{approval}} 已記錄在商店中。',
  'workflow.duplicate_approval': '同一個批准事件再次抵達。',
  'workflow.approval_expired': '批准已過期。',
  'workflow.order_edited': '訂單被修改了：訂單版本已變更。',
  'workflow.resubmitted': '呼叫方以另一個金額重新提交了這個意圖：{{code}}。',
  'workflow.provider_answers': '供應商回覆 {{status}}（是否依冪等記錄重播：{{replayed}}）。',
  'workflow.answer_lost': '供應商的回覆在回程中遺失。',
  'workflow.stall_armed': '已設定：工作者 A 的下一次 submit 會在紀元檢查之後、帶著已建構好的請求停住。',
  'workflow.stalled': '{{worker}} 通過了 {{operation}} 的紀元檢查（紀元 {{epoch}}），建構好請求後在送出前停住了。',
  'workflow.taken_over': '工作者 B 接管了 {{operation}}：擁有者紀元為 {{epoch}}。',
  'workflow.takeover_resumes': '{{worker}} 在同一批檢查點上編譯圖並恢復該執行緒（下一步：{{next}}）；LangGraph 並不知道第一次執行仍然活著。',
  'workflow.woke': '工作者 A 醒來繼續執行：紀元檢查已經過去，於是它送出了先前建構好的請求。',
  'workflow.fenced': '{{worker}} 沒有為 {{operation}} 記錄任何結果：商店的柵欄已經是紀元 {{epoch}}。',
} as const satisfies Record<keyof typeof en, string>;
