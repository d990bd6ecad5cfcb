/** 日本語: what the World narrates. Source: ../en/world.ts. */
import type { world as en } from '../en/world';

export const world = {
  'world.crashed': '{{node}} が {{point}} でクラッシュしました。コミットしていなかったものはすべて失われます。',
  'world.restarted': '{{node}} が再起動しました。残っているのはコミット済みのものだけです。',
  'world.crash_armed': '次にいずれかのノードが {{point}} に達したとき、そこでクラッシュします。',
  'world.frame_dropped': 'フレーム #{{frame}}（{{kind}}、{{from}} → {{to}}）が失われました。',
  'world.frame_duplicated': 'フレーム #{{original}} は 2 回届きます。複製 #{{copy}} が送信中です。',
  'world.frame_lost_node_down': '{{node}} は停止中です。フレーム #{{frame}}（{{kind}}）は失われます。',
  'world.frame_lost_restarted': 'フレーム #{{frame}}（{{kind}}）の送信後に {{node}} が再起動しました。宛先だった接続はもうありません。',
  'world.link_cut': '{{a}} と {{b}} の間のリンクが切断されました。',
  'world.link_cut_frame_lost': 'リンク {{a}} – {{b}} が切断されました。フレーム #{{frame}}（{{kind}}）は失われます。',
  'world.link_cut_in_flight_lost': 'リンク {{a}} – {{b}} が切断されました。送信中のフレーム #{{frame}}（{{kind}}）は失われます。',
  'world.links_restored': '切断されたリンクはすべて復旧しました。',
} as const satisfies Record<keyof typeof en, string>;
