/** 日本語 refusals, namespace `refusals`. Source: ../en/refusals.ts; terms: docs/glossary.md. */
import type { refusals as en } from '../en/refusals';

export const refusals = {
  'refusals.no_frame_deliverable': '今配信できるフレームはありません。',
  'refusals.no_such_frame': '送信中のフレーム #{{frame}} はありません。',
  'refusals.frame_waits_paused': '{{node}} は停止中です。フレーム #{{frame}} は待つ必要があります。',
  'refusals.frame_on_its_way': 'フレーム #{{frame}} はまだ送信中です（t={{at}} に到着）。',
  'refusals.no_frame_in_flight': '送信中のフレームはありません。',
  'refusals.crash_already_armed': '{{point}} にはすでにクラッシュが設定されています。',
  'refusals.no_node': "ノード '{{node}}' はありません。",
  'refusals.not_crashed': '{{node}} はクラッシュしていません。',
  'refusals.cannot_cut': '{{nodes}} は切断できません。',
  'refusals.no_link_cut': '切断されているリンクはありません。',
  'refusals.node_not_paused': '{{node}} は停止していません。',
  'refusals.node_not_stalled': '{{node}} は停止していません。',
  'refusals.node_is_crashed': '{{node}} はクラッシュしています。',
  'refusals.node_is_paused': '{{node}} は停止中です。',
  'refusals.handwritten_only': '{{action}} は手書きの実行器にしかありません：実行器スイッチを切り替えると実行できます。',
  'refusals.langgraph_only': '{{action}} は LangGraph 実行器にしかありません：実行器スイッチを切り替えると実行できます。',
} as const satisfies Record<keyof typeof en, string>;
