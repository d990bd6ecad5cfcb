/**
 * Legal deletion and security redaction (MWP-MSN-009). A tombstone is a new, auditable
 * row; the event keeps its ID, sequence, kind, aggregate and revision, but the redacted
 * fields are removed from the stored payload itself — so no view built from the history
 * can serve them again: replay, snapshots, the archive, the inspector's table view. The
 * audit log records who redacted what, and why. Workers that already hold the event are
 * told, so they can drop their copy.
 *
 * Only free-text fields can be redacted (a progress note, a failure or revocation
 * reason): the authority's state is never built from them, so every rebuild stays exact.
 *
 * The broken designs are variants of the same call, for the lab: `flag_only` adds the
 * tombstone row but keeps serving the payload; `delete_event` erases the event instead,
 * rewriting the group's history; `history_only` scrubs the stored event but tells no worker
 * (no notice now, none with a later replay), so a copy a worker already holds stays.
 */
import { canonicalJson } from '../authority/canonical';
import type { Store } from '../db/store';
import { msg, type Message } from '../message';
import type { Clock } from '../time';
import { resealArchive, type ArchiveSeal } from '../snapshot/archive';
import { FRAME_VERSION, type TransportFrame } from '../transport/frames';

export type RedactionVariant = 'tombstone' | 'flag_only' | 'delete_event' | 'history_only';
export type TombstoneKind = 'legal_deletion' | 'security_redaction';

/** The free-text fields each event kind may carry, the only ones a tombstone removes. */
export const REDACTABLE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  progress_reported: ['note'],
  work_item_failed: ['reason'],
  work_item_revoked: ['reason'],
};

/** What a redacted field reads as, everywhere, afterwards. */
export const REDACTED = '[redacted]';

/**
 * The reason a tombstone carries when the request names none. Stored as written (the audit
 * row is data); the timeline words it per language, since the lab, not the student, wrote it.
 */
export const ERASURE_REQUEST = 'the customer asked for their data to be erased';

/** `payload` with each of `fields` it carries replaced by REDACTED (the one scrub, authority and worker alike). */
export function scrubFields(payload: Readonly<Record<string, unknown>>, fields: readonly string[]): Record<string, unknown> {
  return { ...payload, ...Object.fromEntries(fields.filter((f) => f in payload).map((f) => [f, REDACTED])) };
}

/** Which of `fields` `payload` still carries unredacted (empty: the tombstone took effect there). */
export function carriedFields(payload: Readonly<Record<string, unknown>>, fields: readonly string[]): string[] {
  return fields.filter((f) => f in payload && payload[f] !== REDACTED);
}

export interface RedactionRequest {
  eventId: string;
  kind: TombstoneKind;
  reason: string;
  /** Who asks for it (kept in the tombstone and the audit log). */
  by: string;
}

export type RedactionResult =
  | { code: 'REDACTED'; group: string; seq: number; fields: string[]; frames: TransportFrame[]; notes: Message[] }
  | { code: 'NOT_FOUND' | 'NOTHING_TO_REDACT' | 'ALREADY_REDACTED'; frames: []; notes: Message[] };

/**
 * `seal`: where the authority keeps archives (MWP-MSN-009), how to re-seal one. A tombstone
 * written after its group was archived must reach the archive too, in the same transaction:
 * the archive is one of the places a redacted field may never be served from (search found
 * archive-then-tombstone leaving the field in the archived history).
 */
export function redactEvent(store: Store, clock: Clock, request: RedactionRequest, variant: RedactionVariant = 'tombstone', seal?: ArchiveSeal): RedactionResult {
  return store.tx('feed.redact_event', (): RedactionResult => {
    const row = store.get('SELECT group_id, seq, kind, payload FROM events WHERE event_id = ?', [request.eventId]);
    if (!row) return { code: 'NOT_FOUND', frames: [], notes: [msg('feed.redact_not_found', { event: request.eventId })] };
    const payload = JSON.parse(String(row.payload)) as Record<string, unknown>;
    const fields = (REDACTABLE_FIELDS[String(row.kind)] ?? []).filter((f) => f in payload);
    if (fields.length === 0) return { code: 'NOTHING_TO_REDACT', frames: [], notes: [msg('feed.redact_nothing', { event: request.eventId, kind: String(row.kind) })] };
    if (carriedFields(payload, fields).length === 0) return { code: 'ALREADY_REDACTED', frames: [], notes: [msg('feed.redact_already', { event: request.eventId })] };
    const group = String(row.group_id);
    const seq = Number(row.seq);
    store.run('INSERT INTO tombstones (event_id, group_id, seq, kind, fields, reason, by_actor, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      [request.eventId, group, seq, request.kind, fields.join(','), request.reason, request.by, clock.now]);
    store.run('INSERT INTO audit_log (at, actor, action, subject, detail) VALUES (?, ?, ?, ?, ?)',
      [clock.now, request.by, request.kind, request.eventId, canonicalJson({ fields, reason: request.reason })]);
    if (variant === 'delete_event') {
      store.run('DELETE FROM outbox WHERE event_id = ?', [request.eventId]);
      store.run('DELETE FROM events WHERE event_id = ?', [request.eventId]);
      return { code: 'REDACTED', group, seq, fields, frames: [], notes: [msg('feed.redact_deleted', { event: request.eventId, seq })] };
    }
    if (variant === 'flag_only') {
      return { code: 'REDACTED', group, seq, fields, frames: [], notes: [msg('feed.redact_flag_only', { event: request.eventId })] };
    }
    store.run('UPDATE events SET payload = ? WHERE event_id = ?', [canonicalJson(scrubFields(payload, fields)), request.eventId]);
    if (seal) resealArchive(store, seal, group);
    return {
      code: 'REDACTED', group, seq, fields,
      frames: variant === 'history_only' ? [] : [{ v: FRAME_VERSION, type: 'redaction', group, eventId: request.eventId, seq, fields }],
      notes: [msg('feed.redacted', { event: request.eventId, seq, fields: fields.join(', '), by: request.by, reason: request.reason === ERASURE_REQUEST ? msg('feed.reason.erasure_request') : request.reason })],
    };
  });
}

/**
 * Where history still serves a field a tombstone removed (the oracle for MWP-MSN-009):
 * the stored payload of each tombstoned event, if it is still there.
 */
export function unredactedTombstones(store: Store): Message[] {
  const out: Message[] = [];
  for (const t of store.all('SELECT t.event_id, t.fields, e.payload FROM tombstones t LEFT JOIN events e ON e.event_id = t.event_id ORDER BY t.n')) {
    if (t.payload === null) continue; // an erased event serves nothing — and breaks history instead (AUTH-1)
    const payload = JSON.parse(String(t.payload)) as Record<string, unknown>;
    for (const field of carriedFields(payload, String(t.fields).split(','))) out.push(msg('violations.projection.tombstoned_stored', { event: String(t.event_id), field }));
  }
  return out;
}

export function tombstoneList(store: Store): { event_id: string; kind: string; fields: string; by: string; reason: string }[] {
  return store.all('SELECT event_id, kind, fields, by_actor, reason FROM tombstones ORDER BY n').map((r) => ({
    event_id: String(r.event_id), kind: String(r.kind), fields: String(r.fields), by: String(r.by_actor), reason: String(r.reason),
  }));
}
