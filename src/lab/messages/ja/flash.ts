/** 日本語: the app's banner. Source: ../en/flash.ts. */
import type { flash as en } from '../en/flash';

export const flash = {
  'flash.no_lab': '実験 {{id}} はありません（または読み込みに失敗しました）。',
  'flash.runtime_failed': '実験を開始できませんでした：{{why}}',
  'flash.pick_lab_json': 'lab.json を選んでください（README.md も一緒に選べます）。',
  'flash.lab_file_ok': '{{file}} は有効です。ほかの実験と同じように開けます。',
  'flash.lab_file_bad': '{{file}} は読み込めませんでした。下の問題を見てください。',
  'flash.unknown_scenario': 'このリンクはシナリオ "{{id}}" を指していますが、{{lab}} にはありません。サンドボックスで開いています。',
  'flash.bad_actions': 'このリンクのステップ記録（actions=…）を読めません（{{why}}）。{{lab}} をサンドボックスで開きます。',
  'flash.step_out_of_range': 'このリンクはステップ {{step}} を指していますが、ステップ記録は {{total}} ステップしかありません。最後のステップ {{total}} を表示しています。',
  'flash.bad_switch': 'このリンクは {{key}}={{value}} を設定していますが、適用できません（{{why}}）。実験の既定値を使います。',
  'flash.did_not_work': 'うまくいきませんでした。',
  'flash.predict_first': '先に予測してください：次のステップで「{{title}}」の答えが分かります。「演習」で選んでから進めてください。',
  'flash.card_lab_missing': '実験 {{lab}} は読み込まれていません',
} as const satisfies Record<keyof typeof en, string>;
