/**
 * Every exercise shipped in labs/ is checked against the simulator: a predict exercise's
 * declared answer must be what the World actually does, a reproduce exercise's solution must
 * reach its goal (and doing nothing must not), and a repair exercise's solution must pass
 * while some other choice fails. A lab author cannot ship a wrong key unnoticed.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { deepMatch } from '../deepMatch';
import { loadLabsFromDir } from '../nodeFiles';
import type { Lab } from '../schema';
import { checkExercise, checkPredict, checkRepair, checkReproduce, predictOutcome } from './check';
import { isAsyncLab } from '../../test/asyncLab';
import { addAttempt, draftProblem, exerciseRecordSchema, exerciseStatus, inputProblem, LIMITS, practiceAttempts } from './records';

useSqlJs();

// Asynchronous labs (L05, L06 with its LangGraph exercises) are checked by asyncLab.test.ts.
const allLabs = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : []));
const labs = allLabs.filter((lab) => !isAsyncLab(lab));
const same = (a: unknown, b: unknown) => deepMatch(a, b).length === 0 && deepMatch(b, a).length === 0;

describe('shipped exercises agree with the simulator', () => {
  for (const lab of labs) {
    it(`${lab.id}: at least two predict and one reproduce or repair exercise`, async () => {
      expect(lab.exercises.filter((e) => e.kind === 'predict').length).toBeGreaterThanOrEqual(2);
      expect(lab.exercises.filter((e) => e.kind === 'reproduce' || e.kind === 'repair').length).toBeGreaterThanOrEqual(1);
    });
    for (const exercise of lab.exercises) {
      it(`${lab.id}/${exercise.id} (${exercise.kind})`, () => checkOne(lab, exercise));
    }
  }
});

// Two options make a prediction a coin flip: half the class is "right" without reasoning.
describe('every shipped prediction offers at least three outcomes', () => {
  for (const lab of allLabs) {
    for (const exercise of lab.exercises) {
      if (exercise.kind !== 'predict') continue;
      it(`${lab.id}/${exercise.id}`, async () => {
        const values = new Set(exercise.choices.map((c) => JSON.stringify(c.value)));
        expect(values.size, `${lab.id}/${exercise.id} offers ${[...values].join(', ')}`).toBeGreaterThanOrEqual(3);
        expect(values.has(JSON.stringify(exercise.answer)), 'the answer is one of the choices').toBe(true);
      });
    }
  }
});

async function checkOne(lab: Lab, exercise: Lab['exercises'][number]): Promise<void> {
  switch (exercise.kind) {
    case 'predict': {
      const actual = await predictOutcome(lab, exercise);
      expect(actual, 'the declared answer must be what the simulator does').toEqual(exercise.answer);
      expect(exercise.choices.some((c) => same(c.value, actual)), 'the answer must be one of the choices').toBe(true);
      expect((await checkPredict(lab, exercise, exercise.answer)).pass).toBe(true);
      const wrong = exercise.choices.find((c) => !same(c.value, actual))!;
      const verdict = await checkPredict(lab, exercise, wrong.value);
      expect(verdict.pass).toBe(false);
      expect(verdict.feedback).toMatch(/step \d+/);
      return;
    }
    case 'reproduce':
      expect(await checkReproduce(lab, exercise, exercise.solution)).toMatchObject({ pass: true, feedback: expect.stringMatching(/^Reproduced at step \d+/) });
      expect((await checkReproduce(lab, exercise, [])).pass).toBe(false);
      return;
    case 'repair': {
      expect(await checkRepair(lab, exercise, exercise.solution)).toMatchObject({ pass: true });
      const alternatives = exercise.options.flatMap((o) => o.values.filter((v) => v !== exercise.solution[o.switch]).map((v) => ({ ...exercise.solution, [o.switch]: v })));
      expect(alternatives.some(async (choice) => (await checkRepair(lab, exercise, choice)).pass === false), 'some other choice must fail').toBe(true);
      return;
    }
    case 'explain':
      expect((await checkExercise(lab, exercise, { kind: 'explain', text: 'too short' })).pass).toBe(false);
      expect((await checkExercise(lab, exercise, { kind: 'explain', text: 'word '.repeat(exercise.minWords) })).pass).toBeNull();
  }
}

describe('checker feedback', () => {
  // L06's repair is the hand-written executor's: synchronous, although the lab has LangGraph exercises too.
  const l06 = allLabs.find((l) => l.id === 'L06')!;
  it('a failed repair points at the step and the rule that broke', async () => {
    const exercise = l06.exercises.find((e) => e.kind === 'repair')!;
    if (exercise.kind !== 'repair') throw new Error('fixture');
    const verdict = await checkRepair(l06, exercise, { retry_policy: 'new_key_each_attempt' });
    // Repair is judged by search: the step is the length of the SHORTEST counterexample.
    expect(verdict).toMatchObject({ pass: false, step: 4 });
    expect(verdict.feedback).toMatch(/REF-1 \(SPEC 9\.9, 9\.3\) in 4 steps: .*op-1 was refunded 2 times/);
  });
  it('a reproduce attempt that does not replay says which step was refused', async () => {
    const l01 = labs.find((l) => l.id === 'L01')!;
    const exercise = l01.exercises.find((e) => e.kind === 'reproduce')!;
    if (exercise.kind !== 'reproduce') throw new Error('fixture');
    expect((await checkReproduce(l01, exercise, ['retry'])).feedback).toMatch(/refused: There is no operation to retry yet/);
  });
});

describe('answers the UI can save are exactly the answers a submission can carry', () => {
  it('inputProblem refuses over the limits, as a code with the limit (the page words it)', async () => {
    expect(inputProblem({ kind: 'explain', text: 'x'.repeat(LIMITS.explainChars) })).toBeNull();
    expect(inputProblem({ kind: 'explain', text: 'x'.repeat(LIMITS.explainChars + 1) })).toEqual({ code: 'answerTooLong', params: { max: 20_000 } });
    expect(inputProblem({ kind: 'reproduce', actions: new Array(LIMITS.reproduceSteps + 1).fill('tick') })).toEqual({ code: 'tooManySteps', params: { limit: 2_000 } });
    expect(inputProblem({ kind: 'repair', choices: 'x' })).toEqual({ code: 'unsaveable', params: { field: 'choices' } });
    expect(draftProblem('x'.repeat(LIMITS.explainChars + 1))).toEqual({ code: 'answerTooLong', params: { max: 20_000 } });
    expect(draftProblem('x'.repeat(LIMITS.explainChars))).toBeNull();
  });
  it('addAttempt stops at the attempt limit instead of saving progress that would not load', async () => {
    const attempt = { at: 'x', input: { kind: 'predict' as const, pick: 1 }, verdict: { pass: false, feedback: '', rules: [] } };
    const full = { attempts: new Array(LIMITS.attempts).fill(attempt) };
    expect(exerciseRecordSchema.safeParse(full).success).toBe(true);
    expect(addAttempt(full, attempt)).toEqual({ ok: false, problem: { code: 'tooManyAttempts', params: { limit: 500 } } });
    expect(addAttempt({ attempts: [] }, attempt)).toMatchObject({ ok: true });
  });
  it('predict: the first attempt decides the status, later picks are practice', async () => {
    const a = (pass: boolean) => ({ at: 'x', input: { kind: 'predict' as const, pick: pass }, verdict: { pass, feedback: '', rules: [] } });
    expect(exerciseStatus({ attempts: [a(false), a(true)] })).toBe('missed');
    expect(exerciseStatus({ attempts: [a(true), a(false)] })).toBe('done');
    expect(practiceAttempts({ attempts: [a(false), a(true), a(true)] })).toEqual([2, 3]);
  });
});

describe('reproduce checks what the student ran', () => {
  it('L07 overwrite: the story played with the resource fenced again is not reproduced (FENCE-1 stayed green)', async () => {
    const l07 = labs.find((l) => l.id === 'L07')!;
    const exercise = l07.exercises.find((e) => e.id === 'overwrite')!;
    if (exercise.kind !== 'reproduce') throw new Error('fixture');
    const story = exercise.solution;
    const fenced = await checkExercise(l07, exercise, { kind: 'reproduce', actions: story, switches: { ...l07.world.switches, resource: 'fenced' } });
    expect(fenced).toMatchObject({ pass: false, feedback: expect.stringMatching(/^Not reproduced: you ran with resource = fenced \(the exercise sets external\), and the goal did not happen/) });
    expect((await checkExercise(l07, exercise, { kind: 'reproduce', actions: story, switches: { ...l07.world.switches, resource: 'external' } })).pass).toBe(true);
  });
});
