/**
 * The refund course's frames, as one discriminated union on `kind`, validated with zod
 * where they enter a node (the World hands models `kind` + a plain body; `parseRefundFrame`
 * turns that into a typed frame or says what is wrong with it). No casts at the receivers.
 */
import { z } from 'zod';

const refundAnswer = z.discriminatedUnion('status', [
  z.object({ status: z.literal('OK'), refundId: z.string(), replayed: z.boolean() }),
  z.object({ status: z.literal('DECLINED') }),
  z.object({ status: z.literal('EXPIRED') }),
  z.object({ status: z.literal('CONFLICT'), message: z.string() }),
]);

const lookupAnswer = z.discriminatedUnion('status', [
  z.object({ status: z.literal('FOUND'), refundId: z.string() }),
  z.object({ status: z.literal('NOT_FOUND'), asOf: z.number().int() }),
  z.object({ status: z.literal('UNSUPPORTED') }),
]);

/** Who sent it and for which attempt of which operation under which owner epoch. */
const envelope = { attemptId: z.string(), operationId: z.string(), epoch: z.number().int() };

export const refundFrameSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('refund_request'), ...envelope,
    idemKey: z.string().nullable(), reference: z.string(), amountCents: z.number().int(), paramDigest: z.string(),
    /** From this clock time on the request may no longer be applied (a provider with deadlines refuses it). */
    expiresAt: z.number().int(),
  }).strict(),
  z.object({ kind: z.literal('lookup_request'), ...envelope, reference: z.string() }).strict(),
  z.object({ kind: z.literal('refund_response'), ...envelope, answer: refundAnswer }).strict(),
  z.object({ kind: z.literal('lookup_response'), ...envelope, answer: lookupAnswer }).strict(),
]);

export type RefundFrame = z.infer<typeof refundFrameSchema>;
export type RefundRequestFrame = Extract<RefundFrame, { kind: 'refund_request' }>;
export type LookupRequestFrame = Extract<RefundFrame, { kind: 'lookup_request' }>;
export type RefundResponseFrame = Extract<RefundFrame, { kind: 'refund_response' }>;
export type LookupResponseFrame = Extract<RefundFrame, { kind: 'lookup_response' }>;

/** A frame as the network carries it (kind + body) → a typed frame, or the first problem. */
export function parseRefundFrame(kind: string, body: Record<string, unknown>): RefundFrame | string {
  const parsed = refundFrameSchema.safeParse({ ...body, kind });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  return `${kind}: ${issue.path.join('.') || '(root)'}: ${issue.message}`;
}

/** The body to put on the wire (everything but the kind). */
export function frameBody(frame: RefundFrame): Record<string, unknown> {
  const { kind: _kind, ...body } = frame;
  return body;
}
