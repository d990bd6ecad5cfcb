/**
 * Transport frames between the authority and a worker (SPEC §4, §5), version 1.
 *
 * Wire framing: one frame is one RFC 8785 canonical JSON object with `v` (the framing
 * version) and `type`; `encodeFrame` / `decodeFrame` turn it into bytes and back, and
 * decoding validates the shape, so a worker never acts on a frame it does not understand.
 *
 * | type             | from → to          | meaning                                               |
 * | event            | authority → worker | one accepted event of a group                         |
 * | ack              | worker → authority | highest contiguous DURABLE cursor (MWP-WRK-030), and  |
 * |                  |                    | the projection generation it belongs to               |
 * | replay_request   | worker → authority | send me the group's events after `afterSeq`           |
 * | cursor_too_old   | authority → worker | `afterSeq` is older than the replay window; here is a |
 * |                  |                    | signed snapshot reference to restore from instead     |
 * | redaction        | authority → worker | a tombstone removed these fields of an event you may  |
 * |                  |                    | hold: drop your copy (MWP-MSN-009)                    |
 */
import { z } from 'zod';
import { canonicalJson } from '../authority/canonical';

export const FRAME_VERSION = 1;

const eventSchema = z.object({
  eventId: z.string(), group: z.string(), seq: z.number().int().min(1), aggregateId: z.string(),
  aggregateRevision: z.number().int(), kind: z.string(), payload: z.record(z.string(), z.unknown()), at: z.number().int(),
});

export const snapshotRefSchema = z.object({
  org: z.string(), group: z.string(), seq: z.number().int().min(0),
  /** The snapshot itself, as canonical JSON text (its signature is inside). */
  bytes: z.string(),
});

export const frameSchema = z.discriminatedUnion('type', [
  z.object({ v: z.literal(FRAME_VERSION), type: z.literal('event'), event: eventSchema }),
  z.object({ v: z.literal(FRAME_VERSION), type: z.literal('ack'), group: z.string(), cursor: z.number().int().min(0), generation: z.number().int().min(0) }),
  z.object({ v: z.literal(FRAME_VERSION), type: z.literal('replay_request'), group: z.string(), afterSeq: z.number().int().min(0) }),
  z.object({ v: z.literal(FRAME_VERSION), type: z.literal('cursor_too_old'), group: z.string(), requested: z.number().int(), oldestAvailable: z.number().int(), snapshot: snapshotRefSchema }),
  z.object({ v: z.literal(FRAME_VERSION), type: z.literal('redaction'), group: z.string(), eventId: z.string(), seq: z.number().int().min(1), fields: z.array(z.string()) }),
]);

export type TransportFrame = z.infer<typeof frameSchema>;

export function encodeFrame(frame: TransportFrame): Uint8Array {
  return new TextEncoder().encode(canonicalJson(frame));
}

export type Decoded = { ok: true; frame: TransportFrame } | { ok: false; error: string };

export function decodeFrame(bytes: Uint8Array): Decoded {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (error) {
    return { ok: false, error: `not a frame: ${error instanceof Error ? error.message : String(error)}` };
  }
  const parsed = frameSchema.safeParse(json);
  return parsed.success ? { ok: true, frame: parsed.data } : { ok: false, error: `bad frame: ${parsed.error.issues[0]!.path.join('.')}: ${parsed.error.issues[0]!.message}` };
}
