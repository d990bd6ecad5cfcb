/**
 * The L09 action vocabulary (documented in labs/L09/README.md):
 * - `{"send": {"actor","action_id","kind","expected_revision","payload"}}` — the composer;
 *   `expected_revision` is a number, null, or "current" (read when the step runs);
 *   `action_id` "auto" makes a fresh Action ID at each press (a new intent).
 * - `resend_last` — the last command again, byte for byte (same signature).
 * - `tamper_last` — same actor and Action ID, one byte of the payload changed, re-signed.
 * - `stale_last` — the last ACCEPTED command as a NEW command (new Action ID), still
 *   expecting the revision it expected before — which its own acceptance made stale.
 * - `forge_last` — the last command with a signature made by another actor's key.
 * - `{"race_claim": "W2"}` — agent-1 and agent-2 both claim the item at its current revision.
 * - `{"tool_call": {"actor": "agent-1", "work_item": "W1"}}` — the owner calls the external
 *   tool under its attempt key (L12, MWP-WRK-018).
 * - `{"resend_unanswered": "agent-1"}` — the client resends, byte for byte, its oldest
 *   command that has no reply (a lost frame, a crash in the accept): its own recovery.
 */
import { isCommandKind, type CommandKind } from '../../../core/authority/commands';
import { msg, type Message } from '../../../core/message';

export const CLIENTS = ['lead', 'agent-1', 'agent-2'] as const;
export type ClientId = (typeof CLIENTS)[number];

export type AuthorityAction =
  | { type: 'send'; actor: ClientId; action_id: string; kind: CommandKind; expected_revision: number | 'current' | null; payload: Record<string, unknown> }
  | { type: 'resend_last' | 'tamper_last' | 'stale_last' | 'forge_last' }
  | { type: 'race_claim'; work_item: string }
  | { type: 'tool_call'; actor: ClientId; work_item: string }
  | { type: 'resend_unanswered'; actor: ClientId };

const LAST_TOKENS = ['resend_last', 'tamper_last', 'stale_last', 'forge_last'] as const;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseAuthorityAction(raw: unknown): AuthorityAction | string {
  if (typeof raw === 'string') {
    return (LAST_TOKENS as readonly string[]).includes(raw)
      ? { type: raw as (typeof LAST_TOKENS)[number] }
      : `unknown action '${raw}' (expected resend_last, tamper_last, stale_last, forge_last, {"race_claim": id} or {"send": {...}})`;
  }
  if (!isRecord(raw)) return `an action must be a token or an object, got ${JSON.stringify(raw)}`;
  if (typeof raw.type === 'string' && (LAST_TOKENS as readonly string[]).includes(raw.type)) return { type: raw.type as (typeof LAST_TOKENS)[number] };
  if (raw.type === 'race_claim' || 'race_claim' in raw) {
    const item = raw.type === 'race_claim' ? raw.work_item : raw.race_claim;
    return typeof item === 'string' && item ? { type: 'race_claim', work_item: item } : 'race_claim needs a work item id';
  }
  if (raw.type === 'tool_call' || 'tool_call' in raw) {
    const body = raw.type === 'tool_call' ? raw : raw.tool_call;
    if (!isRecord(body) || !(CLIENTS as readonly unknown[]).includes(body.actor) || typeof body.work_item !== 'string' || !body.work_item) return 'tool_call needs {actor, work_item}';
    return { type: 'tool_call', actor: body.actor as ClientId, work_item: body.work_item };
  }
  if (raw.type === 'resend_unanswered' || 'resend_unanswered' in raw) {
    const actor = raw.type === 'resend_unanswered' ? raw.actor : raw.resend_unanswered;
    return (CLIENTS as readonly unknown[]).includes(actor) ? { type: 'resend_unanswered', actor: actor as ClientId } : `resend_unanswered needs a client: ${CLIENTS.join(', ')}`;
  }
  if (raw.type === 'send' || 'send' in raw) return parseSend(raw.type === 'send' ? raw : raw.send);
  return `unknown action ${JSON.stringify(raw)}`;
}

function parseSend(raw: unknown): AuthorityAction | string {
  if (!isRecord(raw)) return 'send needs an object {actor, action_id, kind, expected_revision, payload}';
  const { actor, action_id: actionId, kind, expected_revision: expected, payload } = raw;
  if (!(CLIENTS as readonly unknown[]).includes(actor)) return `send.actor must be one of ${CLIENTS.join(', ')}`;
  if (typeof actionId !== 'string' || !actionId || actionId.length > 64) return 'send.action_id must be a non-empty string (at most 64 characters)';
  if (!isCommandKind(kind)) return `send.kind ${JSON.stringify(kind)} is not a command kind`;
  const revisionOk = expected === undefined || expected === null || expected === 'current' || (typeof expected === 'number' && Number.isInteger(expected) && expected >= 0);
  if (!revisionOk) return 'send.expected_revision must be a whole number, null or "current"';
  if (!isRecord(payload)) return 'send.payload must be an object';
  return { type: 'send', actor: actor as ClientId, action_id: actionId, kind, expected_revision: (expected ?? null) as number | 'current' | null, payload };
}

/** The action's label as a message (namespace `actions`, src/lab/messages/<locale>/actions.json). */
export function describeAuthorityAction(action: AuthorityAction): Message {
  switch (action.type) {
    case 'send': {
      const said = { actor: action.actor, kind: action.kind, action_id: action.action_id };
      return action.expected_revision === null ? msg('actions.authority.send', said) : msg('actions.authority.send_expecting', { ...said, revision: action.expected_revision });
    }
    case 'race_claim': return msg('actions.authority.race_claim', { work_item: action.work_item });
    case 'tool_call': return msg('actions.authority.tool_call', { actor: action.actor, work_item: action.work_item });
    case 'resend_unanswered': return msg('actions.authority.resend_unanswered', { actor: action.actor });
    default: return msg(`actions.authority.${action.type}`);
  }
}
