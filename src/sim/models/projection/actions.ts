/**
 * L10 / L11 vocabulary: `emit` / `{"emit": n}` / `{"emit": {"count": n, "group": "G2"}}`
 * (the authority accepts commands and publishes their events), `report` /
 * `{"report": {"group": "G1", "note": "…"}}` (agent-1 reports progress with a free-text
 * note), `redeliver` (re-send everything after the last ACK, every group), `disconnect`,
 * `reconnect` (heal and ask for replay from cursor + 1, every group), `rebuild` (wipe the
 * projection and replay from 0), `{"tamper": "schema" | "hash" | "signature" |
 * "organization" | "group" | "sequence"}` (the next snapshot arrives altered that way),
 * `{"tombstone": "E-G1-2"}` or `{"tombstone": {"event_id", "kind", "reason"}}`, `archive`.
 */
import { z } from 'zod';
import { msg, type Message } from '../../../core/message';
import { ERASURE_REQUEST } from '../../../core/feed/redaction';

export const TAMPER_KINDS = ['schema', 'hash', 'signature', 'organization', 'group', 'sequence'] as const;
export type TamperKind = (typeof TAMPER_KINDS)[number];

export const DEFAULT_NOTE = 'called the customer, Ada L., on +44 20 7946 0123';

export type ProjectionAction =
  | { type: 'emit'; count: number; group: string | null }
  | { type: 'report'; group: string | null; note: string }
  | { type: 'redeliver' | 'disconnect' | 'reconnect' | 'rebuild' | 'archive' }
  | { type: 'tamper'; check: TamperKind }
  | { type: 'tombstone'; event_id: string; kind: 'legal_deletion' | 'security_redaction'; reason: string };

const SIMPLE = ['redeliver', 'disconnect', 'reconnect', 'rebuild', 'archive'] as const;
const group = z.string().min(1).max(32);
const emitSchema = z.union([z.number().int().min(1).max(50).transform((count) => ({ count, group: null })),
  z.object({ count: z.number().int().min(1).max(50).default(1), group: group.nullable().default(null) }).strict()]);
const reportSchema = z.union([z.literal(true).transform(() => ({ group: null, note: DEFAULT_NOTE })),
  z.object({ group: group.nullable().default(null), note: z.string().min(1).max(200).default(DEFAULT_NOTE) }).strict()]);
const tombstoneSchema = z.union([z.string().min(1).transform((event_id) => ({ event_id, kind: 'legal_deletion' as const, reason: ERASURE_REQUEST })),
  z.object({ event_id: z.string().min(1), kind: z.enum(['legal_deletion', 'security_redaction']).default('legal_deletion'), reason: z.string().min(1).max(200).default(ERASURE_REQUEST) }).strict()]);

const problem = (verb: string, error: z.ZodError) => `${verb}: ${error.issues[0]!.path.join('.') || 'value'} ${error.issues[0]!.message}`;

export function parseProjectionAction(raw: unknown): ProjectionAction | string {
  if (raw === 'emit') return { type: 'emit', count: 1, group: null };
  if (raw === 'report') return { type: 'report', group: null, note: DEFAULT_NOTE };
  if (typeof raw === 'string') return (SIMPLE as readonly string[]).includes(raw) ? { type: raw as (typeof SIMPLE)[number] } : `unknown action '${raw}'`;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return `an action must be a token or an object, got ${JSON.stringify(raw)}`;
  const record = raw as Record<string, unknown>;
  const [verb, value] = typeof record.type === 'string' ? [record.type, (({ type: _t, ...rest }) => rest)(record)] : Object.entries(record)[0] ?? ['', undefined];
  if ((SIMPLE as readonly string[]).includes(verb)) return { type: verb as (typeof SIMPLE)[number] };
  if (verb === 'emit') {
    const r = emitSchema.safeParse(value);
    return r.success ? { type: 'emit', ...r.data } : problem('emit needs a count from 1 to 50', r.error);
  }
  if (verb === 'report') {
    const r = reportSchema.safeParse(value);
    return r.success ? { type: 'report', ...r.data } : problem('report', r.error);
  }
  if (verb === 'tamper') {
    const check = typeof value === 'object' && value !== null ? (value as { check?: unknown }).check : value;
    return (TAMPER_KINDS as readonly unknown[]).includes(check) ? { type: 'tamper', check: check as TamperKind } : `tamper needs one of ${TAMPER_KINDS.join(', ')}`;
  }
  if (verb === 'tombstone') {
    const r = tombstoneSchema.safeParse(value);
    return r.success ? { type: 'tombstone', ...r.data } : problem('tombstone needs an event ID', r.error);
  }
  return `unknown action ${JSON.stringify(raw)}`;
}

/**
 * The action's label as a message (namespace `actions`, src/lab/messages/<locale>/actions.json).
 * A group, when named, picks the `_in` template; the tombstone's kind picks its own (each
 * language words the kind its way).
 */
export function describeProjectionAction(a: ProjectionAction): Message {
  const where = (key: string, params: Record<string, number> = {}) =>
    (a.type === 'emit' || a.type === 'report') && a.group ? msg(`${key}_in`, { ...params, group: a.group }) : msg(key, params);
  switch (a.type) {
    case 'emit': return a.count === 1 ? where('actions.projection.emit_one') : where('actions.projection.emit_many', { count: a.count });
    case 'report': return where('actions.projection.report');
    case 'tamper': return msg('actions.projection.tamper', { check: a.check });
    case 'tombstone': return msg(`actions.projection.tombstone_${a.kind}`, { event: a.event_id });
    default: return msg(`actions.projection.${a.type}`);
  }
}
