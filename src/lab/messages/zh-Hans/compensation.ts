/** 简体中文 narration of the compensation model (L08). Source: ../en/compensation.ts. Terms: docs/glossary.md. */
import type { compensation as en } from '../en/compensation';

export const compensation = {
  'compensation.setup': '一张机票 {{fare, cents}}；取消要收 {{fee, cents}}手续费，且只能在订票后 {{window}} 刻内取消。',
  'compensation.flight_booked': '航班 {{flight}} 已预订并付款；在 t={{until}} 之前可以取消。',
  'compensation.hotel_booked': '酒店 {{reservation}} 已预订：行程确认。',
  'compensation.hotel_failed': '酒店答复 {{reason}}。机票仍然是已预订、已付款——世界并没有回滚。',
  'compensation.no_negative_refund': '拒绝：没有“负数退款”这种工具。追回款项是另一套经过授权的业务流程，不是撤销。',
  'compensation.closed_by_hand': '{{desk}} 的一名工作人员接手此事，与航空公司人工结案；记录中写明了处理人。',
  'compensation.pretend': 'Agent 没有询问航空公司，就把航班标记为已撤销——好像补偿就是时间倒流。没有任何记录说明是谁做的决定。',
  'compensation.cancelled': '取消 {{cancellation}} 成功：手续费 {{fee, cents}}，退回票款 {{refunded, cents}}。已记录：{{agent}} 在旅客同意后取消。',
  'compensation.cancel_failed': '取消 {{cancellation}} 失败：{{reason}}。此事转交人工处理（MANUAL）。',
  'compensation.consent_withdrawn': '旅客撤回了让 {{agent}} 取消航班的同意。这项授权仍留在记录里，标记为已撤回。',
  'compensation.no_authority': '{{agent}} 没有有效的取消授权，因此不取消：拒绝被记录下来，此事转交运营台（MANUAL）。',
  'compensation.cancel_retry': '取消 {{cancellation}} 失败：{{reason}}。代理把行程放回原状，打算稍后再试，没有通知任何人。',
} as const satisfies Record<keyof typeof en, string>;
