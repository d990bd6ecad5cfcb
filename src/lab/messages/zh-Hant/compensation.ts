/** 繁體中文 narration of the compensation model (L08). Source: ../en/compensation.ts. Terms: docs/glossary.md. */
import type { compensation as en } from '../en/compensation';

export const compensation = {
  'compensation.setup': '一張機票 {{fare, cents}}；取消要收 {{fee, cents}}手續費，且只能在訂票後 {{window}} 刻內取消。',
  'compensation.flight_booked': '航班 {{flight}} 已預訂並付款；在 t={{until}} 之前可以取消。',
  'compensation.hotel_booked': '飯店 {{reservation}} 已預訂：行程確認。',
  'compensation.hotel_failed': '飯店回覆 {{reason}}。機票仍是已預訂、已付款——世界並沒有回滾。',
  'compensation.no_negative_refund': '拒絕：沒有「負數退款」這種工具。追回款項是另一套經過授權的業務流程，不是復原。',
  'compensation.closed_by_hand': '{{desk}} 的一位人員接手此案，與航空公司人工結案；記錄中寫明了處理人。',
  'compensation.pretend': 'Agent 沒有詢問航空公司，就把航班標記為已撤銷——彷彿補償就是時光倒流。沒有任何記錄說明是誰做的決定。',
  'compensation.cancelled': '取消 {{cancellation}} 成功：手續費 {{fee, cents}}，退回票款 {{refunded, cents}}。已記錄：{{agent}} 在旅客同意後取消。',
  'compensation.cancel_failed': '取消 {{cancellation}} 失敗：{{reason}}。此案轉交人工處理（MANUAL）。',
  'compensation.consent_withdrawn': '旅客撤回了讓 {{agent}} 取消航班的同意。這項授權仍留在記錄裡，標記為已撤回。',
  'compensation.no_authority': '{{agent}} 沒有有效的取消授權，因此不取消：拒絕被記錄下來，此案轉交營運櫃台（MANUAL）。',
  'compensation.cancel_retry': '取消 {{cancellation}} 失敗：{{reason}}。代理把行程放回原狀，打算稍後再試，沒有通知任何人。',
} as const satisfies Record<keyof typeof en, string>;
