/** 繁體中文: a search's bounds in words (namespace `bounds`). Source: ../en/bounds.ts. */
import type { bounds as en } from '../en/bounds';

export const bounds = {
  'bounds.all': '{{depth}}，{{crashes}}，{{drops}}，{{duplicates}}，{{cuts}}，{{clock}}，{{states}}，{{ms}}',
  'bounds.swarm': '{{runs}} 次最多 {{depth}} 步的隨機漫步，{{rest}}',
  'bounds.depth': '深度 ≤ {{n}}',
  'bounds.crashes_one': '崩潰 ≤ {{n}} 次',
  'bounds.crashes_other': '崩潰 ≤ {{n}} 次',
  'bounds.drops_one': '丟棄 ≤ {{n}} 次',
  'bounds.drops_other': '丟棄 ≤ {{n}} 次',
  'bounds.duplicates_one': '複製 ≤ {{n}} 次',
  'bounds.duplicates_other': '複製 ≤ {{n}} 次',
  'bounds.cuts_one': '切斷連結 ≤ {{n}} 條',
  'bounds.cuts_other': '切斷連結 ≤ {{n}} 條',
  'bounds.clock': '每步時鐘 +{{advances}}',
  'bounds.no_clock': '時鐘不推進',
  'bounds.states': '狀態數 ≤ {{n}}',
  'bounds.ms': '≤ {{n}} 毫秒',
} as const satisfies Record<keyof typeof en, string>;
