/** 日本語: a search's bounds in words (namespace `bounds`). Source: ../en/bounds.ts. */
import type { bounds as en } from '../en/bounds';

export const bounds = {
  'bounds.all': '{{depth}}、{{crashes}}、{{drops}}、{{duplicates}}、{{cuts}}、{{clock}}、{{states}}、{{ms}}',
  'bounds.swarm': '最大 {{depth}} ステップのランダムウォーク {{runs}} 回、{{rest}}',
  'bounds.depth': '深さ ≤ {{n}}',
  'bounds.crashes_one': 'クラッシュ ≤ {{n}} 回',
  'bounds.crashes_other': 'クラッシュ ≤ {{n}} 回',
  'bounds.drops_one': '破棄 ≤ {{n}} 件',
  'bounds.drops_other': '破棄 ≤ {{n}} 件',
  'bounds.duplicates_one': '複製 ≤ {{n}} 件',
  'bounds.duplicates_other': '複製 ≤ {{n}} 件',
  'bounds.cuts_one': 'リンク切断 ≤ {{n}} 本',
  'bounds.cuts_other': 'リンク切断 ≤ {{n}} 本',
  'bounds.clock': 'ステップごとにクロック +{{advances}}',
  'bounds.no_clock': 'クロックは進めない',
  'bounds.states': '状態数 ≤ {{n}}',
  'bounds.ms': '≤ {{n}} ミリ秒',
} as const satisfies Record<keyof typeof en, string>;
