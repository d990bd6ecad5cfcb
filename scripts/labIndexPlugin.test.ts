import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { labIndexLocaleSource, labIndexSource } from './labIndexPlugin';

const watch = { addWatchFile: () => undefined };
const CJK = /[\u3040-\u30ff\u3400-\u9fff]/;
const moduleValue = (source: string): unknown => JSON.parse(source.replace(/^export default /, '').replace(/;$/, ''));

describe('virtual:lab-index', () => {
  it('the first page\'s index is English only (each language\'s titles are in its own module)', () => {
    const source = labIndexSource('labs', watch);
    expect(source.match(CJK)?.[0] ?? null).toBeNull();
    const entries = moduleValue(source) as { id: string; translations?: unknown }[];
    expect(entries.length).toBeGreaterThanOrEqual(13);
    expect(entries.filter((e) => e.translations !== undefined)).toEqual([]);
  });

  it.each(['zh-Hans', 'zh-Hant', 'ja'])('virtual:lab-index/%s holds the title and summary of every lab translated into it', (locale) => {
    const titles = moduleValue(labIndexLocaleSource('labs', locale, watch)) as Record<string, { title: string; summary: string }>;
    const translated = readdirSync('labs').filter((dir) => readdirSync(`labs/${dir}`).includes(`strings.${locale}.json`));
    expect(Object.keys(titles).sort()).toEqual(translated.sort());
    for (const words of Object.values(titles)) expect(`${words.title} ${words.summary}`).toMatch(CJK);
  });
});
