/**
 * Signed projection snapshots (SPEC §5). The authority makes one when a worker asks for a
 * cursor older than the online replay window. A worker restores from it only after six
 * checks — schema, hash, signature, organization, group, sequence — and refuses it, naming
 * the failed check, otherwise.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { canonicalJson, sha256Hex } from '../authority/canonical';
import type { AuthorityState } from '../authority/fold';
import { msg, type Message } from '../message';

export const SNAPSHOT_SCHEMA = 'durable-lab/projection-snapshot@1';

export const SnapshotCheck = {
  SCHEMA: 'SCHEMA', HASH: 'HASH', SIGNATURE: 'SIGNATURE', ORGANIZATION: 'ORGANIZATION', GROUP: 'GROUP', SEQUENCE: 'SEQUENCE',
} as const;
export type SnapshotCheck = (typeof SnapshotCheck)[keyof typeof SnapshotCheck];

const snapshotSchema = z.object({
  schema: z.literal(SNAPSHOT_SCHEMA),
  org: z.string(),
  group: z.string(),
  seq: z.number().int().min(0),
  /** The projection state at `seq`, as canonical JSON text. */
  state: z.string(),
  /** SHA-256 (hex) of `state`. */
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  /** Ed25519 signature (hex) by the authority over the canonical header {schema, org, group, seq, hash}. */
  signature: z.string().regex(/^[0-9a-f]{128}$/),
}).strict();

export type Snapshot = z.infer<typeof snapshotSchema>;

function header(s: Pick<Snapshot, 'schema' | 'org' | 'group' | 'seq' | 'hash'>): Uint8Array {
  return new TextEncoder().encode(canonicalJson({ schema: s.schema, org: s.org, group: s.group, seq: s.seq, hash: s.hash }));
}

/** Makes and signs a snapshot; returns its canonical text (what travels and is verified). */
export function makeSnapshot(org: string, group: string, seq: number, state: AuthorityState, authorityKey: Uint8Array): string {
  const stateText = canonicalJson(state);
  const unsigned = { schema: SNAPSHOT_SCHEMA, org, group, seq, hash: sha256Hex(stateText) } as const;
  const signature = bytesToHex(ed25519.sign(header(unsigned), authorityKey));
  return canonicalJson({ ...unsigned, state: stateText, signature });
}

export interface Expected {
  org: string;
  group: string;
  /** The sequence the snapshot reference announced. */
  seq: number;
  /** The worker's durable cursor: a snapshot must not move it backwards. */
  cursor: number;
  authorityPublicKeyHex: string;
}

// `reason` says `message` as a descriptor (namespace `reasons`): the worker's note shows it in the reader's language.
export type Verified = { ok: true; snapshot: Snapshot; state: AuthorityState } | { ok: false; check: SnapshotCheck; message: string; reason: Message };

/**
 * A schema issue as a catalog message (`problems.schema.*`, worded in every language), not
 * zod's English: the refusal reaches the timeline of a page in any language.
 */
function issueMessage(issue: z.core.$ZodIssue): Message {
  if (issue.code === 'invalid_value' && issue.values.length === 1) return msg('problems.schema.invalid_value', { value: JSON.stringify(issue.values[0]) });
  return msg('problems.schema.invalid_input');
}

/** The six checks, in order; the first that fails names the refusal. */
export function verifySnapshot(text: string, expected: Expected): Verified {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, check: 'SCHEMA', message: 'not a snapshot: the bytes do not parse', reason: msg('reasons.snapshot.unparsable') };
  }
  const parsed = snapshotSchema.safeParse(json);
  if (!parsed.success) return {
    ok: false, check: 'SCHEMA', message: `not a ${SNAPSHOT_SCHEMA}: ${parsed.error.issues[0]!.path.join('.') || '(root)'} ${parsed.error.issues[0]!.message}`,
    reason: msg('reasons.snapshot.not_schema', { schema: SNAPSHOT_SCHEMA, field: parsed.error.issues[0]!.path.join('.') || '(root)', problem: issueMessage(parsed.error.issues[0]!) }),
  };
  const s = parsed.data;
  if (canonicalJson(s) !== text) return { ok: false, check: 'SCHEMA', message: 'not in canonical form', reason: msg('reasons.snapshot.not_canonical') };
  if (sha256Hex(s.state) !== s.hash) return { ok: false, check: 'HASH', message: 'the state does not match its hash', reason: msg('reasons.snapshot.hash') };
  if (!signatureHolds(s, expected.authorityPublicKeyHex)) return { ok: false, check: 'SIGNATURE', message: "the signature is not the authority's", reason: msg('reasons.snapshot.signature') };
  if (s.org !== expected.org) return {
    ok: false, check: 'ORGANIZATION', message: `made for organization ${s.org}, not ${expected.org}`, reason: msg('reasons.snapshot.organization', { made: s.org, expected: expected.org }),
  };
  if (s.group !== expected.group) return { ok: false, check: 'GROUP', message: `made for group ${s.group}, not ${expected.group}`, reason: msg('reasons.snapshot.group', { made: s.group, expected: expected.group }) };
  if (s.seq !== expected.seq || s.seq < expected.cursor) return {
      ok: false, check: 'SEQUENCE', message: `at sequence ${s.seq}; expected ${expected.seq}, not behind cursor ${expected.cursor}`,
      reason: msg('reasons.snapshot.sequence', { seq: s.seq, expected: expected.seq, cursor: expected.cursor }),
    };
  let state: AuthorityState;
  try {
    state = JSON.parse(s.state) as AuthorityState;
  } catch {
    return { ok: false, check: 'SCHEMA', message: 'the state does not parse', reason: msg('reasons.snapshot.state_unparsable') };
  }
  return { ok: true, snapshot: s, state };
}

function signatureHolds(s: Snapshot, publicKeyHex: string): boolean {
  try {
    return ed25519.verify(hexToBytes(s.signature), header(s), hexToBytes(publicKeyHex));
  } catch {
    return false; // a malformed key or signature simply does not verify
  }
}
