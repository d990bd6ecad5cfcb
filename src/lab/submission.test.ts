import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../test/sqljs';
import { checkExercise } from './exercises/check';
import { loadLabsFromDir } from './nodeFiles';
import { emptyProgress, withExercise } from './progress';
import type { Lab } from './schema';
import { LIMITS } from './exercises/records';
import { buildSubmission, gradeSubmissionText, importSubmission, importWouldOverwrite, parseSubmission, regrade, submissionWarnings, verifySubmission, type Submission } from './submission';

useSqlJs();

const labs = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : []));
const l07 = labs.find((l) => l.id === 'L07') as Lab;

async function progressWithAttempts() {
  let progress = { ...emptyProgress(), student: { name: 'Ada', id: 's-1' } };
  const late = l07.exercises.find((e) => e.id === 'late-write')!;
  const overwrite = l07.exercises.find((e) => e.id === 'overwrite')!;
  const predictInput = { kind: 'predict' as const, pick: 'STALE_FENCE' };
  const reproduceInput = { kind: 'reproduce' as const, actions: ['A_pause', { advance: 11 }, 'B_acquire', 'B_write', 'A_wake'] };
  progress = withExercise(progress, 'L07', 'late-write', { attempts: [{ at: '2026-11-29T10:00:00Z', input: predictInput, verdict: await checkExercise(l07, late, predictInput) }] });
  progress = withExercise(progress, 'L07', 'overwrite', { attempts: [{ at: '2026-11-29T10:05:00Z', input: reproduceInput, verdict: await checkExercise(l07, overwrite, reproduceInput) }] });
  return progress;
}

describe('submissions', () => {
  it('export → parse → regrade round-trips, and honest verdicts all pass', async () => {
    const submission = buildSubmission(await progressWithAttempts(), '0.1.0', '2026-11-29T11:00:00Z');
    const parsed = parseSubmission(JSON.stringify(submission));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.submission).toEqual(submission);
    const attempted: Record<string, string> = { 'late-write': 'pass', overwrite: 'pass' };
    expect((await regrade(parsed.submission, labs, { labs: ['L07'] })).map((r) => [r.exercise, r.status])).toEqual(l07.exercises.map((e) => [e.id, attempted[e.id] ?? 'not-attempted']));
  });

  it('a claimed verdict that differs from the re-executed one is flagged as tampered', async () => {
    const submission = buildSubmission(await progressWithAttempts(), '0.1.0', 'x');
    const record = submission.labs.L07!.exercises['late-write']!;
    record.attempts[0]!.input = { kind: 'predict', pick: 'OK' }; // wrong answer, still claiming a pass
    expect((await regrade(submission, labs, { labs: ['L07'] }))[0]).toMatchObject({ exercise: 'late-write', status: 'tampered', tamperedAttempts: [1] });
  });

  it('a failed attempt is graded fail, an unknown exercise is reported', async () => {
    const submission = buildSubmission(await progressWithAttempts(), '0.1.0', 'x');
    const record = submission.labs.L07!.exercises.overwrite!;
    record.attempts[0] = { ...record.attempts[0]!, input: { kind: 'reproduce', actions: ['A_write'] }, verdict: { pass: false, feedback: '', rules: [] } };
    submission.labs.L07!.exercises.ghost = { attempts: [] };
    const rows = await regrade(submission, labs);
    expect(rows.find((r) => r.exercise === 'overwrite')!.status).toBe('fail');
    expect(rows.find((r) => r.exercise === 'ghost')!.status).toBe('unknown-exercise');
  });

  it('malformed files are clear errors', async () => {
    expect(parseSubmission('{')).toMatchObject({ ok: false, error: expect.stringMatching(/not valid JSON/) });
    expect(parseSubmission('{"format":"something-else"}')).toMatchObject({ ok: false, error: expect.stringMatching(/format/) });
  });

  it('import merges records and says when it would overwrite', async () => {
    const submission = buildSubmission(await progressWithAttempts(), '0.1.0', 'x');
    expect(importWouldOverwrite(emptyProgress(), submission)).toBe(false);
    expect(importWouldOverwrite(await progressWithAttempts(), submission)).toBe(true);
    const merged = importSubmission(emptyProgress(), submission);
    expect(merged.exercises.L07!['late-write']!.attempts).toHaveLength(1);
    expect(merged.student).toEqual({ name: 'Ada', id: 's-1' });
  });
});

describe('grading policies', () => {
  const late = l07.exercises.find((e) => e.id === 'late-write')!;
  const attempt = async (pick: string, at = '2026-11-29T10:00:00Z') => {
    const input = { kind: 'predict' as const, pick };
    return { at, input, verdict: await checkExercise(l07, late, input) };
  };
  const submissionWith = async (attempts: ReturnType<typeof attempt>[]): Promise<Submission> =>
    buildSubmission(withExercise({ ...emptyProgress(), student: { name: 'Eve', id: 's-9' } }, 'L07', 'late-write', { attempts: await Promise.all(attempts) }), '0.1.0', '2026-11-29T11:00:00Z');

  it('predict: the first committed pick decides; later picks are practice (wrong, wrong, right is a fail)', async () => {
    const row = (await regrade(await submissionWith([attempt('OK'), attempt('OK'), attempt('STALE_FENCE')]), labs, { labs: ['L07'] }))[0]!;
    expect(row).toMatchObject({ status: 'fail', attempts: 3, practiceAttempts: [2, 3] });
    expect(row.feedback).toMatch(/^Not quite.*first prediction decides; 2 later pick\(s\) are practice/);
    expect((await regrade(await submissionWith([attempt('STALE_FENCE'), attempt('OK')]), labs, { labs: ['L07'] }))[0]).toMatchObject({ status: 'pass', practiceAttempts: [2] });
  });

  it('every exercise of the graded set has a row; the denominator is the whole set', async () => {
    const rows = await regrade(await submissionWith([attempt('STALE_FENCE')]), labs, { labs: ['L01', 'L07'] });
    const expected = [...labs.find((l) => l.id === 'L01')!.exercises, ...l07.exercises].map((e) => e.id);
    expect(rows.map((r) => r.exercise)).toEqual(expected);
    expect(rows.filter((r) => r.status === 'not-attempted')).toHaveLength(expected.length - 1);
    expect(await regrade(await submissionWith([attempt('STALE_FENCE')]), labs)).toHaveLength(labs.flatMap((l) => l.exercises).length);
  });

  it('warns about another app version, attempts after the export and out of order', async () => {
    const submission = await submissionWith([attempt('STALE_FENCE', '2026-11-29T10:30:00Z'), attempt('OK', '2026-11-29T10:10:00Z'), attempt('OK', '2026-11-29T12:00:00Z')]);
    submission.appVersion = '0.0.9';
    expect(submissionWarnings(submission, '0.1.0').map((w) => w.code)).toEqual(['app-version', 'attempts-out-of-order', 'attempt-after-export']);
    expect(submissionWarnings(await submissionWith([attempt('STALE_FENCE')]), '0.1.0')).toEqual([]);
  });

  it('an explain answer at the limit saves, exports, imports and grades; one character more is refused by the same schema', async () => {
    const l01 = labs.find((l) => l.id === 'L01')!;
    const explain = l01.exercises.find((e) => e.kind === 'explain')!;
    const text = `${'word '.repeat(LIMITS.explainChars / 5 - 1)}last.`;
    expect(text).toHaveLength(LIMITS.explainChars);
    const input = { kind: 'explain' as const, text };
    const progress = withExercise(emptyProgress(), 'L01', explain.id, { attempts: [{ at: '2026-11-29T10:00:00Z', input, verdict: await checkExercise(l01, explain, input) }], draft: text });
    const graded = await gradeSubmissionText(JSON.stringify(buildSubmission(progress, '0.1.0', '2026-11-29T11:00:00Z')), labs, '0.1.0', { labs: ['L01'] });
    if (!graded.ok) throw new Error(graded.error);
    expect(graded.rows.find((r) => r.exercise === explain.id)!.status).toBe('needs-human');
    const over = buildSubmission(withExercise(emptyProgress(), 'L01', explain.id, { attempts: [{ at: 'x', input: { kind: 'explain', text: `${text}!` }, verdict: { pass: null, feedback: '', rules: [] } }] }), '0.1.0', 'x');
    expect(parseSubmission(JSON.stringify(over))).toMatchObject({ ok: false, error: expect.stringMatching(/text/) });
  });
});

describe('the verdict cache', () => {
  it('is keyed on the lab as well as the exercise: the same answer under another World is re-executed', async () => {
    const submission = buildSubmission(await progressWithAttempts(), '0.1.0', 'x');
    expect((await regrade(submission, [l07])).find((r) => r.exercise === 'overwrite')!.status).toBe('pass');
    // Same exercise objects, a World whose lease has not run out at 11: the recorded story no
    // longer overwrites anything, so its claimed pass must be caught.
    const longLease = { ...l07, world: { ...l07.world, initial: { ...l07.world.initial, lease_until: 100 } } };
    const row = (await regrade(submission, [longLease])).find((r) => r.exercise === 'overwrite')!;
    expect(row).toMatchObject({ status: 'tampered', tamperedAttempts: [1], feedback: expect.stringMatching(/goal has not happened/) });
  });
});

describe('asynchronous labs (L05) are graded by awaiting the engine', () => {
  it('regrade re-executes an L05 prediction', async () => {
    const l05 = labs.find((l) => l.id === 'L05')!;
    const predict = l05.exercises.find((e) => e.kind === 'predict')!;
    if (predict.kind !== 'predict') throw new Error('fixture');
    const wrong = predict.choices.find((c) => JSON.stringify(c.value) !== JSON.stringify(predict.answer))!.value;
    // claims a pass for a wrong pick: only a real (awaited) re-execution can tell
    const claimed = { at: '2026-11-29T10:00:00Z', input: { kind: 'predict' as const, pick: wrong }, verdict: { pass: true, feedback: '', rules: [] } };
    const l05Submission = buildSubmission(withExercise(emptyProgress(), 'L05', predict.id, { attempts: [claimed] }), '0.1.0', '2026-11-29T11:00:00Z');
    const row = (await regrade(l05Submission, labs, { labs: ['L05'] })).find((r) => r.exercise === predict.id)!;
    expect(row).toMatchObject({ status: 'tampered', tamperedAttempts: [1] });
  });
});

describe('an import re-checks every recorded verdict (verifySubmission)', () => {
  /** The reviewer's file: the wrong answer to "A wakes late", exported by the page. */
  async function wrongPick(): Promise<Submission> {
    const late = l07.exercises.find((e) => e.id === 'late-write')!;
    const input = { kind: 'predict' as const, pick: 'OK' };
    const progress = withExercise(await progressWithAttempts(), 'L07', 'late-write', { attempts: [{ at: '2026-11-29T10:00:00Z', input, verdict: await checkExercise(l07, late, input) }] });
    // Through JSON, as a file the page exported and the student picks again.
    const parsed = parseSubmission(JSON.stringify(buildSubmission(progress, '0.1.0', '2026-11-29T11:00:00Z')));
    if (!parsed.ok) throw new Error(parsed.error);
    return parsed.submission;
  }
  const lateWrite = (s: Submission) => s.labs.L07!.exercises['late-write']!.attempts[0]!.verdict;

  it('a file as exported passes, with its wrong answer kept', async () => {
    const submission = await wrongPick();
    expect(lateWrite(submission).pass).toBe(false);
    expect(await verifySubmission(submission, labs)).toBeNull();
  });

  it('a verdict turned from fail to pass is refused, naming the exercise and attempt', async () => {
    const submission = await wrongPick();
    lateWrite(submission).pass = true;
    expect(await verifySubmission(submission, labs)).toEqual({ lab: 'L07', exercise: 'late-write', attempt: 1 });
  });

  it('an edited step or feedback message is refused (the panel shows both)', async () => {
    const step = await wrongPick();
    lateWrite(step).step = lateWrite(step).step! + 1;
    expect(await verifySubmission(step, labs)).toMatchObject({ exercise: 'late-write' });
    const message = await wrongPick();
    lateWrite(message).message = { key: 'feedback.predict_right' };
    expect(await verifySubmission(message, labs)).toMatchObject({ exercise: 'late-write' });
    const param = await wrongPick();
    lateWrite(param).message = { ...lateWrite(param).message!, params: { ...lateWrite(param).message!.params, label: 'yes' } };
    expect(await verifySubmission(param, labs)).toMatchObject({ exercise: 'late-write' });
  });

  it('an answer edited without its verdict is refused (a reproduce attempt\'s steps)', async () => {
    const submission = await wrongPick();
    const overwrite = submission.labs.L07!.exercises.overwrite!.attempts[0]!;
    if (overwrite.input.kind !== 'reproduce') throw new Error('fixture');
    overwrite.input.actions = overwrite.input.actions.slice(0, 2);
    expect(await verifySubmission(submission, labs)).toEqual({ lab: 'L07', exercise: 'overwrite', attempt: 1 });
  });

  it('key order does not matter; labs and exercises this build lacks are left to the grader', async () => {
    const submission = await wrongPick();
    const verdict = lateWrite(submission);
    verdict.message = { params: Object.fromEntries(Object.entries(verdict.message!.params!).reverse()), key: verdict.message!.key };
    submission.labs.L99 = { exercises: { x: { attempts: [{ at: 'x', input: { kind: 'predict', pick: 1 }, verdict: { pass: true, feedback: '', rules: [] } }] } } };
    submission.labs.L07!.exercises.ghost = { attempts: [{ at: 'x', input: { kind: 'predict', pick: 1 }, verdict: { pass: true, feedback: '', rules: [] } }] };
    expect(await verifySubmission(submission, labs)).toBeNull();
  });

  it('an asynchronous lab (L05) is re-checked by awaiting the engine', async () => {
    const l05 = labs.find((l) => l.id === 'L05')!;
    const predict = l05.exercises.find((e) => e.kind === 'predict')!;
    if (predict.kind !== 'predict') throw new Error('fixture');
    const wrong = predict.choices.find((c) => JSON.stringify(c.value) !== JSON.stringify(predict.answer))!.value;
    const claimed = { at: '2026-11-29T10:00:00Z', input: { kind: 'predict' as const, pick: wrong }, verdict: { pass: true, feedback: '', rules: [] } };
    const submission = buildSubmission(withExercise(emptyProgress(), 'L05', predict.id, { attempts: [claimed] }), '0.1.0', 'x');
    expect(await verifySubmission(submission, labs)).toEqual({ lab: 'L05', exercise: predict.id, attempt: 1 });
    // The same wrong pick with the verdict the engine gives imports: a check that judged the
    // World before its engine ran would call this honest file edited.
    const input = { kind: 'predict' as const, pick: wrong };
    const honest = { at: '2026-11-29T10:00:00Z', input, verdict: await checkExercise(l05, predict, input) };
    expect(honest.verdict.pass).toBe(false);
    expect(await verifySubmission(buildSubmission(withExercise(emptyProgress(), 'L05', predict.id, { attempts: [honest] }), '0.1.0', 'x'), labs)).toBeNull();
  });
});
