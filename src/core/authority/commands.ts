/**
 * Commands to the authority: who sends it (actor), its Action ID, the group, the kind,
 * an optional expected revision of the targeted aggregate, and a payload. Commands are
 * signed by their actor over the digest of their canonical content.
 */
import { z } from 'zod';
import { contentDigest, plainCanonicalOfSortedKeys, sha256Hex } from './canonical';
import { signDigest, type KeyPair } from './keys';

const id = z.string().min(1).max(64);
const ticks = z.number().int().min(1).max(1000);

/** Payload schema per command kind. */
export const PAYLOADS = {
  create_group: z.object({ org: id }).strict(),
  add_member: z.object({ agent: id, role: z.enum(['admin', 'approver', 'worker']) }).strict(),
  remove_member: z.object({ agent: id }).strict(),
  create_mission: z.object({ mission: id, budget_cents: z.number().int().min(0) }).strict(),
  create_work_item: z.object({ work_item: id, mission: id, deadline: z.number().int().min(0).optional(), max_attempts: z.number().int().min(1).max(20).optional(), retry_budget_cents: z.number().int().min(0).optional() }).strict(),
  claim: z.object({ work_item: id, lease_ticks: ticks.optional() }).strict(),
  renew_lease: z.object({ work_item: id, lease_id: id, lease_ticks: ticks.optional() }).strict(),
  report_progress: z.object({ work_item: id, lease_id: id, cost_cents: z.number().int().min(0), note: z.string().max(200) }).strict(),
  complete: z.object({ work_item: id, lease_id: id }).strict(),
  request_approval: z.object({ approval: id, work_item: id }).strict(),
  decide_approval: z.object({ approval: id, decision: z.enum(['approved', 'rejected']) }).strict(),
  open_session: z.object({}).strict(),
  checkpoint: z.object({ work_item: id, lease_id: id, data: z.string().max(200) }).strict(),
  resume: z.object({ work_item: id, lease_ticks: ticks.optional() }).strict(),
  block: z.object({ work_item: id, lease_id: id, needs: z.string().min(1).max(200), data: z.string().max(200) }).strict(),
  resolve: z.object({ work_item: id }).strict(),
  report_failure: z.object({ work_item: id, lease_id: id, reason: z.string().max(200), cost_cents: z.number().int().min(0).optional() }).strict(),
  reassign: z.object({ work_item: id, reason: z.string().max(200) }).strict(),
  cancel: z.object({ work_item: id }).strict(),
  /**
   * Reconciliation after an outage (MWP-WRK-022): the progress reports buffered offline,
   * rebased onto the current lease, and optionally the submission — accepted as ONE
   * transaction with their total charge, or rejected whole. Each report keeps its offline
   * binding and the new Action ID it was rebased under (MWP-WRK-021, MWP-EXT-005).
   */
  reconcile: z.object({
    work_item: id, lease_id: id, submit: z.boolean(),
    reports: z.array(z.object({
      rebased_as: id, offline_action_id: id, offline_session: z.number().int().min(0), offline_lease: id.nullable(),
      cost_cents: z.number().int().min(0), note: z.string().max(200),
    }).strict()).max(20),
  }).strict(),
} as const;

export type CommandKind = keyof typeof PAYLOADS;
export const COMMAND_KINDS = Object.keys(PAYLOADS) as CommandKind[];

/** Kinds that always use compare-and-set: the expected revision is required (MWP-EVT-007). */
export const CAS_KINDS: ReadonlySet<CommandKind> = new Set(['add_member', 'remove_member', 'claim', 'renew_lease', 'decide_approval', 'resume']);

/** The signed part of a command: its canonical content. */
export interface CommandContent {
  actor: string;
  actionId: string;
  group: string;
  kind: CommandKind;
  expectedRevision: number | null;
  payload: Record<string, unknown>;
}

export interface SignedCommand extends CommandContent {
  /** Ed25519 signature (hex) over `contentDigest(content)`. */
  signature: string;
}

export function contentOf(command: CommandContent): CommandContent {
  const { actor, actionId, group, kind, expectedRevision, payload } = command;
  return { actor, actionId, group, kind, expectedRevision, payload };
}

/** The content's keys in canonical (code unit) order. */
const CONTENT_KEYS = ['actionId', 'actor', 'expectedRevision', 'group', 'kind', 'payload'] as const;

/** The digest every accept computes: its canonical text written without building and sorting the content object. */
export function digestOf(command: CommandContent): string {
  const { actionId, actor, expectedRevision, group, kind, payload } = command;
  const text = plainCanonicalOfSortedKeys(CONTENT_KEYS, [actionId, actor, expectedRevision, group, kind, payload]);
  return text === undefined ? contentDigest(contentOf(command)) : sha256Hex(text);
}

export function signCommand(keys: KeyPair, content: CommandContent): SignedCommand {
  if (keys.actor !== content.actor) throw new Error(`signCommand: key of ${keys.actor} cannot sign for ${content.actor}`);
  return { ...contentOf(content), signature: signDigest(keys, digestOf(content)) };
}

export function isCommandKind(kind: unknown): kind is CommandKind {
  return typeof kind === 'string' && kind in PAYLOADS;
}
