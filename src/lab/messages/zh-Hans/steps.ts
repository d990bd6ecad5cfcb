/** 简体中文: the World's own step labels. Source: ../en/steps.ts. */
import type { steps as en } from '../en/steps';

export const steps = {
  'steps.start': '初始状态',
  'steps.advance': '时钟 +{{by}}',
  'steps.deliver_next': '投递下一帧',
  'steps.deliver': '投递帧 #{{frame}}',
  'steps.drop_next': '丢弃下一帧',
  'steps.drop': '丢弃帧 #{{frame}}',
  'steps.duplicate_next': '复制下一帧',
  'steps.duplicate': '复制帧 #{{frame}}',
  'steps.crash_at': '在 {{point}} 设置崩溃',
  'steps.restart': '重启 {{node}}',
  'steps.partition': '切断链路 {{a}} – {{b}}',
  'steps.heal': '恢复所有链路',
  'steps.invalid': '（无效：{{error}}）',
} as const satisfies Record<keyof typeof en, string>;
