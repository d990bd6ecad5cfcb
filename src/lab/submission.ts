/**
 * A student's submission: one JSON file with who they are and, per lab and exercise, every
 * recorded attempt with the verdict the page gave it. Grading never trusts those verdicts:
 * `regrade` re-executes every attempt and flags any claimed verdict that differs.
 */
import { z } from 'zod';
import { checkExercise } from './exercises/check';
import { attemptSchema, exerciseRecordSchema, type ExerciseRecord } from './exercises/records';
import type { Progress } from './progress';
import type { Lab } from './schema';

export const SUBMISSION_FORMAT = 'durable-execution-lab/submission';

export const submissionSchema = z.object({
  format: z.literal(SUBMISSION_FORMAT),
  schemaVersion: z.literal(1),
  appVersion: z.string(),
  exportedAt: z.string(),
  student: z.object({ name: z.string().max(200), id: z.string().max(200) }),
  labs: z.record(z.string(), z.object({
    exercises: z.record(z.string(), exerciseRecordSchema.extend({ attempts: z.array(attemptSchema).max(500) })),
  })),
}).strict();

export type Submission = z.infer<typeof submissionSchema>;

export function buildSubmission(progress: Progress, appVersion: string, exportedAt: string): Submission {
  const labs: Submission['labs'] = {};
  for (const [labId, records] of Object.entries(progress.exercises)) {
    const exercises: Record<string, ExerciseRecord> = {};
    for (const [id, record] of Object.entries(records)) if (record.attempts.length > 0 || record.draft) exercises[id] = record;
    if (Object.keys(exercises).length > 0) labs[labId] = { exercises };
  }
  return { format: SUBMISSION_FORMAT, schemaVersion: 1, appVersion, exportedAt, student: progress.student, labs };
}

export type ParsedSubmission = { ok: true; submission: Submission } | { ok: false; error: string };

/** Reads a submission file's text: invalid JSON or a wrong shape is a clear error, never a throw. */
export function parseSubmission(text: string): ParsedSubmission {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const parsed = submissionSchema.safeParse(json);
  if (parsed.success) return { ok: true, submission: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false, error: `${issue.path.join('.') || '(root)'}: ${issue.message}` };
}

/** Merges a submission's exercise records into progress (the caller confirms first). */
export function importSubmission(progress: Progress, submission: Submission): Progress {
  const exercises = { ...progress.exercises };
  for (const [labId, lab] of Object.entries(submission.labs)) exercises[labId] = { ...exercises[labId], ...lab.exercises };
  return { ...progress, exercises, student: submission.student };
}

/** True when importing would replace exercise records the browser already has. */
export function importWouldOverwrite(progress: Progress, submission: Submission): boolean {
  return Object.entries(submission.labs).some(([labId, lab]) =>
    Object.keys(lab.exercises).some((id) => (progress.exercises[labId]?.[id]?.attempts.length ?? 0) > 0));
}

export type GradeStatus = 'pass' | 'fail' | 'needs-human' | 'tampered' | 'unknown-exercise';

export interface GradeRow {
  lab: string;
  exercise: string;
  kind: string;
  status: GradeStatus;
  attempts: number;
  /** The recomputed verdict of the last attempt. */
  feedback: string;
  /** Attempts whose claimed verdict differs from the recomputed one (1-based). */
  tamperedAttempts: number[];
}

/** Re-executes every attempt of every exercise against the labs; the last attempt decides. */
export function regrade(submission: Submission, labs: Lab[]): GradeRow[] {
  const rows: GradeRow[] = [];
  for (const [labId, entry] of Object.entries(submission.labs)) {
    const lab = labs.find((l) => l.id === labId);
    for (const [exerciseId, record] of Object.entries(entry.exercises)) {
      const exercise = lab?.exercises.find((e) => e.id === exerciseId);
      if (!lab || !exercise) {
        rows.push({ lab: labId, exercise: exerciseId, kind: '?', status: 'unknown-exercise', attempts: record.attempts.length, feedback: `no exercise ${labId}/${exerciseId}`, tamperedAttempts: [] });
        continue;
      }
      const recomputed = record.attempts.map((attempt) => checkExercise(lab, exercise, attempt.input));
      const tampered = record.attempts.flatMap((attempt, i) => (attempt.verdict.pass !== recomputed[i]!.pass ? [i + 1] : []));
      const last = recomputed[recomputed.length - 1];
      const status: GradeStatus = tampered.length > 0 ? 'tampered' : !last ? 'fail' : last.pass === null ? 'needs-human' : last.pass ? 'pass' : 'fail';
      rows.push({ lab: labId, exercise: exerciseId, kind: exercise.kind, status, attempts: record.attempts.length, feedback: last?.feedback ?? 'no attempt', tamperedAttempts: tampered });
    }
  }
  return rows;
}
