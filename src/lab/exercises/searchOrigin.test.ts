/**
 * A reproduce attempt whose steps were loaded from a Search counterexample is refused unless
 * the exercise says `"search": "allowed"` — at check time and again when a grader regrades
 * the submission (a pass claimed for such an attempt is flagged as tampered).
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { loadLabsFromDir } from '../nodeFiles';
import { emptyProgress, withExercise } from '../progress';
import { buildSubmission, regrade } from '../submission';
import { checkExercise, checkReproduce } from './check';
import type { ExerciseInput, ReproduceExercise } from './schema';

useSqlJs();

const labs = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : []));
const l07 = labs.find((l) => l.id === 'L07')!;
const overwrite = l07.exercises.find((e) => e.id === 'overwrite') as ReproduceExercise;
const story = overwrite.solution;
const fromSearch: ExerciseInput = { kind: 'reproduce', actions: story, switches: { ...l07.world.switches, ...overwrite.start.switches }, origin: 'search' };

describe('reproduce by search only where allowed', () => {
  it('no shipped reproduce exercise allows search (the search exercises of L01 and L07 are repairs)', async () => {
    for (const lab of labs) for (const e of lab.exercises) if (e.kind === 'reproduce') expect(e.search, `${lab.id}/${e.id}`).toBeUndefined();
  });

  it('steps loaded from Search are refused by default, with feedback that says why', async () => {
    const verdict = await checkExercise(l07, overwrite, fromSearch);
    expect(verdict.pass).toBe(false);
    expect(verdict.message?.key).toBe('feedback.search_not_allowed');
    expect(verdict.feedback).toMatch(/loaded from a Search counterexample/);
    expect((await checkReproduce(l07, overwrite, story, undefined, 'search')).pass).toBe(false);
    // the same steps built by hand still pass
    expect((await checkExercise(l07, overwrite, { ...fromSearch, origin: undefined })).pass).toBe(true);
  });

  it('an exercise with "search": "allowed" accepts them', async () => {
    const allowing: ReproduceExercise = { ...overwrite, search: 'allowed' };
    expect((await checkExercise(l07, allowing, fromSearch)).pass).toBe(true);
    expect((await checkReproduce(l07, allowing, story, undefined, 'search')).pass).toBe(true);
  });

  it('regrading re-applies the rule: a pass claimed for a search-loaded attempt is tampered', async () => {
    const claimed = await checkExercise(l07, overwrite, { ...fromSearch, origin: undefined }); // a pass
    const progress = withExercise(emptyProgress(), 'L07', 'overwrite', { attempts: [{ at: '2026-11-29T10:05:00Z', input: fromSearch, verdict: claimed }] });
    const row = (await regrade(buildSubmission(progress, '0.1.0', 'x'), labs, { labs: ['L07'] })).find((r) => r.exercise === 'overwrite');
    expect(row).toMatchObject({ status: 'tampered', tamperedAttempts: [1] });
    const honest = withExercise(emptyProgress(), 'L07', 'overwrite', { attempts: [{ at: '2026-11-29T10:05:00Z', input: fromSearch, verdict: await checkExercise(l07, overwrite, fromSearch) }] });
    expect((await regrade(buildSubmission(honest, '0.1.0', 'x'), labs, { labs: ['L07'] })).find((r) => r.exercise === 'overwrite')).toMatchObject({ status: 'fail' });
  });
});
