/** 日本語 notes of the bounded-outage lab (L13). Source: ../en/outage.ts. Terms: docs/glossary.md. */
import type { outage as en } from '../en/outage';

export const outage = {
  'outage.setup': 'agent-1 は {{lease}} のもとで {{item}} を実行しています（セッション 1）。オフライン時の猶予期間は {{grace}} ティック、ミッションの予算は {{budget, cents}}です。',
  'outage.offline': 'agent-1 は t={{at}} からオフラインです。猶予期間は t={{until}} に終わります。',
  'outage.online': 'agent-1 が戻りました。新しい接続は新しいセッションです。何かを送信する前に照合しなければなりません。',
  'outage.refused': 'agent-1 は「{{what}}」を拒否します：{{reason}}。',
  'outage.work': 'agent-1 は {{item}} の可逆なステップをもう 1 つ計算します。',
  'outage.work_offline': 'agent-1 はオフラインのまま {{item}} の可逆なステップをもう 1 つ計算します（猶予期間の残り {{grace}} ティック）。',
  'outage.new_work_ungranted': 'agent-1 は割り当てられていない新しい作業を始めます。',
  'outage.no_other_work': '開始できるキューの作業はほかにありません。',
  'outage.irreversible': 'agent-1 は {{lease}} のもとで「{{what}}」を行います。',
  'outage.irreversible_offline': 'agent-1 はオフラインのまま「{{what}}」を行います——自分のリースがまだ有効かどうか知るすべはありません。',
  'outage.buffered': 'オフライン：{{kind}} {{action}} をバインディングごとバッファします（セッション {{session}}、{{lease}}）。',
  'outage.reconcile': '照合：バッファされたコマンド {{count}} 件を {{lease}}（セッション {{session}}）にリベースし、新しい Action ID で再署名して 1 つのコマンド {{action}} として送ります。進捗とその請求は、両方そろって反映されるか、どちらも反映されないかです。',
  'outage.rebased_one_by_one': 'バッファされたコマンド {{count}} 件を {{lease}}（セッション {{session}}）にリベースし、1 件ずつ送ります。',
  'outage.abandoned': '照合：{{reason}}。バッファされたコマンド {{count}} 件は記録として残し、送信しません。',
  'outage.authority_answer': '権威サービス：{{kind}} {{action}} → {{code}} {{detail}}',
  'outage.new_session': '新しいセッション {{epoch}}：古いリースは取り消されました（{{revoked}} は queued に戻りました）。agent-1 は {{item}} をもう一度確保します。',
  'outage.new_session_none': '新しいセッション {{epoch}}：古いリースは取り消されました（queued に戻った作業項目はありません）。agent-1 は {{item}} をもう一度確保します。',
  'outage.in_doubt': "{{count}} 件のコマンド（{{actions}}）の応答は接続とともに失われました。agent-1 はそれらをまったく同じ内容でもう一度送り、反映済みかどうかを権威サービスの受領記録から答えてもらいます。再確保や照合はそのあとです。",
  'outage.what.continue': '{{item}} の続行',
  'outage.what.start_new_work': '新しい作業の開始',
  'outage.what.email_customer': '顧客へのメール送信',
  'outage.what.report_progress': "進捗の報告",
  'outage.what.complete': "W1 の提出",
} as const satisfies Record<keyof typeof en, string>;
