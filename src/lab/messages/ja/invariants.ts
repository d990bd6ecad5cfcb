/** 日本語 invariant statements, namespace `invariants`. Source: ../en/invariants.ts; terms: docs/glossary.md. */
import type { invariants as en } from '../en/invariants';

export const invariants = {
  'invariants.AUTH-1': '各 Group の履歴はシーケンスカウンタまで 1、2、3 … と途切れずに続く。イベントが削除されたり番号を振り直されたりすることはない。',
  'invariants.AUTH-2': 'どのイベントにもレシートがちょうど 1 つ、送信ボックスの行がちょうど 1 つある。',
  'invariants.AUTH-3': '状態テーブルは、イベントを順に畳み込んで得た状態と一致する。',
  'invariants.AUTH-4': '作業項目の所有権エポックは増えるだけである。',
  'invariants.COMP-1': '旅行の状態は、航空会社とホテルが実際に持っているものと一致する。',
  'invariants.COMP-2': '失敗した補償、またはエージェントに権限のなかった補償は人に引き渡され、決して放置されない。',
  'invariants.COMP-3': '実行された補償ステップはどれも、その実行者にそのステップを許し、実行時点で有効だった権限に基づく。どのステップにも結果が記録される。',
  'invariants.FENCE-1': '古いフェンスや期限切れのリースのもとでの書き込みは受け入れられない。',
  'invariants.FENCE-2': 'どの付与も、直前の付与より大きいフェンスを持つ。',
  'invariants.OUT-1': 'オフラインの間は、元に戻せない操作や外部から見える操作を行わない。',
  'invariants.OUT-2': 'オフラインでの作業は猶予期間内に収まる。',
  'invariants.OUT-3': '照合は全体が反映されるか、まったく反映されないかのどちらかである。同じ照合のバッファされた報告の一方が受け入れられ、もう一方が拒否されることはない。',
  'invariants.PROJ-1': '永続カーソルはギャップを越えない。',
  'invariants.PROJ-2': 'ACK は決して後退せず、Worker が永続的に保持している位置を超えることもない。',
  'invariants.PROJ-3': '受け入れられたイベントは高々 1 回だけ適用される。',
  'invariants.PROJ-4': '各 Group のプロジェクションは、その Group のカーソルまでのイベントから再構築した結果と一致する。',
  'invariants.PROJ-5': 'トゥームストーン（削除記録）で消されたフィールドはどこからも提供されない。リプレイ、スナップショット、アーカイブ、保存された履歴のいずれからもである。',
  'invariants.REF-1': '台帳には意図ごとに返金が高々 1 件しかない。',
  'invariants.REF-2': '確定した意図はただ 1 件の返金を指す。再試行しても同じ結果が返る。',
  'invariants.REF-3': 'どの返金も、その意図が承認されたときのパラメータを持つ。',
  'invariants.REF-4': '返金なしで CONFIRMED と報告されることも、返金があるのに REJECTED と報告されることもない。判断できないものは UNKNOWN のままである。',
  'invariants.REF-5': '注文の返金可能残高は決して負にならない。',
  'invariants.LG-LEDGER-1': '意図ごとに返金は高々 1 件。プロバイダの台帳には操作ごとに高々 1 行しかない。',
  'invariants.LG-APPROVAL-1': '一度与えられた承認が再び求められることはない（一時停止はクラッシュ後も残る）。',
} as const satisfies Record<keyof typeof en, string>;
