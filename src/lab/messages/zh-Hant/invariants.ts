/** 繁體中文 invariant statements, namespace `invariants`. Source: ../en/invariants.ts; terms: docs/glossary.md. */
import type { invariants as en } from '../en/invariants';

export const invariants = {
  'invariants.AUTH-1': '每個 Group 的事件歷史記錄依 1、2、3 … 連續編號，一直到它的序列計數器：沒有事件被移除或重新編號。',
  'invariants.AUTH-2': '每個事件恰好有一筆收據和一列寄件匣記錄。',
  'invariants.AUTH-3': '狀態表與由事件逐筆折疊得出的狀態相同。',
  'invariants.AUTH-4': '工作項目的所有權紀元只增不減。',
  'invariants.COMP-1': '行程的狀態就是航空公司和飯店實際持有的狀態。',
  'invariants.COMP-2': '失敗的補償，或代理無權執行的補償，會交給人處理，絕不會被丟棄。',
  'invariants.COMP-3': '每個實際執行的補償步驟都依據一項授權：它允許該執行者做這一步，且在執行時仍然有效；每個步驟都記錄結果。',
  'invariants.FENCE-1': '在過期的防護權杖或已過期的租約下，任何寫入都不會被接受。',
  'invariants.FENCE-2': '每次授予的防護權杖都比上一次更高。',
  'invariants.OUT-1': '離線時不執行任何不可逆或外部可見的動作。',
  'invariants.OUT-2': '離線工作不超出寬限期。',
  'invariants.OUT-3': '一次對帳要麼整體生效，要麼完全不生效：同一次對帳中不會一筆緩衝的報告被接受、另一筆卻被拒絕。',
  'invariants.PROJ-1': '持久遊標從不越過間隙。',
  'invariants.PROJ-2': 'ACK 從不倒退，也從不超過 Worker 已持久保存的位置。',
  'invariants.PROJ-3': '每個已接受的事件最多套用一次。',
  'invariants.PROJ-4': '每個 Group 的投影都等於用該 Group 直到其遊標的事件重建出的結果。',
  'invariants.PROJ-5': '被邏輯刪除記錄移除的欄位在任何地方都不再提供：重播、快照、封存和儲存的歷史中都沒有。',
  'invariants.REF-1': '帳本中每個意圖最多只有一筆退款。',
  'invariants.REF-2': '已確認的意圖指向它唯一的那筆退款：重試會傳回相同的結果。',
  'invariants.REF-3': '每筆退款都帶著其意圖獲得批准時的參數。',
  'invariants.REF-4': '沒有退款就不會回報 CONFIRMED，有退款就不會回報 REJECTED：無法判定的維持 UNKNOWN。',
  'invariants.REF-5': '訂單的可退款餘額永遠不會變成負數。',
  'invariants.LG-LEDGER-1': '每個意圖最多只有一筆退款：供應商的帳本中每個操作最多一列。',
  'invariants.LG-APPROVAL-1': '批准一旦給出就不會再次請求（這次暫停在崩潰後依然保留）。',
} as const satisfies Record<keyof typeof en, string>;
