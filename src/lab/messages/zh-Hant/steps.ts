/** 繁體中文: the World's own step labels. Source: ../en/steps.ts. */
import type { steps as en } from '../en/steps';

export const steps = {
  'steps.start': '初始狀態',
  'steps.advance': '時鐘 +{{by}}',
  'steps.deliver_next': '投遞下一個訊框',
  'steps.deliver': '投遞訊框 #{{frame}}',
  'steps.drop_next': '丟棄下一個訊框',
  'steps.drop': '丟棄訊框 #{{frame}}',
  'steps.duplicate_next': '複製下一個訊框',
  'steps.duplicate': '複製訊框 #{{frame}}',
  'steps.crash_at': '在 {{point}} 設定崩潰',
  'steps.restart': '重啟 {{node}}',
  'steps.partition': '切斷連結 {{a}} – {{b}}',
  'steps.heal': '恢復所有連結',
  'steps.invalid': '（無效：{{error}}）',
} as const satisfies Record<keyof typeof en, string>;
