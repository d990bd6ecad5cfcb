/** 繁體中文 narration of the fencing lab (L07), namespace `fencing`. Source: ../en/fencing.ts. */
import type { fencing as en } from '../en/fencing';

export const fencing = {
  'fencing.setup': 't={{now}}：防護權杖 {{fence}} 為目前值，有效至 t={{until}}；每個租約持續 {{duration}} 刻。',
  'fencing.no_lease_to_renew': '{{worker}} 沒有可續租的租約。',
  'fencing.no_lease_to_release': '{{worker}} 沒有可釋放的租約。',
  'fencing.stalls': '{{worker}} 停頓了（例如一次很長的 GC 暫停）。送給它的訊框在網路中等待。',
  'fencing.wakes': '{{worker}} 在 t={{now}} 醒來，並不知道時間已經過去。',
  'fencing.lease_ran_out': '{{holder}} 的租約（防護權杖 {{fence}}）已於 t={{until}} 過期；權威服務將其標記為 expired。',
  'fencing.prepared': '{{worker}} 檢查自己的租約：在 t={{now}} 時防護權杖 {{fence}} 看似有效；它準備好這次寫入。',
  'fencing.declines_NO_LEASE': '{{worker}} 不寫入：它沒有租約。',
  'fencing.declines_LOCAL_LEASE_EXPIRED': '{{worker}} 不寫入：依它自己的時鐘，租約已經過期。',
  'fencing.declines_WRITE_IN_PROGRESS': '{{worker}} 不寫入：已有一次準備好的寫入。',
  'fencing.sends_write': '{{worker}} 帶著防護權杖 {{fence}} 送出寫入（於 t={{checked}} 檢查過，未再次檢查）。',
  'fencing.resource_accepted': '資源接受了 {{writer}} 帶防護權杖 {{fence}} 的寫入（{{reason}}；目前權杖 {{current}}，租約至 t={{until}}）。',
  'fencing.resource_accepted_no_lease': '資源接受了 {{writer}} 帶防護權杖 {{fence}} 的寫入（{{reason}}；沒有已知的租約）。',
  'fencing.resource_refused': '資源拒絕了 {{writer}} 帶防護權杖 {{fence}} 的寫入：{{reason}}（目前權杖 {{current}}，租約至 t={{until}}）。',
  'fencing.resource_refused_no_lease': '資源拒絕了 {{writer}} 帶防護權杖 {{fence}} 的寫入：{{reason}}（沒有已知的租約）。',
  'fencing.arranged': '已設定：防護權杖 {{fence}} 為目前值，有效至 t={{until}}；時鐘為 t={{now}}。',
  'fencing.acquire_refused': '權威服務拒絕了 {{worker}}：{{code}}（租約由 {{holder}} 持有至 t={{until}}）。',
  'fencing.granted': '權威服務授予 {{worker}} 防護權杖 {{fence}}，有效至 t={{until}}。',
  'fencing.renew_refused': '權威服務拒絕了 {{worker}} 對防護權杖 {{fence}} 的續租：LEASE_LOST（目前權杖 {{current}}，{{state}}）。',
  'fencing.renewed': '權威服務為 {{worker}} 的防護權杖 {{fence}} 續租至 t={{until}}。',
  'fencing.released': '權威服務從 {{worker}} 收回防護權杖 {{fence}}。',
  'fencing.release_stale': '防護權杖 {{fence}} 已不屬於 {{worker}}，無從釋放。',
  'fencing.late_update_ignored': '資源忽略了一則遲到的、針對較舊防護權杖 {{fence}} 的更新。',
} as const satisfies Record<keyof typeof en, string>;
