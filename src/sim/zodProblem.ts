/** The first problem zod finds in `raw`, as `path: message`, or null when it fits. */
import type { z } from 'zod';

export function zodProblem(schema: z.ZodType, raw: unknown): string | null {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  return `${issue.path.join('.') || '(root)'}: ${issue.message}`;
}
