/** 日本語 narration of the authority labs (L09, L12), namespace `authority`. Source: ../en/authority.ts. */
import type { authority as en } from '../en/authority';

export const authority = {
  'authority.setup': 'lead が {{group}} を作成し、{{count}} 件の署名付きコマンドで初期設定しました（イベント 1–{{count}}）。',
  'authority.signs': '{{actor}} が {{action_id}}（{{kind}}）に署名します。内容ダイジェスト {{digest}}。',
  'authority.forged': 'この署名は {{actor}} ではなく {{other}} の鍵で作られています。',
  'authority.race': '両者ともリビジョン {{revision}} の {{work_item}} を読み、それを取得しようとします。権威サービスが順に処理します。',
  'authority.tool_performed': 'ツールが {{key}} で {{work_item}} の試行を実行します。',
  'authority.tool_already_performed': 'ツールは {{key}} をすでに実行済みです。最初の結果を返し、もう一度は実行しません（MWP-WRK-018）。',
  'authority.swept_missed_start': '{{work_item}}：{{owner}}（エポック {{epoch}}）が期限までに再開しませんでした。作業はキューに戻り、より高いエポックで新しい所有者が引き継ぎます。',
  'authority.swept_missed_renewal': '{{work_item}}：{{owner}}（エポック {{epoch}}）が時間内にリースを更新しませんでした。作業はキューに戻り、より高いエポックで新しい所有者が引き継ぎます。',
  'authority.kept_as_evidence': '{{actor}} はもう {{work_item}} のリースを持っていません。その {{kind}} は権威ある結果ではなく Evidence として保存されます（MWP-WRK-019）。',
  'authority.accepted': 'ACCEPTED {{who}}：イベント {{event}}（シーケンス {{seq}}、{{aggregate}} リビジョン {{revision}}）、レシート {{receipt}}。',
  'authority.duplicate': 'DUPLICATE {{who}}：ダイジェスト {{digest}} はレシート {{receipt}} と一致します。元のレシートが返り、何も追加されません（MWP-EVT-003）。',
  'authority.collision': 'ACTION_ID_COLLISION {{who}}：ダイジェスト {{digest}} が異なります — {{message}}（MWP-EVT-003）。',
  'authority.rejected': '{{code}} {{who}}：{{message}}。何も書き込まれませんでした。',
} as const satisfies Record<keyof typeof en, string>;
