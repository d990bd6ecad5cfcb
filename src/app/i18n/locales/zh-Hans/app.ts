/** 简体中文 app chrome. Same keys as ../en/app.ts (tsc checks); terms from docs/glossary.md. */
import type { AppStrings } from '../en/app';

export const app = {
  'language.label': '语言',
  'language.changed': '语言：{{name}}',

  'format.steps_one': '{{count}} 步',
  'format.steps_other': '{{count}} 步',
  'format.ticks_one': '{{count}} 刻',
  'format.ticks_other': '{{count}} 刻',
  'format.time': 't = {{t}}',
  'format.amount': '{{amount, cents}}',
} as const satisfies AppStrings;
