/** 日本語: why a node refused (namespace `reasons`). Source: ../en/reasons.ts. */
import type { reasons as en } from '../en/reasons';

export const reasons = {
  'reasons.shop.approval_required': "注文 {{order}} の返金を認める承認がありません",
  'reasons.shop.approval_expired': "承認 {{approval}} は t={{at}} に期限が切れました",
  'reasons.shop.order_changed': "注文 {{order}} はバージョン {{version}} ですが、承認 {{approval}} はバージョン {{approved}} に対するものでした",
  'reasons.shop.insufficient_balance': "注文 {{order}} の返金可能残高が {{amount, cents}} に足りません",
  'reasons.shop.parameter_conflict': "{{operation}} は {{caller}} が {{amount, cents}} で発行したものです。今回のパラメータはそれと異なります",
  'reasons.authority.bad_signature': "署名が {{actor}} の鍵で検証できません",
  'reasons.authority.action_id_collision': "{{action}} は最初に別の内容 {{digest}} で使われています",
  'reasons.authority.already_exists': "{{type}} {{id}} はすでに存在します",
  'reasons.authority.revision_not_yet': "期待リビジョンは {{expected}} ですが、{{id}} はまだ存在しません（0）",
  'reasons.authority.not_found': "{{type}} {{id}} は存在しません",
  'reasons.authority.cas_required': "{{kind}} は比較と設定（CAS）です。{{id}} の期待リビジョンを送ってください",
  'reasons.authority.revision_mismatch': "期待リビジョンは {{id}} の {{expected}} ですが、現在は {{current}} です",
  'reasons.authority.not_allowed': "{{id}} は {{status}} です。{{event}} は許可されていません",
  'reasons.authority.not_owner': "{{id}} の所有者は {{owner}} です（エポック {{epoch}}）",
  'reasons.authority.lease_mismatch': "現在のリースは {{current}} で、{{lease}} ではありません",
  'reasons.authority.lease_expired': "リース {{lease}} は t={{at}} に期限が切れました",
  'reasons.authority.backing_off': '{{id}} は t={{at}} まで再試行を待っています（バックオフ）',
  'reasons.outage.grace_over': "猶予期間が終わっています（MWP-WRK-020）",
  'reasons.outage.no_lease_offline': "オフラインの間は現在のリースもトークンもありません（MWP-WRK-020）",
  'reasons.outage.external_needs_lease': "外部から見える操作には現在のリースとトークンが必要です（MWP-WRK-020）",
  'reasons.outage.not_reclaimed': "作業を再確保できませんでした（{{code}}）",
} as const satisfies Record<keyof typeof en, string>;
