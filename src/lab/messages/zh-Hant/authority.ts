/** 繁體中文 narration of the authority labs (L09, L12), namespace `authority`. Source: ../en/authority.ts. */
import type { authority as en } from '../en/authority';

export const authority = {
  'authority.setup': 'lead 建立了 {{group}}，並以 {{count}} 條簽章命令完成初始設定（事件 1–{{count}}）。',
  'authority.signs': '{{actor}} 簽署 {{action_id}}（{{kind}}）；內容摘要 {{digest}}。',
  'authority.forged': '這個簽章用的是 {{other}} 的金鑰，而不是 {{actor}} 的。',
  'authority.race': '兩者都在修訂 {{revision}} 讀到 {{work_item}} 並認領它。權威服務將它們依序處理。',
  'authority.tool_performed': '工具以 {{key}} 執行 {{work_item}} 的這次嘗試。',
  'authority.tool_already_performed': '工具已經執行過 {{key}}：它傳回第一次的結果，不再重複執行（MWP-WRK-018）。',
  'authority.swept_missed_start': '{{work_item}}：{{owner}}（紀元 {{epoch}}）沒有在截止期限前重新開始；工作回到佇列，由新所有者以更高的紀元接手。',
  'authority.swept_missed_renewal': '{{work_item}}：{{owner}}（紀元 {{epoch}}）沒有按時續租；工作回到佇列，由新所有者以更高的紀元接手。',
  'authority.kept_as_evidence': '{{actor}} 已不再持有 {{work_item}} 的租約：它的 {{kind}} 作為 Evidence 保存，而不是具權威性的結果（MWP-WRK-019）。',
  'authority.accepted': 'ACCEPTED {{who}}：事件 {{event}}（序列 {{seq}}，{{aggregate}} 修訂 {{revision}}），收據 {{receipt}}。',
  'authority.duplicate': 'DUPLICATE {{who}}：摘要 {{digest}} 與收據 {{receipt}} 相符；傳回原來的收據，不附加任何內容（MWP-EVT-003）。',
  'authority.collision': 'ACTION_ID_COLLISION {{who}}：摘要 {{digest}} 不同 —— {{message}}（MWP-EVT-003）。',
  'authority.rejected': '{{code}} {{who}}：{{message}}。沒有寫入任何內容。',
} as const satisfies Record<keyof typeof en, string>;
