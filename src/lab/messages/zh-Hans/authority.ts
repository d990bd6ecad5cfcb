/** 简体中文 narration of the authority labs (L09, L12), namespace `authority`. Source: ../en/authority.ts. */
import type { authority as en } from '../en/authority';

export const authority = {
  'authority.setup': 'lead 创建了 {{group}}，并用 {{count}} 条签名命令完成初始化（事件 1–{{count}}）。',
  'authority.signs': '{{actor}} 签名 {{action_id}}（{{kind}}）；内容摘要 {{digest}}。',
  'authority.forged': '这个签名用的是 {{other}} 的密钥，而不是 {{actor}} 的。',
  'authority.race': '两者都在修订版本 {{revision}} 读到 {{work_item}} 并认领它。权威服务将它们串行处理。',
  'authority.tool_performed': '工具以 {{key}} 执行 {{work_item}} 的这次尝试。',
  'authority.tool_already_performed': '工具已经执行过 {{key}}：它返回第一次的结果，不再重复执行（MWP-WRK-018）。',
  'authority.swept_missed_start': '{{work_item}}：{{owner}}（纪元 {{epoch}}）没有在截止期限前重新开始；工作回到队列，由新所有者以更高的纪元接手。',
  'authority.swept_missed_renewal': '{{work_item}}：{{owner}}（纪元 {{epoch}}）没有按时续约；工作回到队列，由新所有者以更高的纪元接手。',
  'authority.kept_as_evidence': '{{actor}} 已不再持有 {{work_item}} 的租约：它的 {{kind}} 作为 Evidence 保存，而不是权威的结果（MWP-WRK-019）。',
  'authority.accepted': 'ACCEPTED {{who}}：事件 {{event}}（序列号 {{seq}}，{{aggregate}} 修订版本 {{revision}}），回执 {{receipt}}。',
  'authority.duplicate': 'DUPLICATE {{who}}：摘要 {{digest}} 与回执 {{receipt}} 一致；返回原来的回执，不追加任何内容（MWP-EVT-003）。',
  'authority.collision': 'ACTION_ID_COLLISION {{who}}：摘要 {{digest}} 不同 —— {{message}}（MWP-EVT-003）。',
  'authority.rejected': '{{code}} {{who}}：{{message}}。没有写入任何内容。',
} as const satisfies Record<keyof typeof en, string>;
