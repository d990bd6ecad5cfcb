/** 简体中文: why a node refused (namespace `reasons`). Source: ../en/reasons.ts. */
import type { reasons as en } from '../en/reasons';

export const reasons = {
  'reasons.shop.approval_required': "没有允许为订单 {{order}} 退款的审批",
  'reasons.shop.approval_expired': "审批 {{approval}} 已于 t={{at}} 到期",
  'reasons.shop.order_changed': "订单 {{order}} 的版本是 {{version}}，而审批 {{approval}} 针对的是版本 {{approved}}",
  'reasons.shop.insufficient_balance': "订单 {{order}} 可退余额不足 {{amount, cents}}",
  'reasons.shop.parameter_conflict': "{{operation}} 由 {{caller}} 以 {{amount, cents}} 发起；这次的参数与之不同",
  'reasons.authority.bad_signature': "签名无法用 {{actor}} 的密钥验证",
  'reasons.authority.action_id_collision': "{{action}} 最初用于另一内容 {{digest}}",
  'reasons.authority.already_exists': "{{type}} {{id}} 已存在",
  'reasons.authority.revision_not_yet': "期望修订版本 {{expected}}，但 {{id}} 尚不存在（0）",
  'reasons.authority.not_found': "不存在 {{type}} {{id}}",
  'reasons.authority.cas_required': "{{kind}} 是比较并设置（CAS）：请发送 {{id}} 的期望修订版本",
  'reasons.authority.revision_mismatch': "期望 {{id}} 的修订版本为 {{expected}}，但当前为 {{current}}",
  'reasons.authority.not_allowed': "{{id}} 处于 {{status}}：不允许 {{event}}",
  'reasons.authority.not_owner': "{{id}} 归 {{owner}} 所有（纪元 {{epoch}}）",
  'reasons.authority.lease_mismatch': "当前租约是 {{current}}，不是 {{lease}}",
  'reasons.authority.lease_expired': "租约 {{lease}} 已于 t={{at}} 结束",
  'reasons.authority.backing_off': '{{id}} 正在退避，直到 t={{at}}',
  'reasons.outage.grace_over': "宽限期已过（MWP-WRK-020）",
  'reasons.outage.no_lease_offline': "离线时没有当前的租约和令牌（MWP-WRK-020）",
  'reasons.outage.external_needs_lease': "对外可见的操作需要当前的租约和令牌（MWP-WRK-020）",
  'reasons.outage.not_reclaimed': "无法重新认领该工作（{{code}}）",
} as const satisfies Record<keyof typeof en, string>;
