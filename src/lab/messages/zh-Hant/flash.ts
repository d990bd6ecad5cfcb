/** 繁體中文: the app's banner. Source: ../en/flash.ts. */
import type { flash as en } from '../en/flash';

export const flash = {
  'flash.no_lab': '沒有實驗 {{id}}（或它載入失敗）。',
  'flash.runtime_failed': '實驗無法啟動：{{why}}',
  'flash.pick_lab_json': '請選擇一個 lab.json（也可以同時選擇它的 README.md）。',
  'flash.lab_file_ok': '{{file}} 有效：它可以像其他實驗一樣開啟。',
  'flash.lab_file_bad': '{{file}} 沒有載入成功：問題見下方。',
  'flash.unknown_scenario': '這個連結指向情境 "{{id}}"，但 {{lab}} 沒有這個情境；你現在在沙盒中。',
  'flash.bad_actions': '這個連結的步驟記錄（actions=…）無法讀取（{{why}}）；{{lab}} 改為在沙盒中開啟。',
  'flash.step_out_of_range': '這個連結要求第 {{step}} 步，但它的步驟記錄只有 {{total}} 步；現在顯示最後一步（第 {{total}} 步）。',
  'flash.bad_switch': '這個連結設定了 {{key}}={{value}}，但它不適用（{{why}}）；使用實驗的預設值。',
  'flash.did_not_work': '這一步沒有成功。',
  'flash.predict_first': '請先預測：下一步會揭曉「{{title}}」的答案。先在「練習」裡作出選擇，再繼續單步執行。',
  'flash.card_lab_missing': '沒有載入實驗 {{lab}}',
} as const satisfies Record<keyof typeof en, string>;
