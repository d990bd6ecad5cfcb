/** 简体中文 invariant statements, namespace `invariants`. Source: ../en/invariants.ts; terms: docs/glossary.md. */
import type { invariants as en } from '../en/invariants';

export const invariants = {
  'invariants.AUTH-1': '每个 Group 的事件历史按 1、2、3 … 连续编号，一直到它的序列号计数器：没有事件被删除或重新编号。',
  'invariants.AUTH-2': '每个事件恰好有一条回执和一行发件箱记录。',
  'invariants.AUTH-3': '状态表与由事件逐条折叠得出的状态相同。',
  'invariants.AUTH-4': '工作项的所有权纪元只增不减。',
  'invariants.COMP-1': '行程的状态就是航空公司和酒店实际持有的状态。',
  'invariants.COMP-2': '失败的补偿，或代理无权执行的补偿，会交给人处理，绝不会被丢弃。',
  'invariants.COMP-3': '每个实际执行的补偿步骤都依据一项授权：它允许该执行者做这一步，且在执行时仍然有效；每个步骤都记录结果。',
  'invariants.FENCE-1': '在过期的 fence 或已过期的租约下，任何写入都不会被接受。',
  'invariants.FENCE-2': '每次授予的 fence 都比上一次更高。',
  'invariants.OUT-1': '离线时不执行任何不可逆或外部可见的动作。',
  'invariants.OUT-2': '离线工作不超出宽限期。',
  'invariants.OUT-3': '一次核对要么整体生效，要么完全不生效：同一次核对中不会一条缓冲的报告被接受、另一条却被拒绝。',
  'invariants.PROJ-1': '持久游标从不越过间隙。',
  'invariants.PROJ-2': 'ACK 从不回退，也从不超过 Worker 已持久保存的位置。',
  'invariants.PROJ-3': '每个已接受的事件最多应用一次。',
  'invariants.PROJ-4': '每个 Group 的投影都等于用该 Group 直到其游标的事件重建出的结果。',
  'invariants.PROJ-5': '被墓碑记录删除的字段在任何地方都不再提供：重放、快照、归档和存储的历史中都没有。',
  'invariants.REF-1': '账本中每个意图最多只有一笔退款。',
  'invariants.REF-2': '已确认的意图指向它唯一的那笔退款：重试返回同样的结果。',
  'invariants.REF-3': '每笔退款都带着其意图获得审批时的参数。',
  'invariants.REF-4': '没有退款就不会报告 CONFIRMED，有退款就不会报告 REJECTED：无法判定的保持 UNKNOWN。',
  'invariants.REF-5': '订单的可退款余额永远不会变成负数。',
  'invariants.LG-LEDGER-1': '每个意图最多只有一笔退款：供应商的账本中每个操作最多一行。',
  'invariants.LG-APPROVAL-1': '审批一旦给出就不会再次请求（这次暂停在崩溃后依然保留）。',
} as const satisfies Record<keyof typeof en, string>;
