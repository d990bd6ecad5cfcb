import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLab } from '../loader';
import { readLabTranslations } from './nodeTranslations';
import { badAmount, fillAmounts } from './labAmounts';

describe('amounts in lab text', () => {
  it('spells {{cents:N}} as currency in the language of the text', () => {
    expect(fillAmounts('starts at {{cents:30000}}.', 'en')).toBe('starts at $300.00.');
    expect(fillAmounts('{{cents:30000}} から', 'ja')).toBe('$300.00 から');
    expect(fillAmounts('初始为 {{ cents : 5 }}', 'zh-Hans')).toBe('初始为 US$0.05');
    expect(fillAmounts('{{cents:-300}} / {{cents:0}}', 'zh-Hant')).toBe('-US$3.00 / US$0.00');
    expect(fillAmounts('no amount, {{other}} left alone', 'en')).toBe('no amount, {{other}} left alone');
  });

  it('names a malformed amount and nothing else', () => {
    for (const bad of ['{{cents:1.5}}', '{{cents}}', '{{cents:}}', '{{cents:ten}}', '{{cents:100']) expect(badAmount(`a ${bad} b`)).not.toBeNull();
    for (const good of ['{{cents:100}}', '{{ cents: -5 }}', 'plain text', '{{amount}}', 'in cents.']) expect(badAmount(good)).toBeNull();
  });

  it('a lab file or a translation with a malformed amount is a lab problem naming the field', () => {
    const dir = 'labs/L02';
    const text = readFileSync(`${dir}/lab.json`, 'utf8');
    const readme = readFileSync(`${dir}/README.md`, 'utf8');
    const translations = readLabTranslations(dir);
    expect(text).toContain('{{cents:30000}}');
    const broken = parseLab(`${dir}/lab.json`, text.replace('{{cents:30000}}', '{{cents:300.00}}'), readme, translations);
    expect(broken.ok).toBe(false);
    if (!broken.ok) {
      expect(broken.problems.map((p) => `${p.file} ${p.field}: ${p.message}`)).toEqual([
        `${dir}/lab.json exercises[0].prompt: an amount is written {{cents:30000}}, in whole cents; this reads {{cents:300.00}}`,
      ]);
    }
    const ja = translations.ja!;
    const brokenJa = parseLab(`${dir}/lab.json`, text, readme, { ...translations, ja: { ...ja, strings: ja.strings!.replace('{{cents:30000}}', '{{cents:30,000}}') } });
    expect(!brokenJa.ok && brokenJa.problems.map((p) => `${p.file} ${p.field}`)).toEqual([`${dir}/strings.ja.json exercises.declined-balance.prompt`]);
  });

  it('titles and summaries hold no amount: the catalog shows them as written, before any lab is loaded', () => {
    for (const dir of readdirSync('labs').filter((d) => existsSync(`labs/${d}/lab.json`))) {
      const files = [`labs/${dir}/lab.json`, ...readdirSync(`labs/${dir}`).filter((f) => /^strings\..+\.json$/.test(f)).map((f) => `labs/${dir}/${f}`)];
      for (const file of files) {
        const { title, summary } = JSON.parse(readFileSync(file, 'utf8')) as { title: string; summary: string };
        expect(`${file}: ${title} ${summary}`).not.toMatch(/\{\{\s*cents/);
      }
    }
  });

  it('the loaded lab reads in each language as formatMoney spells it there', () => {
    const dir = 'labs/L02';
    const loaded = parseLab(`${dir}/lab.json`, readFileSync(`${dir}/lab.json`, 'utf8'), readFileSync(`${dir}/README.md`, 'utf8'), readLabTranslations(dir));
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
    const prompt = (p: { exercises: { prompt: string }[] }) => p.exercises[0]!.prompt;
    expect(prompt(loaded.lab)).toContain('$300.00');
    expect(JSON.stringify(loaded.lab.translations?.['zh-Hans'])).toContain('US$300.00');
  });
});
