/** 日本語 narration of the compensation model (L08). Source: ../en/compensation.ts. Terms: docs/glossary.md. */
import type { compensation as en } from '../en/compensation';

export const compensation = {
  'compensation.setup': '航空券は {{fare, cents}}。キャンセル手数料は {{fee, cents}}で、予約後 {{window}} ティック以内ならキャンセルできます。',
  'compensation.flight_booked': 'フライト {{flight}} を予約し、支払いました。t={{until}} までキャンセルできます。',
  'compensation.hotel_booked': 'ホテル {{reservation}} を予約しました。旅行は確定です。',
  'compensation.hotel_failed': 'ホテルの返答は {{reason}}。フライトは予約・支払い済みのままです——世界はロールバックしていません。',
  'compensation.no_negative_refund': '拒否：マイナスの返金というツールはありません。お金を取り戻すのは、別に承認された業務プロセスであって、取り消しではありません。',
  'compensation.closed_by_hand': '{{desk}} の担当者が案件を引き取り、航空会社と手作業で処理を終えました。記録には担当者の名前が残ります。',
  'compensation.pretend': 'Agent は航空会社に確認せず、フライトを取り消し済みとして記録します——補償が時間を巻き戻すかのように。誰が決めたのかはどこにも記録されません。',
  'compensation.cancelled': 'キャンセル {{cancellation}} は成功しました。手数料は {{fee, cents}}、運賃のうち {{refunded, cents}}が戻ります。記録：旅行者の同意のもと {{agent}} がキャンセルしました。',
  'compensation.cancel_failed': 'キャンセル {{cancellation}} は失敗しました：{{reason}}。案件は担当者に回ります（MANUAL）。',
  'compensation.consent_withdrawn': '旅行者は、{{agent}} にフライトのキャンセルを任せていた同意を取り下げました。付与の記録は消えず、取り下げ済みとして残ります。',
  'compensation.no_authority': '{{agent}} には有効なキャンセル権限がないため、キャンセルしません。拒否が記録され、案件はオペレーション窓口に回ります（MANUAL）。',
  'compensation.cancel_retry': 'キャンセル {{cancellation}} は失敗しました：{{reason}}。エージェントは旅行を元の状態に戻して後で再試行するつもりで、誰にも知らせません。',
} as const satisfies Record<keyof typeof en, string>;
