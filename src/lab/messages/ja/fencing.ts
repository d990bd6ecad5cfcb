/** 日本語 narration of the fencing lab (L07), namespace `fencing`. Source: ../en/fencing.ts. */
import type { fencing as en } from '../en/fencing';

export const fencing = {
  'fencing.setup': 't={{now}}：フェンス {{fence}} が t={{until}} まで有効な現在値です。リースは 1 回 {{duration}} ティック続きます。',
  'fencing.no_lease_to_renew': '{{worker}} には更新できるリースがありません。',
  'fencing.no_lease_to_release': '{{worker}} には解放できるリースがありません。',
  'fencing.stalls': '{{worker}} が停止します（長い GC 停止など）。{{worker}} 宛てのフレームはネットワークで待ちます。',
  'fencing.wakes': '{{worker}} が t={{now}} に再開します。時間が過ぎたことには気づいていません。',
  'fencing.lease_ran_out': '{{holder}} のリース（フェンス {{fence}}）は t={{until}} に期限切れになりました。権威サービスは expired と記録します。',
  'fencing.prepared': '{{worker}} がリースを確認します。t={{now}} ではフェンス {{fence}} は有効に見えるので、書き込みを準備します。',
  'fencing.declines_NO_LEASE': '{{worker}} は書き込みません。リースを持っていないからです。',
  'fencing.declines_LOCAL_LEASE_EXPIRED': '{{worker}} は書き込みません。自分の時計ではリースが期限切れだからです。',
  'fencing.declines_WRITE_IN_PROGRESS': '{{worker}} は書き込みません。準備済みの書き込みがすでにあります。',
  'fencing.sends_write': '{{worker}} がフェンス {{fence}} 付きの書き込みを送ります（t={{checked}} に確認したまま、再確認はしません）。',
  'fencing.resource_accepted': 'リソースは {{writer}} のフェンス {{fence}} 付きの書き込みを受け入れました（{{reason}}。現在のフェンス {{current}}、リースは t={{until}} まで）。',
  'fencing.resource_accepted_no_lease': 'リソースは {{writer}} のフェンス {{fence}} 付きの書き込みを受け入れました（{{reason}}。既知のリースはありません）。',
  'fencing.resource_refused': 'リソースは {{writer}} のフェンス {{fence}} 付きの書き込みを拒否しました：{{reason}}（現在のフェンス {{current}}、リースは t={{until}} まで）。',
  'fencing.resource_refused_no_lease': 'リソースは {{writer}} のフェンス {{fence}} 付きの書き込みを拒否しました：{{reason}}（既知のリースはありません）。',
  'fencing.arranged': '設定：フェンス {{fence}} が t={{until}} まで有効な現在値、時計は t={{now}} です。',
  'fencing.acquire_refused': '権威サービスは {{worker}} を拒否しました：{{code}}（{{holder}} が t={{until}} まで保持）。',
  'fencing.granted': '権威サービスは {{worker}} にフェンス {{fence}} を与えました。t={{until}} まで有効です。',
  'fencing.renew_refused': '権威サービスは {{worker}} のフェンス {{fence}} のリース更新を拒否しました：LEASE_LOST（現在のフェンス {{current}}、{{state}}）。',
  'fencing.renewed': '権威サービスは {{worker}} のフェンス {{fence}} を t={{until}} まで更新しました。',
  'fencing.released': '権威サービスは {{worker}} からフェンス {{fence}} を回収しました。',
  'fencing.release_stale': 'フェンス {{fence}} はもう {{worker}} のものではないため、解放できません。',
  'fencing.late_update_ignored': 'リソースは古いフェンス {{fence}} に対する遅れた更新を無視します。',
} as const satisfies Record<keyof typeof en, string>;
