/**
 * Graded and practice attempts: trying never costs a mark. The first prediction is graded
 * and neither a reset nor an import can remove it; repair/reproduce grade the attempt the
 * student hands in (else the first that passed); spoilers, resets, searches and imports are
 * reported as flags; an old (schema version 1) export still grades, with a note.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../test/sqljs';
import { checkExercise } from './exercises/check';
import { exerciseStatus, type Attempt, type ExerciseEvent, type ExerciseRecord } from './exercises/records';
import type { ExerciseInput } from './exercises/schema';
import { loadLabsFromDir } from './nodeFiles';
import { emptyProgress, withExercise, withoutLab } from './progress';
import type { Lab } from './schema';
import { buildSubmission, importSubmission, regrade, submissionNotes, type Submission } from './submission';

useSqlJs();
const labs = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : []));
const l07 = labs.find((l) => l.id === 'L07') as Lab;
const exercise = (id: string) => l07.exercises.find((e) => e.id === id)!;

const solved: ExerciseInput = { kind: 'reproduce', actions: ['A_pause', { advance: 11 }, 'B_acquire', 'B_write', 'A_wake'] };
const unsolved: ExerciseInput = { kind: 'reproduce', actions: ['A_pause', { advance: 11 }] };
const at = (minute: number) => `2026-11-29T10:${String(minute).padStart(2, '0')}:00.000Z`;
const attempt = async (id: string, input: ExerciseInput, minute: number): Promise<Attempt> => ({ at: at(minute), input, verdict: await checkExercise(l07, exercise(id), input) });

function file(records: Record<string, ExerciseRecord>, schemaVersion: 1 | 2 = 2): Submission {
  return { format: 'durable-execution-lab/submission', schemaVersion, appVersion: '0.1.0', exportedAt: at(59), student: { name: 'Ada', id: 's-1' }, labs: { L07: { exercises: records } } };
}
const row = async (submission: Submission, id: string) => (await regrade(submission, labs, { labs: ['L07'] })).find((r) => r.exercise === id)!;
const handIn = (n: number, minute: number): ExerciseEvent => ({ type: 'hand-in', at: at(minute), attempt: n });

describe('repair and reproduce: the handed-in attempt is graded, the rest is practice', () => {
  it('a pass followed by practice stays a pass when nothing is handed in, and says so', async () => {
    const r = await row(file({ overwrite: { attempts: [await attempt('overwrite', solved, 1), await attempt('overwrite', unsolved, 2)] } }), 'overwrite');
    expect(r).toMatchObject({ status: 'pass', gradedAttempt: 1, practiceAttempts: [2], flags: [{ code: 'no-hand-in' }] });
  });

  it('the handed-in attempt decides, whichever it is; the latest hand-in counts', async () => {
    const attempts = [await attempt('overwrite', solved, 1), await attempt('overwrite', unsolved, 2)];
    expect(await row(file({ overwrite: { attempts, events: [handIn(2, 3)] } }), 'overwrite')).toMatchObject({ status: 'fail', gradedAttempt: 2, practiceAttempts: [1] });
    expect(await row(file({ overwrite: { attempts, events: [handIn(2, 3), handIn(1, 4)] } }), 'overwrite')).toMatchObject({ status: 'pass', gradedAttempt: 1, practiceAttempts: [2] });
    expect((await row(file({ overwrite: { attempts, events: [handIn(1, 3)] } }), 'overwrite')).flags).toBeUndefined();
  });

  it('a claimed pass cannot move the graded attempt: the first RECOMPUTED pass counts', async () => {
    const lying = { ...await attempt('overwrite', unsolved, 1), verdict: { ...(await attempt('overwrite', solved, 1)).verdict } };
    const r = await row(file({ overwrite: { attempts: [lying, await attempt('overwrite', unsolved, 2)] } }), 'overwrite');
    expect(r).toMatchObject({ status: 'tampered', tamperedAttempts: [1], gradedAttempt: 2 });
  });
});

describe('flags: reported per exercise, never scored', () => {
  it('spoilers before the graded attempt, resets, a search before a reproduce, imports', async () => {
    const events: ExerciseEvent[] = [{ type: 'search', at: at(0) }, { type: 'spoilers', at: at(0) }, { type: 'reset', at: at(5) }, { type: 'reset', at: at(6) }, { type: 'import', at: at(7) }, handIn(1, 8)];
    const r = await row(file({ overwrite: { attempts: [await attempt('overwrite', solved, 1)], events } }), 'overwrite');
    expect(r.status).toBe('pass');
    expect(r.flags).toEqual([{ code: 'spoilers' }, { code: 'reset', count: 2 }, { code: 'search-before' }, { code: 'imported', count: 1 }]);
  });
  it('a search AFTER the graded attempt is not a search before it', async () => {
    const r = await row(file({ overwrite: { attempts: [await attempt('overwrite', solved, 1)], events: [handIn(1, 2), { type: 'search', at: at(3) }] } }), 'overwrite');
    expect(r.flags).toBeUndefined();
  });
});

describe('schema version 1 files still grade', () => {
  it('graded under the new rules, with a note that the events cannot be known, flags from what the file holds', async () => {
    const old = file({ overwrite: { attempts: [await attempt('overwrite', solved, 1), await attempt('overwrite', { ...unsolved, origin: 'search' } as ExerciseInput, 2)] } }, 1);
    expect(await row(old, 'overwrite')).toMatchObject({ status: 'pass', gradedAttempt: 1 });
    expect((await row(old, 'overwrite')).flags).toBeUndefined(); // no 'no-hand-in': a version 1 file could not hand in
    expect(submissionNotes(old)[0]).toContain('schema version 1');
    expect(submissionNotes(file({}))).toEqual([]);
  });
});

describe('a first prediction survives reset and import', () => {
  const late = exercise('late-write');
  const wrongAttempt = async () => await attempt('late-write', { kind: 'predict', pick: (late as { choices: { value: unknown }[]; answer: unknown }).choices.find((c) => JSON.stringify(c.value) !== JSON.stringify((late as { answer: unknown }).answer))!.value }, 1);
  const rightAttempt = async () => await attempt('late-write', { kind: 'predict', pick: (late as { answer: unknown }).answer }, 3);

  it('reset keeps the attempts, forgets the draft and the place, and records a reset', async () => {
    const [wrong, right] = [await wrongAttempt(), await rightAttempt()];
    const before = withExercise({ ...emptyProgress(), labs: { L07: { steps: ['A_write'], cursor: 1, switches: {} } } }, 'L07', 'late-write', { attempts: [wrong], draft: 'x' });
    const after = withoutLab(before, 'L07', at(2));
    expect(after.labs.L07).toBeUndefined();
    expect(after.exercises.L07!['late-write']).toEqual({ attempts: [wrong], events: [{ type: 'reset', at: at(2) }] });
    expect(exerciseStatus(after.exercises.L07!['late-write'])).toBe('missed');
    // ... and the export carries it, graded as missed with the reset flagged
    const graded = await row(buildSubmission(withExercise(after, 'L07', 'late-write', { ...after.exercises.L07!['late-write']!, attempts: [wrong, right] }), '0.1.0', at(59)), 'late-write');
    expect(graded).toMatchObject({ status: 'fail', practiceAttempts: [2], flags: [{ code: 'reset', count: 1 }] });
  });

  it('importing a file whose first pick is right appends after the browser\'s own first pick', async () => {
    const [wrong, right] = [await wrongAttempt(), await rightAttempt()];
    const progress = withExercise(emptyProgress(), 'L07', 'late-write', { attempts: [wrong] });
    const imported = importSubmission(progress, file({ 'late-write': { attempts: [{ ...right, at: at(0) }] } }), at(4));
    expect(imported.exercises.L07!['late-write']!.attempts).toEqual([wrong, { ...right, at: at(0) }]);
    expect(imported.exercises.L07!['late-write']!.events).toEqual([{ type: 'import', at: at(4) }]);
    expect(exerciseStatus(imported.exercises.L07!['late-write'])).toBe('missed');
    // importing the same file again adds no attempt twice
    expect(importSubmission(imported, file({ 'late-write': { attempts: [{ ...right, at: at(0) }] } }), at(5)).exercises.L07!['late-write']!.attempts).toHaveLength(2);
  });
});
