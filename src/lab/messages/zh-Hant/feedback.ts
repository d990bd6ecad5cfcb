/** 繁體中文 feedback of the exercise checkers and the grader, namespace `feedback`. Source: ../en/feedback.ts; terms: docs/glossary.md. */
import type { feedback as en } from '../en/feedback';

export const feedback = {
  'feedback.predict_right': '正確：在第 {{step}} 步，模擬器給出 {{observe}} = {{label}}。{{explanation}}',
  'feedback.predict_wrong': '不太對：在第 {{step}} 步，模擬器給出 {{observe}} = {{label}}。{{explanation}}',
  'feedback.refusal': '第 {{step}} 步（{{action}}，第 {{index}} 個動作）被拒絕：{{error}}',
  'feedback.not_replayed': '未重現：你記錄的步驟無法重播：{{refusal}}',
  'feedback.changed_switch': '{{key}} = {{value}}（練習設定為 {{expected}}）',
  'feedback.ran_with': '未重現：你執行時用的是 {{design}}。請改回來再試一次。',
  'feedback.ran_with_no_goal': '未重現：你執行時用的是 {{design}}，而且目標沒有發生。請改回來再試一次。',
  'feedback.reproduced_violation': '在第 {{step}} 步重現：{{invariant}} 被破壞：{{violation}}。',
  'feedback.reproduced_observed': '在第 {{step}} 步重現：World 顯示 {{observed}}。',
  'feedback.not_reproduced': '未重現：{{count}} 步之後目標仍未發生。',
  'feedback.not_reproduced_hint': '未重現：{{count}} 步之後目標仍未發生。提示：{{hint}}',
  'feedback.choose_value': '請為 {{switch}} 選擇一個值。',
  'feedback.design_cannot_run': '在這個設計下情境無法執行：{{refusal}}',
  'feedback.repair_breaks': '在第 {{step}} 步 {{invariant}} 被破壞（{{rule}}）：{{violation}}。',
  'feedback.repair_unfinished': '沒有不變量被破壞，但情境沒有正常結束：{{path}} 是 {{actual}}，而不是 {{expected}}。',
  'feedback.repair_ok': '每一步所有不變量都成立，情境也按預期結束。',
  'feedback.search_breaks_one': '搜尋攻破了這個設計：{{invariant}}（{{rule}}）在 {{steps}} 步內被破壞：{{actions}}。{{violation}}（邊界：{{bounds}}）',
  'feedback.search_breaks_other': '搜尋攻破了這個設計：{{invariant}}（{{rule}}）在 {{steps}} 步內被破壞：{{actions}}。{{violation}}（邊界：{{bounds}}）',
  'feedback.explain_saved': '已儲存（{{words}} 個詞），等待老師閱讀。',
  'feedback.explain_short': '請至少寫 {{min}} 個詞（目前 {{words}} 個）。',
  'feedback.wrong_kind': '需要 {{expected}} 類型的答案，收到的是 {{actual}}',
  'feedback.not_attempted': '未作答',
  'feedback.unknown_exercise': '沒有練習 {{lab}}/{{exercise}}',
  'feedback.practice_note': ' [以第一次預測為準；之後的 {{count}} 次選擇只是練習]',
} as const satisfies Record<keyof typeof en, string>;
