/** 日本語: the World's own step labels. Source: ../en/steps.ts. */
import type { steps as en } from '../en/steps';

export const steps = {
  'steps.start': '初期状態',
  'steps.advance': 'クロック +{{by}}',
  'steps.deliver_next': '次のフレームを配送',
  'steps.deliver': 'フレーム #{{frame}} を配送',
  'steps.drop_next': '次のフレームを破棄',
  'steps.drop': 'フレーム #{{frame}} を破棄',
  'steps.duplicate_next': '次のフレームを複製',
  'steps.duplicate': 'フレーム #{{frame}} を複製',
  'steps.crash_at': '{{point}} でのクラッシュを仕掛ける',
  'steps.restart': '{{node}} を再起動',
  'steps.partition': 'リンク {{a}} – {{b}} を切断',
  'steps.heal': 'すべてのリンクを復旧',
  'steps.invalid': '（無効：{{error}}）',
} as const satisfies Record<keyof typeof en, string>;
