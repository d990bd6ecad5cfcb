/** 简体中文: rule citations with words. Source: ../en/rules.ts. */
import type { rules as en } from '../en/rules';

export const rules = {
  'rules.COMP-3': 'SPEC 9.8（种子 002 §8）',
  'rules.FENCE-1': 'SPEC §6 fencing（M07 §7），MWP-WRK-019',
  'rules.FENCE-2': 'SPEC §1 所有权纪元，MWP-WRK-019',
  'rules.FENCE-3': 'SPEC §3 比较并设置，MWP-EVT-007',
} as const satisfies Record<keyof typeof en, string>;
