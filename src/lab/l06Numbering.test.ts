/**
 * L06's scenarios are numbered one way in every language: "<n>. " or "<n><letter>. "
 * (LangGraph's after "LangGraph "), never "Fault 5:" next to "4.".
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const lab = JSON.parse(readFileSync('labs/L06/lab.json', 'utf8')) as { scenarios: { id: string; title: string }[] };
const numbered = /^(?:LangGraph )?\d+[a-z]?\. \S/;

describe('L06 scenario numbering', () => {
  it('en: every title starts with its number', () => {
    expect(lab.scenarios.filter((s) => !numbered.test(s.title)).map((s) => s.title)).toEqual([]);
  });
  it.each(['ja', 'zh-Hans', 'zh-Hant'])('%s: every translated title starts with the same number as the English one', (lang) => {
    const strings = JSON.parse(readFileSync(`labs/L06/strings.${lang}.json`, 'utf8')) as { scenarios: Record<string, { title?: string }> };
    const wrong = lab.scenarios.flatMap((s) => {
      const title = strings.scenarios[s.id]?.title;
      if (title === undefined) return [];
      const number = (x: string) => numbered.exec(x)?.[0].replace(/\S$/, '');
      return number(title) === number(s.title) && number(title) !== undefined ? [] : [`${s.id}: ${title}`];
    });
    expect(wrong).toEqual([]);
  });
});
