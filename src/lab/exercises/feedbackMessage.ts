/**
 * The shape of a checker's feedback message (`{key, params, parts}`) and its schema, apart
 * from the renderers in `feedback.ts`: progress and submissions validate saved attempts
 * with this schema at boot, and the renderers import every locale's message catalog —
 * keeping them apart keeps those catalogs out of the app's first chunk
 * (src/app/i18n/entryGraph.test.ts).
 */
import { z } from 'zod';
import type { MessageParams } from '../../core/message';

export interface FeedbackMessage {
  readonly key: string;
  readonly params?: MessageParams;
  /** Parameters rendered from messages of their own (a list is joined with ", "). */
  readonly parts?: Readonly<Record<string, FeedbackMessage | readonly FeedbackMessage[]>>;
}

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** The shape saved with an attempt (progress, submissions). */
export const feedbackMessageSchema: z.ZodType<FeedbackMessage> = z.lazy(() => z.object({
  key: z.string(),
  params: z.record(z.string(), scalar).optional(),
  parts: z.record(z.string(), z.union([feedbackMessageSchema, z.array(feedbackMessageSchema)])).optional(),
}));

export function fb(key: string, params?: MessageParams, parts?: FeedbackMessage['parts']): FeedbackMessage {
  return { key, ...(params ? { params } : {}), ...(parts ? { parts } : {}) };
}
