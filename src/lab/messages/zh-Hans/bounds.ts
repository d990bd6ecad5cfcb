/** 简体中文: a search's bounds in words (namespace `bounds`). Source: ../en/bounds.ts. */
import type { bounds as en } from '../en/bounds';

export const bounds = {
  'bounds.all': '{{depth}}，{{crashes}}，{{drops}}，{{duplicates}}，{{cuts}}，{{clock}}，{{states}}，{{ms}}',
  'bounds.swarm': '{{runs}} 次最多 {{depth}} 步的随机游走，{{rest}}',
  'bounds.depth': '深度 ≤ {{n}}',
  'bounds.crashes_one': '崩溃 ≤ {{n}} 次',
  'bounds.crashes_other': '崩溃 ≤ {{n}} 次',
  'bounds.drops_one': '丢弃 ≤ {{n}} 次',
  'bounds.drops_other': '丢弃 ≤ {{n}} 次',
  'bounds.duplicates_one': '复制 ≤ {{n}} 次',
  'bounds.duplicates_other': '复制 ≤ {{n}} 次',
  'bounds.cuts_one': '切断链路 ≤ {{n}} 条',
  'bounds.cuts_other': '切断链路 ≤ {{n}} 条',
  'bounds.clock': '每步时钟 +{{advances}}',
  'bounds.no_clock': '时钟不推进',
  'bounds.states': '状态数 ≤ {{n}}',
  'bounds.ms': '≤ {{n}} 毫秒',
} as const satisfies Record<keyof typeof en, string>;
