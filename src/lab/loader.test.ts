import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLab } from './loader';
import { loadLabsFromDir } from './nodeFiles';

const L07 = readFileSync(resolve('labs/L07/lab.json'), 'utf8');
const README = '# narrative';

function problemsOf(text: string, readme: string | null = README) {
  const load = parseLab('labs/LX/lab.json', text, readme);
  if (load.ok) throw new Error('expected the lab to fail');
  return load.problems;
}

function withChange(change: (lab: Record<string, any>) => void): string { // eslint-disable-line @typescript-eslint/no-explicit-any
  const lab = JSON.parse(L07);
  change(lab);
  return JSON.stringify(lab);
}

describe('lab loading', () => {
  it('every lab in labs/ loads', () => {
    const loads = loadLabsFromDir(resolve('labs'));
    expect(loads.length).toBeGreaterThan(0);
    for (const load of loads) expect(load.ok ? 'ok' : load.problems).toBe('ok');
  });

  it('the broken fixture fails naming its file and the field', () => {
    const [load] = loadLabsFromDir(resolve('e2e/fixtures'), resolve('.'));
    expect(load).toMatchObject({ ok: false, id: 'L98', file: 'e2e/fixtures/broken-lab/lab.json' });
    expect(load!.ok ? [] : load!.problems).toEqual([
      { file: 'e2e/fixtures/broken-lab/lab.json', field: 'world.seed', message: 'Invalid input: expected number, received string',
        code: 'problems.schema.invalid_type', params: { expected: 'number', received: 'string' } },
    ]);
  });

  it('reports JSON syntax errors', () => {
    expect(problemsOf('{ "id": ')[0]).toMatchObject({ field: '(whole file)', message: expect.stringMatching(/not valid JSON/) });
  });

  it('reports unknown fields, unknown models and bad starting states by path', () => {
    expect(problemsOf(withChange((l) => { l.colour = 'red'; }))[0]!.message).toMatch(/colour/);
    expect(problemsOf(withChange((l) => { l.model = 'nope'; }))).toEqual([
      { file: 'labs/LX/lab.json', field: 'model', message: expect.stringMatching(/unknown model 'nope'/), code: 'problems.unknown_model', params: expect.objectContaining({ model: 'nope' }) },
    ]);
    expect(problemsOf(withChange((l) => { l.world.initial.now = 'soon'; }))[0]).toMatchObject({ field: 'world.initial' });
  });

  it('checks every palette and scenario action against the model vocabulary', () => {
    const problems = problemsOf(withChange((l) => {
      l.actions[0].action = 'C_acquire';
      l.scenarios[1].actions[2] = { crash_at: 'nowhere' };
    }));
    expect(problems.map((p) => p.field)).toEqual(['actions[0].action', 'scenarios[1].actions[2]']);
    expect(problems[1]!.message).toMatch(/unknown fault point 'nowhere'/);
  });

  it('checks switches and duplicate scenario ids', () => {
    const problems = problemsOf(withChange((l) => {
      l.world.switches = { resource: 'sometimes' };
      l.scenarios[1].id = l.scenarios[0].id;
    }));
    expect(problems.map((p) => p.field)).toEqual(['world.switches', 'scenarios[1].id']);
  });

  it('validates exercises: their kind, their actions and their switches, by path', () => {
    const problems = problemsOf(withChange((l) => {
      l.exercises.find((e: { kind: string }) => e.kind === 'reproduce').solution[0] = 'A_dance';
      l.exercises.find((e: { kind: string }) => e.kind === 'predict').step = { crash_at: 'nowhere' };
    }));
    expect(problems.map((p) => p.field)).toEqual(['exercises[0].step', 'exercises[2].solution[0]']);
    expect(problemsOf(withChange((l) => { l.exercises[0].kind = 'guess'; }))[0]).toMatchObject({ field: 'exercises[0].kind' });
    expect(problemsOf(withChange((l) => { l.exercises[1].id = l.exercises[0].id; }))[0]).toMatchObject({ field: 'exercises[1].id' });
  });

  it('requires the narrative', () => {
    expect(problemsOf(L07, null)).toEqual([{ file: 'labs/LX/README.md', field: '(file)', message: 'the lab has no README.md narrative', code: 'problems.no_readme', params: {} }]);
  });
});
