/**
 * What a student did on each exercise: every attempt with its input, its time and the
 * verdict it got, plus an explain draft. Saved with progress and exported for grading.
 */
import { z } from 'zod';

export const exerciseInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('predict'), pick: z.unknown() }),
  z.object({ kind: z.literal('reproduce'), actions: z.array(z.unknown()) }),
  z.object({ kind: z.literal('repair'), choices: z.record(z.string(), z.string()) }),
  z.object({ kind: z.literal('explain'), text: z.string().max(20_000) }),
]);

export const verdictSchema = z.object({
  pass: z.boolean().nullable(),
  feedback: z.string(),
  step: z.number().int().optional(),
  rules: z.array(z.string()).default([]),
});

export const attemptSchema = z.object({
  at: z.string(),
  input: exerciseInputSchema,
  verdict: verdictSchema,
});

export const exerciseRecordSchema = z.object({
  attempts: z.array(attemptSchema).max(500),
  draft: z.string().max(20_000).optional(),
});

export type ExerciseRecord = z.infer<typeof exerciseRecordSchema>;
export type Attempt = z.infer<typeof attemptSchema>;

export type ExerciseStatus = 'new' | 'attempted' | 'done';

/** Done: the last attempt passed (or, for explain, was handed in). Attempted: tried, not done. */
export function exerciseStatus(record: ExerciseRecord | undefined): ExerciseStatus {
  const last = record?.attempts[record.attempts.length - 1];
  if (!last) return 'new';
  return last.verdict.pass === true || (last.input.kind === 'explain' && last.verdict.pass === null) ? 'done' : 'attempted';
}
