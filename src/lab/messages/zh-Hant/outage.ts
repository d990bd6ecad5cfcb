/** 繁體中文 notes of the bounded-outage lab (L13). Source: ../en/outage.ts. Terms: docs/glossary.md. */
import type { outage as en } from '../en/outage';

export const outage = {
  'outage.setup': 'agent-1 在 {{lease}} 下執行 {{item}}（會話 1）。離線時它給自己 {{grace}} 刻的寬限期；任務預算為 {{budget, cents}}。',
  'outage.offline': 'agent-1 自 t={{at}} 起離線；它的寬限期於 t={{until}} 結束。',
  'outage.online': 'agent-1 重新連線。新的連線就是新的會話：提交任何東西之前，它必須先對帳。',
  'outage.refused': 'agent-1 拒絕執行「{{what}}」：{{reason}}。',
  'outage.work': 'agent-1 為 {{item}} 計算了又一個可逆的步驟。',
  'outage.work_offline': 'agent-1 在離線狀態下為 {{item}} 計算了又一個可逆的步驟（寬限期還剩 {{grace}} 刻）。',
  'outage.new_work_ungranted': 'agent-1 開始了從未被授予的新工作。',
  'outage.no_other_work': '沒有其他排隊的工作可以開始。',
  'outage.irreversible': 'agent-1 在 {{lease}} 下執行「{{what}}」。',
  'outage.irreversible_offline': 'agent-1 在離線時執行「{{what}}」——它無從得知自己的租約是否仍然有效。',
  'outage.buffered': '離線：{{kind}} {{action}} 連同它的綁定資訊一起被緩衝（會話 {{session}}，{{lease}}）。',
  'outage.reconcile': '對帳：{{count}} 筆緩衝指令重新設定基準到 {{lease}}（會話 {{session}}），以新的 Action ID 重新簽署，並作為一道指令 {{action}} 送出：進度與其收費要嘛一起生效，要嘛都不生效。',
  'outage.rebased_one_by_one': '{{count}} 筆緩衝指令重新設定基準到 {{lease}}（會話 {{session}}），並逐筆送出。',
  'outage.abandoned': '對帳：{{reason}}。{{count}} 筆緩衝指令作為記錄保留，不會送出。',
  'outage.authority_answer': '權威服務：{{kind}} {{action}} → {{code}} {{detail}}',
  'outage.new_session': '新會話 {{epoch}}：舊租約已被撤銷（{{revoked}} 回到 queued）。agent-1 重新認領 {{item}}。',
  'outage.new_session_none': '新會話 {{epoch}}：舊租約已被撤銷（沒有工作項目回到 queued）。agent-1 重新認領 {{item}}。',
  'outage.in_doubt': "{{count}} 條指令（{{actions}}）的答覆隨著連線一起遺失了。agent-1 把它們原封不動地再送一次，讓權威服務依據收據說明它們是否已生效；之後才重新認領和對帳。",
  'outage.what.continue': '繼續 {{item}}',
  'outage.what.start_new_work': '開始新工作',
  'outage.what.email_customer': '寄電子郵件給客戶',
  'outage.what.report_progress': "回報進度",
  'outage.what.complete': "提交 W1",
} as const satisfies Record<keyof typeof en, string>;
