import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLab } from '../loader';
import type { Lab, LabLoad } from '../schema';
import { actionId, canonicalJson, localizeLab, type LabStrings } from './labStrings';

const labText = readFileSync('labs/L07/lab.json', 'utf8');
const english = (() => {
  const load = parseLab('labs/L07/lab.json', labText, 'readme');
  if (!load.ok) throw new Error(JSON.stringify(load.problems));
  return load.lab;
})();

/** A complete translation of `lab`: every ID, every field, marked so we can see it used. */
function complete(lab: Lab): LabStrings {
  const mark = (s: string) => `《${s}》`;
  return {
    locale: 'ja', source: 'abcdef0', title: mark(lab.title), summary: mark(lab.summary),
    groups: Object.fromEntries(lab.actions.map((a) => [a.group, mark(a.group)])),
    actions: Object.fromEntries(lab.actions.map((a) => [actionId(a.action), { label: mark(a.label), ...(a.help ? { help: mark(a.help) } : {}) }])),
    observables: Object.fromEntries(lab.observables.map((o) => [o.key, mark(o.meaning)])),
    scenarios: Object.fromEntries(lab.scenarios.map((s) => [s.id, { title: mark(s.title), ...(s.description ? { description: mark(s.description) } : {}) }])),
    exercises: Object.fromEntries(lab.exercises.map((e) => [e.id, {
      title: mark(e.title), prompt: mark(e.prompt),
      ...(e.kind === 'predict' ? { explanation: mark(e.explanation), choices: Object.fromEntries(e.choices.map((c) => [canonicalJson(c.value), mark(c.label)])) } : {}),
      ...(e.kind === 'reproduce' && e.hint ? { hint: mark(e.hint) } : {}),
    }])),
  };
}

const load = (strings: unknown, readme: string | null = '# L07 日本語'): LabLoad =>
  parseLab('labs/L07/lab.json', labText, 'readme', { ja: { strings: JSON.stringify(strings), readme } });
const fields = (result: LabLoad) => (result.ok ? [] : result.problems.map((p) => `${p.file} ${p.field}: ${p.message}`));

describe('per-locale lab strings', () => {
  it('a lab without strings files has not opted in and loads in English', () => {
    const result = parseLab('labs/L07/lab.json', labText, 'readme');
    expect(result.ok && result.lab.translations).toBeUndefined();
  });

  it('a complete translation loads and replaces every text a student reads', () => {
    const result = load(complete(english));
    expect(fields(result)).toEqual([]);
    if (!result.ok) return;
    const ja = localizeLab(result.lab, result.lab.translations?.ja);
    expect(ja.readme).toBe('# L07 日本語');
    const texts = [ja.title, ja.summary, ...ja.actions.flatMap((a) => [a.label, a.group, a.help ?? '《》']),
      ...ja.observables.map((o) => o.meaning), ...ja.scenarios.flatMap((s) => [s.title, s.description || '《》']),
      ...ja.exercises.flatMap((e) => [e.title, e.prompt, ...(e.kind === 'predict' ? [e.explanation, ...e.choices.map((c) => c.label)] : [])])];
    expect(texts.filter((t) => !t.startsWith('《'))).toEqual([]);
    // IDs, actions and answers are never touched.
    expect(ja.scenarios.map((s) => [s.id, s.actions])).toEqual(english.scenarios.map((s) => [s.id, s.actions]));
    expect(localizeLab(english, undefined)).toBe(english);
  });

  it('reports each missing translation as a lab problem naming the file and field', () => {
    // Whatever L07 holds today: its first scenario, an object action, a predict choice.
    const scenario = english.scenarios[0]!.id;
    const action = actionId(english.actions.find((a) => typeof a.action === 'object')!.action);
    const predict = english.exercises.find((e) => e.kind === 'predict')!;
    const choice = predict.kind === 'predict' ? canonicalJson(predict.choices[1]!.value) : '';
    const s = complete(english);
    delete s.scenarios[scenario];
    delete s.exercises[predict.id]!.choices![choice];
    delete s.actions[action];
    expect(fields(load(s))).toEqual([
      `labs/L07/strings.ja.json actions.${action}: missing ja translation`,
      `labs/L07/strings.ja.json scenarios.${scenario}: missing ja translation`,
      `labs/L07/strings.ja.json exercises.${predict.id}.choices.${choice}: missing ja translation`,
    ]);
  });

  it('reports a stale ID, a missing README, a wrong locale and a missing source hash', () => {
    const s = { ...complete(english), locale: 'zh-Hans' as const, scenarios: { ...complete(english).scenarios, 'gone-now': { title: 'x' } } };
    expect(fields(load(s, null))).toEqual([
      'labs/L07/strings.ja.json locale: says \'zh-Hans\' but the file name says \'ja\'',
      'labs/L07/strings.ja.json scenarios.gone-now: the lab has no such ID (renamed or removed since this was translated?)',
      'labs/L07/README.ja.md (file): missing ja narrative',
    ]);
    const { source: _source, ...noSource } = complete(english);
    expect(fields(load(noSource))).toEqual(['labs/L07/strings.ja.json source: Invalid input: expected string, received undefined']);
    expect(fields(parseLab('labs/L07/lab.json', labText, 'readme', { ja: { strings: '{', readme: 'x' } }))[0]).toMatch(/whole file.*not valid JSON/);
  });

  it('names actions by token or canonical JSON', () => {
    expect(actionId('A_write')).toBe('A_write');
    expect(actionId({ crash_at: 'resource.before_commit' })).toBe('{"crash_at":"resource.before_commit"}');
    expect(canonicalJson({ b: 1, a: [true, null] })).toBe('{"a":[true,null],"b":1}');
  });
});
