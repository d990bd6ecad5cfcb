/** 繁體中文: why a node refused (namespace `reasons`). Source: ../en/reasons.ts. */
import type { reasons as en } from '../en/reasons';

export const reasons = {
  'reasons.shop.approval_required': "沒有允許為訂單 {{order}} 退款的審批",
  'reasons.shop.approval_expired': "審批 {{approval}} 已於 t={{at}} 到期",
  'reasons.shop.order_changed': "訂單 {{order}} 的版本是 {{version}}，而審批 {{approval}} 針對的是版本 {{approved}}",
  'reasons.shop.insufficient_balance': "訂單 {{order}} 可退餘額不足 {{amount, cents}}",
  'reasons.shop.parameter_conflict': "{{operation}} 由 {{caller}} 以 {{amount, cents}} 發起；這次的參數與之不同",
  'reasons.authority.bad_signature': "簽章無法用 {{actor}} 的金鑰驗證",
  'reasons.authority.action_id_collision': "{{action}} 最初用於另一內容 {{digest}}",
  'reasons.authority.already_exists': "{{type}} {{id}} 已存在",
  'reasons.authority.revision_not_yet': "期望修訂 {{expected}}，但 {{id}} 尚不存在（0）",
  'reasons.authority.not_found': "不存在 {{type}} {{id}}",
  'reasons.authority.cas_required': "{{kind}} 是比較並設定（CAS）：請送出 {{id}} 的期望修訂",
  'reasons.authority.revision_mismatch': "期望 {{id}} 的修訂為 {{expected}}，但目前為 {{current}}",
  'reasons.authority.not_allowed': "{{id}} 處於 {{status}}：不允許 {{event}}",
  'reasons.authority.not_owner': "{{id}} 歸 {{owner}} 所有（紀元 {{epoch}}）",
  'reasons.authority.lease_mismatch': "目前租約是 {{current}}，不是 {{lease}}",
  'reasons.authority.lease_expired': "租約 {{lease}} 已於 t={{at}} 結束",
  'reasons.authority.backing_off': '{{id}} 正在退避，直到 t={{at}}',
  'reasons.outage.grace_over': "寬限期已過（MWP-WRK-020）",
  'reasons.outage.no_lease_offline': "離線時沒有目前的租約和權杖（MWP-WRK-020）",
  'reasons.outage.external_needs_lease': "對外可見的操作需要目前的租約和權杖（MWP-WRK-020）",
  'reasons.outage.not_reclaimed': "無法重新認領該工作（{{code}}）",
} as const satisfies Record<keyof typeof en, string>;
