/** 简体中文 notes of the bounded-outage lab (L13). Source: ../en/outage.ts. Terms: docs/glossary.md. */
import type { outage as en } from '../en/outage';

export const outage = {
  'outage.setup': 'agent-1 在 {{lease}} 下执行 {{item}}（会话 1）。离线时它给自己 {{grace}} 刻的宽限期；任务预算为 {{budget, cents}}。',
  'outage.offline': 'agent-1 从 t={{at}} 起离线；它的宽限期在 t={{until}} 结束。',
  'outage.online': 'agent-1 重新上线。新的连接就是新的会话：提交任何东西之前，它必须先核对。',
  'outage.refused': 'agent-1 拒绝执行“{{what}}”：{{reason}}。',
  'outage.work': 'agent-1 为 {{item}} 计算了又一个可逆的步骤。',
  'outage.work_offline': 'agent-1 在离线状态下为 {{item}} 计算了又一个可逆的步骤（宽限期还剩 {{grace}} 刻）。',
  'outage.new_work_ungranted': 'agent-1 开始了从未被授予的新工作。',
  'outage.no_other_work': '没有其他排队的工作可以开始。',
  'outage.irreversible': 'agent-1 在 {{lease}} 下执行“{{what}}”。',
  'outage.irreversible_offline': 'agent-1 在离线时执行“{{what}}”——它无法知道自己的租约是否仍然有效。',
  'outage.buffered': '离线：{{kind}} {{action}} 连同它的绑定信息一起被缓冲（会话 {{session}}，{{lease}}）。',
  'outage.reconcile': '核对：{{count}} 条缓冲的命令变基到 {{lease}}（会话 {{session}}），以新的 Action ID 重新签名，并作为一条命令 {{action}} 发送：进度和它的扣费要么一起生效，要么都不生效。',
  'outage.rebased_one_by_one': '{{count}} 条缓冲的命令变基到 {{lease}}（会话 {{session}}），并逐条发送。',
  'outage.abandoned': '核对：{{reason}}。{{count}} 条缓冲的命令作为记录保留，不会发送。',
  'outage.authority_answer': '权威服务：{{kind}} {{action}} → {{code}} {{detail}}',
  'outage.new_session': '新会话 {{epoch}}：旧租约已被撤销（{{revoked}} 回到 queued）。agent-1 重新认领 {{item}}。',
  'outage.new_session_none': '新会话 {{epoch}}：旧租约已被撤销（没有工作项回到 queued）。agent-1 重新认领 {{item}}。',
  'outage.in_doubt': "{{count}} 条命令（{{actions}}）的答复随着连接一起丢失了。agent-1 把它们原封不动地再发一次，让权威服务根据回执说明它们是否已生效；之后才重新认领和核对。",
  'outage.what.continue': '继续 {{item}}',
  'outage.what.start_new_work': '开始新工作',
  'outage.what.email_customer': '给客户发邮件',
  'outage.what.report_progress': "报告进度",
  'outage.what.complete': "提交 W1",
} as const satisfies Record<keyof typeof en, string>;
