/** 日本語 templates for the LangGraph workflow model (L05, L06). Source: ../en/workflow.ts. Terms: docs/glossary.md. */
import type { workflow as en } from '../en/workflow';

export const workflow = {
  'workflow.model_answered': 'モデルベンダーが呼び出し #{{call}} に応答しました（課金済み）：「{{answer}}」。',
  'workflow.node_failed': 'ノード {{node}} が失敗しました（クラッシュではなくエラー）。LangGraph は兄弟ノードがすでに書いたものを保持します。',
  'workflow.run_failed': '実行はエラーで止まりました（{{why}}）。再試行するとチェックポイントから再開します。',
  'workflow.refused': 'ショップはこの意図を拒否しました：{{code}}。',
  'workflow.intent': 'approve ノードがショップから意図 {{operation}} を受け取りました（{{code}}）。',
  'workflow.sending': 'submit ノードが {{operation}} の返金を冪等キー {{key}} で送ります。',
  'workflow.no_answer': '{{operation}} の応答は返ってきませんでした。結果は UNKNOWN です。',
  'workflow.run_lost': '実行の状態が失われました（設計：{{design}}）。ワークフローは最初からやり直します。',
  'workflow.still_waiting': 'A がスレッドを再開します。まだ approve の手前で止まり、承認イベントを待っています。',
  'workflow.resuming': 'A は同じ saver の上で新しいグラフをコンパイルし、スレッドを再開します（次：{{next}}）。',
  'workflow.waiting_for_approval': '実行は承認のブレークポイントで止まりました。顧客に承認を求めます。',
  'workflow.approval_event': '承認 {{approval}} がショップに記録されました。',
  'workflow.duplicate_approval': '同じ承認イベントがもう一度届きました。',
  'workflow.approval_expired': '承認は期限切れになりました。',
  'workflow.order_edited': '注文が編集されました。注文バージョンが変わっています。',
  'workflow.resubmitted': '呼び出し側が別の金額でこの意図を再提出しました：{{code}}。',
  'workflow.provider_answers': 'プロバイダの応答：{{status}}（キーの記録からの再送：{{replayed}}）。',
  'workflow.answer_lost': 'プロバイダの応答は戻る途中で失われました。',
  'workflow.stall_armed': '設定済み：ワーカー A の次の submit は、エポック確認の後、組み立てたリクエストを持ったまま停止します。',
  'workflow.stalled': '{{worker}} は {{operation}} のエポック確認（エポック {{epoch}}）を通過し、リクエストを組み立てたところで、送信前に停止しました。',
  'workflow.taken_over': 'ワーカー B が {{operation}} を引き継ぎました：所有者エポックは {{epoch}}。',
  'workflow.takeover_resumes': '{{worker}} は同じチェックポイントの上でグラフをコンパイルし、スレッドを再開します（次：{{next}}）。最初の実行がまだ生きていることを LangGraph は知りません。',
  'workflow.woke': 'ワーカー A が目を覚まして続行します。エポック確認はもう済んでいるので、組み立てたリクエストを送ります。',
  'workflow.fenced': '{{worker}} は {{operation}} について何も記録しません：ショップのフェンスはすでにエポック {{epoch}} です。',
} as const satisfies Record<keyof typeof en, string>;
