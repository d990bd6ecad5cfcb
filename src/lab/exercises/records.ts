/**
 * What a student did on each exercise: every attempt with its input, its time and the
 * verdict it got, plus an explain draft. Saved with progress and exported for grading.
 *
 * These schemas are the ONE definition of a valid answer: the UI gates input with
 * `inputProblem` / `addAttempt` before saving, progress and submissions validate with the
 * same schemas, so whatever a student can save also exports, imports and grades.
 */
import { z } from 'zod';
import { feedbackMessageSchema } from './feedbackMessage';

/** Size limits, shown to the student where they type (see ExercisesPanel, ProgressPage). */
export const LIMITS = {
  /** Characters in an explain answer or draft. */
  explainChars: 20_000,
  /** Recorded steps in one reproduce attempt. */
  reproduceSteps: 2_000,
  /** Attempts kept per exercise. */
  attempts: 500,
  /** Characters in the student's name or ID. */
  studentField: 200,
  /** Recorded events (resets, spoilers, searches, imports, hand-ins) kept per exercise. */
  events: 500,
} as const;

export const studentSchema = z.object({ name: z.string().max(LIMITS.studentField), id: z.string().max(LIMITS.studentField) });
export type Student = z.infer<typeof studentSchema>;

export const exerciseInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('predict'), pick: z.unknown() }),
  z.object({
    kind: z.literal('reproduce'),
    actions: z.array(z.unknown()).max(LIMITS.reproduceSteps),
    /**
     * The switches the student's steps actually ran under. The checker replays under these,
     * so a verdict never contradicts what the screen showed (absent in older files: the
     * exercise's own switches).
     */
    switches: z.record(z.string(), z.string()).optional(),
    /** `search`: the steps were loaded from a Search counterexample (see reproduceSchema.search). */
    origin: z.literal('search').optional(),
  }),
  z.object({ kind: z.literal('repair'), choices: z.record(z.string(), z.string()) }),
  z.object({ kind: z.literal('explain'), text: z.string().max(LIMITS.explainChars) }),
]);

export const verdictSchema = z.object({
  pass: z.boolean().nullable(),
  feedback: z.string(),
  // The feedback as a message key (any language); absent in files saved before it existed.
  message: feedbackMessageSchema.optional(),
  step: z.number().int().optional(),
  rules: z.array(z.string()).default([]),
});

export const attemptSchema = z.object({
  at: z.string(),
  input: exerciseInputSchema,
  verdict: verdictSchema,
});

/**
 * What happened around an exercise's attempts, recorded as it happened and never removed,
 * so a grader can read it (reported, never scored): the lab was reset (`reset`), the
 * spoilers were shown (`spoilers`), a Search ran in the lab (`search`), records were
 * imported from a file (`import`), the student handed in attempt `attempt` (1-based;
 * the latest hand-in counts), or the page checked a saved passing attempt again (`recheck`).
 */
export const exerciseEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.enum(['reset', 'spoilers', 'search', 'import']), at: z.string() }).strict(),
  z.object({ type: z.literal('hand-in'), at: z.string(), attempt: z.number().int().min(1).max(LIMITS.attempts) }).strict(),
  // The page checked attempt `attempt` (1-based) again when the lab opened: a saved verdict
  // is only what the file says, and a hand-edited `pass: true` must not show as done.
  z.object({ type: z.literal('recheck'), at: z.string(), attempt: z.number().int().min(1).max(LIMITS.attempts), pass: z.boolean() }).strict(),
]);
export type ExerciseEvent = z.infer<typeof exerciseEventSchema>;

export const exerciseRecordSchema = z.object({
  attempts: z.array(attemptSchema).max(LIMITS.attempts),
  draft: z.string().max(LIMITS.explainChars).optional(),
  events: z.array(exerciseEventSchema).max(LIMITS.events).optional(),
});

export type ExerciseRecord = z.infer<typeof exerciseRecordSchema>;
export type Attempt = z.infer<typeof attemptSchema>;
export type AttemptInput = z.infer<typeof exerciseInputSchema>;

/**
 * Why an answer cannot be saved, as a code and its numbers: the page words it in the
 * reader's language (app catalog `exercises.problem.<code>`), so no English sentence is made
 * here. `unsaveable` (a malformed input no form produces) names only the field at fault.
 */
export type RecordProblem =
  | { code: 'answerTooLong'; params: { max: number } }
  | { code: 'tooManySteps'; params: { limit: number } }
  | { code: 'tooManyAttempts'; params: { limit: number } }
  | { code: 'unsaveable'; params: { field: string } };

/** Why an answer cannot be saved as typed (the limit reached), or null when it can. */
export function inputProblem(input: unknown): RecordProblem | null {
  const parsed = exerciseInputSchema.safeParse(input);
  if (parsed.success) return null;
  const kind = (input as { kind?: unknown } | null)?.kind;
  if (kind === 'explain') return { code: 'answerTooLong', params: { max: LIMITS.explainChars } };
  if (kind === 'reproduce') return { code: 'tooManySteps', params: { limit: LIMITS.reproduceSteps } };
  return { code: 'unsaveable', params: { field: parsed.error.issues[0]!.path.join('.') || 'input' } };
}

/** Adds an attempt if the record stays valid; otherwise says why (the limit reached). */
export function addAttempt(record: ExerciseRecord, attempt: Attempt): { ok: true; record: ExerciseRecord } | { ok: false; problem: RecordProblem } {
  const problem = inputProblem(attempt.input);
  if (problem) return { ok: false, problem };
  if (record.attempts.length >= LIMITS.attempts) return { ok: false, problem: { code: 'tooManyAttempts', params: { limit: LIMITS.attempts } } };
  return { ok: true, record: { ...record, attempts: [...record.attempts, attempt] } };
}

/** A draft that fits (null), or the limit it passes. */
export function draftProblem(text: string): RecordProblem | null {
  return text.length > LIMITS.explainChars ? { code: 'answerTooLong', params: { max: LIMITS.explainChars } } : null;
}

/** Appends an event; past the limit the oldest non-hand-in event gives way (a hand-in is never dropped). */
export function withEvent(record: ExerciseRecord, event: ExerciseEvent): ExerciseRecord {
  const events = [...(record.events ?? []), event];
  if (events.length > LIMITS.events) events.splice(events.findIndex((e) => e.type !== 'hand-in'), 1);
  return { ...record, events };
}

/** The attempt the student handed in (1-based), if any: the latest hand-in naming an attempt that exists. */
export function handedIn(record: ExerciseRecord): number | null {
  const events = record.events ?? [];
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === 'hand-in' && e.attempt <= record.attempts.length) return e.attempt;
  }
  return null;
}

/** Whether attempt `i` (0-based) passed: its verdict says so and no recheck contradicted it. */
export function attemptPassed(record: ExerciseRecord, i: number): boolean {
  return record.attempts[i]?.verdict.pass === true
    && !(record.events ?? []).some((e) => e.type === 'recheck' && !e.pass && e.attempt === i + 1);
}

/** Attempts (1-based) already checked again. */
export function recheckedAttempts(record: ExerciseRecord): Set<number> {
  return new Set((record.events ?? []).flatMap((e) => (e.type === 'recheck' ? [e.attempt] : [])));
}

/**
 * The attempt that is graded (0-based), the rest being practice. Predict: the first pick,
 * always. Repair and reproduce: the handed-in attempt; with none handed in, the first that
 * passed (trying a design after passing never costs the pass), else the last. Explain: the
 * last version.
 */
export function gradedAttempt(kind: string, record: ExerciseRecord, passed: (i: number) => boolean): number {
  if (record.attempts.length === 0) return -1;
  if (kind === 'predict') return 0;
  if (kind === 'explain') return record.attempts.length - 1;
  const handed = handedIn(record);
  if (handed !== null) return handed - 1;
  const first = record.attempts.findIndex((_, i) => passed(i));
  return first >= 0 ? first : record.attempts.length - 1;
}

/**
 * new: no attempt. For predict the FIRST attempt decides (a prediction is only a prediction
 * before the answer is shown): done if it was right, missed if not — later picks are
 * practice and change nothing. Other kinds: done when the last attempt passed (explain:
 * handed in), attempted otherwise.
 */
export type ExerciseStatus = 'new' | 'attempted' | 'missed' | 'done';

export function exerciseStatus(record: ExerciseRecord | undefined): ExerciseStatus {
  const first = record?.attempts[0];
  if (!first) return 'new';
  if (first.input.kind === 'predict') return attemptPassed(record!, 0) ? 'done' : 'missed';
  const index = gradedAttempt(first.input.kind, record!, (i) => attemptPassed(record!, i));
  const graded = record!.attempts[index]!;
  return attemptPassed(record!, index) || (graded.input.kind === 'explain' && graded.verdict.pass === null) ? 'done' : 'attempted';
}

/** Attempts other than the graded one (1-based numbers): practice, kept and reported, never scored. */
export function practiceAttempts(record: ExerciseRecord): number[] {
  const first = record.attempts[0];
  if (!first) return [];
  const graded = gradedAttempt(first.input.kind, record, (i) => attemptPassed(record, i));
  return record.attempts.flatMap((_, i) => (i === graded ? [] : [i + 1]));
}
