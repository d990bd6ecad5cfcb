/**
 * Every line the LangGraph labs narrate while their scenarios run reads whole in English:
 * no placeholder left empty ("resumes the thread (next: )" when the latest checkpoint's
 * tasks had already saved their writes) and none left unfilled.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMessage } from '../core/message';
import { formatMessage } from './i18n/catalogRegistry';
import { loadLabsFromDir } from './nodeFiles';
import { runPlan } from './play';
import { useSqlJs } from '../test/sqljs';

useSqlJs();

describe('LangGraph narration', () => {
  it('names where every resumed thread goes on, in every scenario of every lab on this model', async () => {
    const lines: string[] = [];
    for (const load of loadLabsFromDir(resolve('labs'))) {
      if (!load.ok || load.lab.model !== 'workflow') continue;
      const lab = load.lab;
      for (const sc of lab.scenarios) {
        await runPlan(lab, {
          start: { initial: sc.initial, switches: sc.switches }, actions: sc.actions, cannotStart: () => null,
          judge: (world) => { for (const entry of world.trace) for (const note of entry.notes) lines.push(isMessage(note) ? formatMessage(note) : note); return null; },
        });
      }
    }
    expect(lines.some((l) => l.includes('resumes the thread'))).toBe(true);
    expect(lines.filter((l) => /\(\s*\)|: \)|\(next: \)|\{\{/.test(l))).toEqual([]);
  }, 300_000);
});
