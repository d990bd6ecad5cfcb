/** 简体中文 templates for the LangGraph workflow model (L05, L06). Source: ../en/workflow.ts. Terms: docs/glossary.md. */
import type { workflow as en } from '../en/workflow';

export const workflow = {
  'workflow.model_answered': '模型供应商回答了第 #{{call}} 次调用（已计费）：“{{answer}}”。',
  'workflow.node_failed': '节点 {{node}} 失败（是错误，不是崩溃）：LangGraph 保留了同级节点已经写入的内容。',
  'workflow.run_failed': '运行因错误而停止（{{why}}）；重试会从它的检查点恢复执行。',
  'workflow.refused': '商店拒绝了这个意图：{{code}}。',
  'workflow.intent': 'approve 节点从商店拿到意图 {{operation}}（{{code}}）。',
  'workflow.sending': 'submit 节点用幂等键 {{key}} 发送 {{operation}} 的退款。',
  'workflow.no_answer': '{{operation}} 没有收到答复：它的结果是 UNKNOWN。',
  'workflow.run_lost': '运行状态丢失了（设计：{{design}}）：工作流从头开始。',
  'workflow.still_waiting': 'A 恢复它的线程：仍停在 approve 之前，等待审批事件。',
  'workflow.resuming': 'A 在同一个 saver 上编译新的图并恢复线程（下一步：{{next}}）。',
  'workflow.waiting_for_approval': '运行停在审批断点；请客户审批。',
  'workflow.approval_event': '审批 {{approval}} 已记录在商店中。',
  'workflow.duplicate_approval': '同一个审批事件再次到达。',
  'workflow.approval_expired': '审批已过期。',
  'workflow.order_edited': '订单被修改了：订单版本已变化。',
  'workflow.resubmitted': '调用方用另一个金额重新提交了这个意图：{{code}}。',
  'workflow.provider_answers': '供应商答复 {{status}}（是否根据幂等记录重放：{{replayed}}）。',
  'workflow.answer_lost': '供应商的答复在返回途中丢失。',
  'workflow.stall_armed': '已设置：工作者 A 的下一次 submit 会在纪元检查之后、带着已构造好的请求停住。',
  'workflow.stalled': '{{worker}} 通过了 {{operation}} 的纪元检查（纪元 {{epoch}}），构造好请求后在发送前停住了。',
  'workflow.taken_over': '工作者 B 接管了 {{operation}}：所有者纪元为 {{epoch}}。',
  'workflow.takeover_resumes': '{{worker}} 在同一批检查点上编译图并恢复该线程（下一步：{{next}}）；LangGraph 并不知道第一次运行仍然活着。',
  'workflow.woke': '工作者 A 醒来继续执行：纪元检查已经过去，于是它发送了之前构造好的请求。',
  'workflow.fenced': '{{worker}} 没有为 {{operation}} 记录任何结果：商店的栅栏已经是纪元 {{epoch}}。',
} as const satisfies Record<keyof typeof en, string>;
