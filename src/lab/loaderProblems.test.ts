import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatMessageIn } from './i18n/messageCatalogs';
import { LOCALES } from './i18n/locales';
import { checkLabTranslation } from './i18n/labStrings';
import { parseLab } from './loader';
import { labFileSchema, type LabProblem } from './schema';

const L07 = readFileSync(resolve('labs/L07/lab.json'), 'utf8');

function problemsOf(change: (lab: Record<string, any>) => void, readme: string | null = '# narrative'): LabProblem[] { // eslint-disable-line @typescript-eslint/no-explicit-any
  const lab = JSON.parse(L07);
  change(lab);
  const load = parseLab('labs/LX/lab.json', JSON.stringify(lab), readme);
  if (load.ok) throw new Error('expected the lab to fail');
  return load.problems;
}

/** One broken file per problem shape the loader words itself, with the code it must carry. */
const BROKEN: [string, (lab: Record<string, any>) => void, string][] = [ // eslint-disable-line @typescript-eslint/no-explicit-any
  ['wrong type', (l) => { l.world.seed = 'seven'; }, 'problems.schema.invalid_type'],
  ['missing field', (l) => { delete l.title; }, 'problems.schema.invalid_type'],
  ['empty title', (l) => { l.title = ''; }, 'problems.schema.too_small_string'],
  ['unknown field', (l) => { l.colour = 'red'; }, 'problems.schema.unrecognized_key'],
  ['unknown fields', (l) => { l.colour = 'red'; l.size = 2; }, 'problems.schema.unrecognized_keys'],
  ['bad lab id', (l) => { l.id = 'lab7'; }, 'problems.schema.lab_id'],
  ['bad scenario id', (l) => { l.scenarios[0].id = 'Not OK'; }, 'problems.schema.slug'],
  ['exercise kind', (l) => { l.exercises[0].kind = 'guess'; }, 'problems.schema.discriminator'],
  ['unknown model', (l) => { l.model = 'nope'; }, 'problems.unknown_model'],
  ['unknown switch', (l) => { l.world.switches = { colour: 'red' }; }, 'problems.unknown_switch'],
  ['switch value', (l) => { l.world.switches = { resource: 'sometimes' }; }, 'problems.switch_value'],
  ['duplicate scenario', (l) => { l.scenarios[1].id = l.scenarios[0].id; }, 'problems.duplicate_scenario'],
  ['duplicate exercise', (l) => { l.exercises[1].id = l.exercises[0].id; }, 'problems.duplicate_exercise'],
  ['no README', () => {}, 'problems.no_readme'],
];

describe('lab-file problems as codes', () => {
  it.each(BROKEN)('%s: a stable code, and its English is the CLI\'s text', (_, change, code) => {
    const problems = problemsOf(change, code === 'problems.no_readme' ? null : '# narrative');
    expect(problems.map((p) => p.code)).toContain(code);
    for (const p of problems) {
      expect(p.code).toMatch(/^problems\./);
      // The English catalog renders exactly what the CLI prints.
      expect(formatMessageIn('en', { key: p.code!, params: p.params })).toBe(p.message);
    }
  });

  it('schema problems keep zod\'s own English, word for word', () => {
    for (const [, change] of BROKEN.slice(0, 8)) {
      const lab = JSON.parse(L07);
      change(lab);
      const issues = labFileSchema.safeParse(lab).error!.issues;
      expect(problemsOf(change).map((p) => p.message)).toEqual(issues.map((i) => i.message));
    }
  });

  it('every code reads in every locale, filled, and not as English (except texts shown as they come)', () => {
    for (const [, change, code] of BROKEN) {
      const problem = problemsOf(change, code === 'problems.no_readme' ? null : '# narrative').find((p) => p.code === code)!;
      for (const locale of LOCALES.filter((l) => l !== 'en')) {
        const text = formatMessageIn(locale, { key: code, params: problem.params });
        expect(text).not.toMatch(/\{\{|problems\./);
        expect(text, `${locale} ${code}`).not.toBe(problem.message);
      }
    }
  });

  it('a model\'s own check is shown as it said it, under problems.as_said', () => {
    const [problem] = problemsOf((l) => { l.scenarios[1].actions[2] = { crash_at: 'nowhere' }; });
    expect(problem).toMatchObject({ code: 'problems.as_said', field: 'scenarios[1].actions[2]' });
    expect(problem!.message).toMatch(/unknown fault point 'nowhere'/);
  });

  it('a missing translation is a lab problem with a code, read in the student\'s language', () => {
    const lab = parseLab('labs/L07/lab.json', L07, '# narrative');
    if (!lab.ok) throw new Error('L07 should load');
    const strings = JSON.parse(readFileSync(resolve('labs/L07/strings.zh-Hans.json'), 'utf8'));
    delete strings.scenarios[lab.lab.scenarios[0]!.id];
    const result = checkLabTranslation(lab.lab, 'zh-Hans', 'labs/L07/strings.zh-Hans.json', { strings: JSON.stringify(strings), readme: '# 说明' });
    const missing = result.problems.find((p) => p.code === 'problems.missing_translation')!;
    expect(missing.message).toBe('missing zh-Hans translation');
    expect(formatMessageIn('zh-Hans', { key: missing.code!, params: missing.params })).toBe('缺少 zh-Hans 翻译');
  });
});
