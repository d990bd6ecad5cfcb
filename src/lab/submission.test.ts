import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../test/sqljs';
import { checkExercise } from './exercises/check';
import { loadLabsFromDir } from './nodeFiles';
import { emptyProgress, withExercise } from './progress';
import type { Lab } from './schema';
import { buildSubmission, importSubmission, importWouldOverwrite, parseSubmission, regrade } from './submission';

useSqlJs();

const labs = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : []));
const l07 = labs.find((l) => l.id === 'L07') as Lab;

function progressWithAttempts() {
  let progress = { ...emptyProgress(), student: { name: 'Ada', id: 's-1' } };
  const late = l07.exercises.find((e) => e.id === 'late-write')!;
  const overwrite = l07.exercises.find((e) => e.id === 'overwrite')!;
  const predictInput = { kind: 'predict' as const, pick: false };
  const reproduceInput = { kind: 'reproduce' as const, actions: ['A_pause', { advance: 11 }, 'B_acquire', 'B_write', 'A_wake'] };
  progress = withExercise(progress, 'L07', 'late-write', { attempts: [{ at: '2026-11-29T10:00:00Z', input: predictInput, verdict: checkExercise(l07, late, predictInput) }] });
  progress = withExercise(progress, 'L07', 'overwrite', { attempts: [{ at: '2026-11-29T10:05:00Z', input: reproduceInput, verdict: checkExercise(l07, overwrite, reproduceInput) }] });
  return progress;
}

describe('submissions', () => {
  it('export → parse → regrade round-trips, and honest verdicts all pass', () => {
    const submission = buildSubmission(progressWithAttempts(), '0.1.0', '2026-11-29T11:00:00Z');
    const parsed = parseSubmission(JSON.stringify(submission));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.submission).toEqual(submission);
    expect(regrade(parsed.submission, labs).map((r) => [r.exercise, r.status])).toEqual([['late-write', 'pass'], ['overwrite', 'pass']]);
  });

  it('a claimed verdict that differs from the re-executed one is flagged as tampered', () => {
    const submission = buildSubmission(progressWithAttempts(), '0.1.0', 'x');
    const record = submission.labs.L07!.exercises['late-write']!;
    record.attempts[0]!.input = { kind: 'predict', pick: true }; // wrong answer, still claiming a pass
    expect(regrade(submission, labs)[0]).toMatchObject({ status: 'tampered', tamperedAttempts: [1] });
  });

  it('a failed attempt is graded fail, an unknown exercise is reported', () => {
    const submission = buildSubmission(progressWithAttempts(), '0.1.0', 'x');
    const record = submission.labs.L07!.exercises.overwrite!;
    record.attempts[0] = { ...record.attempts[0]!, input: { kind: 'reproduce', actions: ['A_write'] }, verdict: { pass: false, feedback: '', rules: [] } };
    submission.labs.L07!.exercises.ghost = { attempts: [] };
    const rows = regrade(submission, labs);
    expect(rows.find((r) => r.exercise === 'overwrite')!.status).toBe('fail');
    expect(rows.find((r) => r.exercise === 'ghost')!.status).toBe('unknown-exercise');
  });

  it('malformed files are clear errors', () => {
    expect(parseSubmission('{')).toMatchObject({ ok: false, error: expect.stringMatching(/not valid JSON/) });
    expect(parseSubmission('{"format":"something-else"}')).toMatchObject({ ok: false, error: expect.stringMatching(/format/) });
  });

  it('import merges records and says when it would overwrite', () => {
    const submission = buildSubmission(progressWithAttempts(), '0.1.0', 'x');
    expect(importWouldOverwrite(emptyProgress(), submission)).toBe(false);
    expect(importWouldOverwrite(progressWithAttempts(), submission)).toBe(true);
    const merged = importSubmission(emptyProgress(), submission);
    expect(merged.exercises.L07!['late-write']!.attempts).toHaveLength(1);
    expect(merged.student).toEqual({ name: 'Ada', id: 's-1' });
  });
});
