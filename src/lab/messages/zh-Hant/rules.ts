/** 繁體中文: rule citations with words. Source: ../en/rules.ts. */
import type { rules as en } from '../en/rules';

export const rules = {
  'rules.COMP-3': 'SPEC 9.8（種子 002 §8）',
  'rules.FENCE-1': 'SPEC §6 防護（M07 §7），MWP-WRK-019',
  'rules.FENCE-2': 'SPEC §1 所有權紀元，MWP-WRK-019',
  'rules.FENCE-3': 'SPEC §3 比較並設定，MWP-EVT-007',
} as const satisfies Record<keyof typeof en, string>;
