/**
 * L05's exercises (an asynchronous lab) agree with the simulator, through the async
 * checkers: the declared predict answers are what LangGraph does, the reproduce solution
 * breaks the invariant it names (and doing nothing does not), the repair solution passes
 * and every other design fails.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { loadLabsFromDir } from '../nodeFiles';
import { checkExercise, predictOutcome } from './check';
import { isAsyncLab } from '../../test/asyncLab';

useSqlJs();

const labs = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : [])).filter(isAsyncLab);

describe('exercises of asynchronous labs', () => {
  it('L05 is an asynchronous lab', () => expect(labs.map((l) => l.id)).toContain('L05'));
  for (const lab of labs) {
    for (const exercise of lab.exercises) {
      it(`${lab.id}/${exercise.id} (${exercise.kind})`, async () => {
        switch (exercise.kind) {
          case 'predict': {
            expect(await predictOutcome(lab, exercise)).toEqual(exercise.answer);
            expect((await checkExercise(lab, exercise, { kind: 'predict', pick: exercise.answer })).pass).toBe(true);
            const wrong = exercise.choices.find((c) => JSON.stringify(c.value) !== JSON.stringify(exercise.answer))!;
            expect((await checkExercise(lab, exercise, { kind: 'predict', pick: wrong.value })).pass).toBe(false);
            return;
          }
          case 'reproduce':
            expect((await checkExercise(lab, exercise, { kind: 'reproduce', actions: exercise.solution })).pass).toBe(true);
            expect((await checkExercise(lab, exercise, { kind: 'reproduce', actions: [] })).pass).toBe(false);
            return;
          case 'repair': {
            expect((await checkExercise(lab, exercise, { kind: 'repair', choices: exercise.solution })).pass).toBe(true);
            for (const option of exercise.options) {
              for (const value of option.values.filter((v) => v !== exercise.solution[option.switch])) {
                const verdict = await checkExercise(lab, exercise, { kind: 'repair', choices: { ...exercise.solution, [option.switch]: value } });
                expect(verdict.pass, `${option.switch}=${value} must fail`).toBe(false);
              }
            }
            return;
          }
          case 'explain':
            expect((await checkExercise(lab, exercise, { kind: 'explain', text: 'too short' })).pass).toBe(false);
        }
      });
    }
  }
});
