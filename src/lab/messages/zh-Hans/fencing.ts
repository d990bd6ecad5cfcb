/** 简体中文 narration of the fencing lab (L07), namespace `fencing`. Source: ../en/fencing.ts. */
import type { fencing as en } from '../en/fencing';

export const fencing = {
  'fencing.setup': 't={{now}}：fence {{fence}} 为当前值，有效至 t={{until}}；每个租约持续 {{duration}} 刻。',
  'fencing.no_lease_to_renew': '{{worker}} 没有可续约的租约。',
  'fencing.no_lease_to_release': '{{worker}} 没有可释放的租约。',
  'fencing.stalls': '{{worker}} 停顿了（比如一次很长的 GC 暂停）。发给它的帧在网络中等待。',
  'fencing.wakes': '{{worker}} 在 t={{now}} 醒来，并不知道时间已经过去。',
  'fencing.lease_ran_out': '{{holder}} 的租约（fence {{fence}}）已于 t={{until}} 过期；权威服务将其标记为 expired。',
  'fencing.prepared': '{{worker}} 检查自己的租约：在 t={{now}} 时 fence {{fence}} 看起来有效；它准备好这次写入。',
  'fencing.declines_NO_LEASE': '{{worker}} 不写入：它没有租约。',
  'fencing.declines_LOCAL_LEASE_EXPIRED': '{{worker}} 不写入：按它自己的时钟，租约已经过期。',
  'fencing.declines_WRITE_IN_PROGRESS': '{{worker}} 不写入：已有一次准备好的写入。',
  'fencing.sends_write': '{{worker}} 带着 fence {{fence}} 发出写入（在 t={{checked}} 检查过，没有再次检查）。',
  'fencing.resource_accepted': '资源接受了 {{writer}} 带 fence {{fence}} 的写入（{{reason}}；当前 fence {{current}}，租约至 t={{until}}）。',
  'fencing.resource_accepted_no_lease': '资源接受了 {{writer}} 带 fence {{fence}} 的写入（{{reason}}；没有已知的租约）。',
  'fencing.resource_refused': '资源拒绝了 {{writer}} 带 fence {{fence}} 的写入：{{reason}}（当前 fence {{current}}，租约至 t={{until}}）。',
  'fencing.resource_refused_no_lease': '资源拒绝了 {{writer}} 带 fence {{fence}} 的写入：{{reason}}（没有已知的租约）。',
  'fencing.arranged': '已设定：fence {{fence}} 为当前值，有效至 t={{until}}；时钟为 t={{now}}。',
  'fencing.acquire_refused': '权威服务拒绝了 {{worker}}：{{code}}（租约由 {{holder}} 持有至 t={{until}}）。',
  'fencing.granted': '权威服务授予 {{worker}} fence {{fence}}，有效至 t={{until}}。',
  'fencing.renew_refused': '权威服务拒绝了 {{worker}} 对 fence {{fence}} 的续约：LEASE_LOST（当前 fence {{current}}，{{state}}）。',
  'fencing.renewed': '权威服务为 {{worker}} 的 fence {{fence}} 续约至 t={{until}}。',
  'fencing.released': '权威服务从 {{worker}} 收回 fence {{fence}}。',
  'fencing.release_stale': 'fence {{fence}} 已经不属于 {{worker}}，无从释放。',
  'fencing.late_update_ignored': '资源忽略了一条迟到的、针对较旧 fence {{fence}} 的更新。',
} as const satisfies Record<keyof typeof en, string>;
