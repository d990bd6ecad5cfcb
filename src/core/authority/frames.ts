/**
 * The authority's frames, as one discriminated union on `kind`, validated with zod where
 * they enter a node (the World hands models `kind` + a plain body; `parseAuthorityFrame`
 * turns that into a typed frame or says what is wrong with it). No casts at the receivers.
 *
 * - `command`: a client's signed command, exactly as signed. The payload is left as a
 *   plain object here: `accept` validates it per kind and answers INVALID_COMMAND, which
 *   is a lesson, not a malformed frame.
 * - `result`: the authority's reply, the accept transaction's real result.
 */
import { z } from 'zod';
import { COMMAND_KINDS, type CommandKind, type SignedCommand } from './commands';
import { RejectionCode, type AcceptResult, type EventRecord, type Receipt } from './outcomes';

const signedCommand = z.object({
  actor: z.string(),
  actionId: z.string(),
  group: z.string(),
  kind: z.enum(COMMAND_KINDS as [CommandKind, ...CommandKind[]]),
  expectedRevision: z.number().int().nullable(),
  payload: z.record(z.string(), z.unknown()),
  signature: z.string(),
}).strict();

const receipt = z.object({ receiptId: z.string(), actor: z.string(), actionId: z.string(), digest: z.string(), eventId: z.string() }).strict();
const event = z.object({
  eventId: z.string(), group: z.string(), seq: z.number().int(), aggregateId: z.string(), aggregateRevision: z.number().int(),
  kind: z.string(), payload: z.record(z.string(), z.unknown()), at: z.number().int(),
}).strict();

const rejectionCodes = Object.values(RejectionCode) as [RejectionCode, ...RejectionCode[]];
const acceptResult = z.union([
  z.object({ code: z.literal('ACCEPTED'), digest: z.string(), receipt, event }).strict(),
  z.object({ code: z.literal('DUPLICATE'), digest: z.string(), receipt }).strict(),
  z.object({ code: z.enum(rejectionCodes), message: z.string(), digest: z.string() }).strict(),
]);

export const authorityFrameSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('command'), command: signedCommand }).strict(),
  z.object({ kind: z.literal('result'), actionId: z.string(), result: acceptResult }).strict(),
]);

export type AuthorityFrame = z.infer<typeof authorityFrameSchema>;

/** A frame as the network carries it (kind + body) → a typed frame, or the first problem. */
export function parseAuthorityFrame(kind: string, body: Record<string, unknown>): AuthorityFrame | string {
  const parsed = authorityFrameSchema.safeParse({ ...body, kind });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  return `${kind}: ${issue.path.join('.') || '(root)'}: ${issue.message}`;
}

/** The body of a `command` frame: the command's fields, copied into plain data. */
export function commandBody(command: SignedCommand): Record<string, unknown> {
  const { actor, actionId, group, kind, expectedRevision, payload, signature } = command;
  return { command: { actor, actionId, group, kind, expectedRevision, payload, signature } };
}

/** The body of a `result` frame. */
export function resultBody(actionId: string, result: AcceptResult): Record<string, unknown> {
  return { actionId, result: plainResult(result) };
}

function plainResult(result: AcceptResult): Record<string, unknown> {
  const receiptOf = (r: Receipt) => ({ receiptId: r.receiptId, actor: r.actor, actionId: r.actionId, digest: r.digest, eventId: r.eventId });
  const eventOf = (e: EventRecord) => ({
    eventId: e.eventId, group: e.group, seq: e.seq, aggregateId: e.aggregateId, aggregateRevision: e.aggregateRevision, kind: e.kind, payload: e.payload, at: e.at,
  });
  switch (result.code) {
    case 'ACCEPTED': return { code: result.code, digest: result.digest, receipt: receiptOf(result.receipt), event: eventOf(result.event) };
    case 'DUPLICATE': return { code: result.code, digest: result.digest, receipt: receiptOf(result.receipt) };
    default: return { code: result.code, message: result.message, digest: result.digest };
  }
}
