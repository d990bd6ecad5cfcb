/** 日本語 app chrome. Same keys as ../en/app.ts (tsc checks); terms from docs/glossary.md. */
import type { AppStrings } from '../en/app';

export const app = {
  'language.label': '言語',
  'language.changed': '言語：{{name}}',


  'format.steps_one': '{{count}} ステップ',
  'format.steps_other': '{{count}} ステップ',
  'format.ticks_one': '{{count}} ティック',
  'format.ticks_other': '{{count}} ティック',
  'format.time': 't = {{t}}',
  'format.amount': '{{amount, cents}}',
} as const satisfies AppStrings;
