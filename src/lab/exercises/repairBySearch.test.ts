/**
 * Search is the judge of repair exercises: for every repair exercise of every lab, exactly
 * its declared solutions pass and every other choice has a counterexample found by search
 * within the exercise's environment. A repair exercise without an environment fails here:
 * one fixed scenario lets through designs that only happen to survive it.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { loadLabsFromDir } from '../nodeFiles';
import { unsearchable } from '../search';
import type { Lab } from '../schema';
import { checkExercise } from './check';
import { feedbackText } from './feedback';
import '../i18n/messageCatalogs'; // registers the ja catalog feedbackText reads
import { searchRepair } from './repairBySearch';
import type { RepairExercise } from './schema';

useSqlJs();

const labs = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : []));

/** Every combination of the values the exercise offers. */
function choicesOf(exercise: RepairExercise): Record<string, string>[] {
  return exercise.options.reduce<Record<string, string>[]>(
    (all, option) => all.flatMap((partial) => option.values.map((value) => ({ ...partial, [option.switch]: value }))), [{}]);
}

const same = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys({ ...a, ...b }).every((key) => a[key] === b[key]);

const cases = labs.flatMap((lab) => (lab.exercises ?? [])
  .filter((e): e is RepairExercise => e.kind === 'repair')
  .map((exercise) => ({ lab, exercise })));

describe('repair exercises judged by search', () => {
  for (const { lab, exercise } of cases) {
    it(`${lab.id} ${exercise.id}: exactly the declared solutions pass`, async () => {
      // Every repair is judged by search: one without an environment would be judged by its one scenario.
      expect(exercise.environment, 'the exercise declares no environment to search').toBeDefined();
      expect(unsearchable(lab.model)).toBeNull();
      const solutions = [exercise.solution, ...(exercise.environment?.solutions ?? [])];
      for (const choices of choicesOf(exercise)) {
        const declared = solutions.some((s) => same(s, choices));
        // The async checker and search take any design (L06's LangGraph repair steps asynchronously); a synchronous one as before.
        const verdict = await checkExercise(lab as Lab, exercise, { kind: 'repair', choices });
        expect(verdict.pass, `${JSON.stringify(choices)}: ${verdict.feedback}`).toBe(declared);
        if (!declared) {
          const searched = await searchRepair(lab, exercise, choices);
          expect(searched?.counterexample, `${JSON.stringify(choices)} should have a counterexample`).toBeTruthy();
          // The bounds in the verdict follow the reader's language; English stays as graders print it.
          expect(verdict.feedback).toMatch(/\(bounds: depth ≤ \d+, ≤ \d+ (crash|crashes), /);
          const ja = feedbackText(verdict, 'ja');
          expect(ja).toMatch(/範囲：深さ ≤ \d+、クラッシュ ≤ \d+ 回/);
          expect(ja).not.toContain('depth ≤');
          // Nor an English phrase from a violation line (L13's email once came through as "email the customer").
          // The steps' JSON is the lab's action vocabulary (data, never translated): left out of this check.
          expect(ja.replace(/\{[^{}]*\}/g, '')).not.toMatch(/\b[A-Za-z][a-z']+(?: [A-Za-z][a-z']+){2,}\b/);
        }
      }
    }, 600_000);
  }
});
