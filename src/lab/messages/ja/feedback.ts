/** 日本語 feedback of the exercise checkers and the grader, namespace `feedback`. Source: ../en/feedback.ts; terms: docs/glossary.md. */
import type { feedback as en } from '../en/feedback';

export const feedback = {
  'feedback.predict_right': '正解：ステップ {{step}} でシミュレータは {{observe}} = {{label}} を示します。{{explanation}}',
  'feedback.predict_wrong': '惜しい：ステップ {{step}} でシミュレータは {{observe}} = {{label}} を示します。{{explanation}}',
  'feedback.refusal': 'ステップ {{step}}（{{action}}、{{index}} 番目の操作）が拒否されました：{{error}}',
  'feedback.not_replayed': '再現できていません：記録したステップをリプレイできません：{{refusal}}',
  'feedback.changed_switch': '{{key}} = {{value}}（演習の設定は {{expected}}）',
  'feedback.ran_with': '再現できていません：{{design}} で実行しました。元に戻してもう一度試してください。',
  'feedback.ran_with_no_goal': '再現できていません：{{design}} で実行し、目標も起きませんでした。元に戻してもう一度試してください。',
  'feedback.reproduced_violation': 'ステップ {{step}} で再現しました：{{invariant}} が破られました：{{violation}}。',
  'feedback.reproduced_observed': 'ステップ {{step}} で再現しました：World は {{observed}} を示しています。',
  'feedback.not_reproduced': '再現できていません：{{count}} ステップ後も目標は起きていません。',
  'feedback.not_reproduced_hint': '再現できていません：{{count}} ステップ後も目標は起きていません。ヒント：{{hint}}',
  'feedback.choose_value': '{{switch}} の値を選んでください。',
  'feedback.design_cannot_run': 'この設計ではシナリオを実行できません：{{refusal}}',
  'feedback.repair_breaks': 'ステップ {{step}} で {{invariant}} が破られます（{{rule}}）：{{violation}}。',
  'feedback.repair_unfinished': '不変式は破られませんが、シナリオが最後まで進みません：{{path}} は {{expected}} ではなく {{actual}} です。',
  'feedback.repair_ok': 'どのステップでもすべての不変式が成り立ち、シナリオも期待どおりに終わります。',
  'feedback.search_breaks_one': '探索でこの設計が破られました：{{invariant}}（{{rule}}）が {{steps}} ステップで破られます：{{actions}}。{{violation}}（範囲：{{bounds}}）',
  'feedback.search_breaks_other': '探索でこの設計が破られました：{{invariant}}（{{rule}}）が {{steps}} ステップで破られます：{{actions}}。{{violation}}（範囲：{{bounds}}）',
  'feedback.explain_saved': '保存しました（{{words}} 語）。担当の先生が読みます。',
  'feedback.explain_short': '少なくとも {{min}} 語書いてください（現在 {{words}} 語）。',
  'feedback.wrong_kind': '{{expected}} の解答が必要ですが、{{actual}} を受け取りました',
  'feedback.not_attempted': '未解答',
  'feedback.unknown_exercise': '演習 {{lab}}/{{exercise}} はありません',
  'feedback.practice_note': ' [最初の予測で採点します。その後の {{count}} 回の選択は練習です]',
} as const satisfies Record<keyof typeof en, string>;
