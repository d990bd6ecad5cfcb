/**
 * A redaction notice from the authority (MWP-MSN-009): the worker drops the redacted
 * fields from every copy it holds — the checkpoint note it kept from that event, and the
 * event itself if it is still waiting in the buffer. IDs and sequences stay.
 */
import type { EventRecord } from '../authority/outcomes';
import type { Store } from '../db/store';
import { carriedFields, REDACTED, scrubFields } from '../feed/redaction';
import type { TransportFrame } from '../transport/frames';

export function applyRedaction(store: Store, notice: Extract<TransportFrame, { type: 'redaction' }>): number {
  return store.tx('worker.apply_redaction', () => {
    let scrubbed = 0;
    if (notice.fields.includes('note')) {
      scrubbed += store.run('UPDATE checkpoints SET note = ? WHERE group_id = ? AND seq = ?', [REDACTED, notice.group, notice.seq]);
    }
    const buffered = store.get('SELECT event FROM buffer WHERE group_id = ? AND seq = ?', [notice.group, notice.seq]);
    if (buffered) {
      const event = JSON.parse(String(buffered.event)) as EventRecord;
      event.payload = scrubFields(event.payload, notice.fields);
      scrubbed += store.run('UPDATE buffer SET event = ? WHERE group_id = ? AND seq = ?', [JSON.stringify(event), notice.group, notice.seq]);
    }
    store.run('INSERT OR IGNORE INTO redactions (event_id, group_id, seq, fields) VALUES (?, ?, ?, ?)', [notice.eventId, notice.group, notice.seq, notice.fields.join(',')]);
    return scrubbed;
  });
}

/**
 * Copies the worker still keeps of fields whose redaction notice it has recorded (the
 * oracle for MWP-MSN-009 on the worker's side): a checkpoint note taken from a redacted
 * event, or a buffered event still carrying a redacted field. Once the worker knows of a
 * tombstone it may hold the field nowhere, in whatever order the notice and the event came.
 */
export function keptRedactedCopies(store: Store, only?: ReadonlySet<string>): { eventId: string; group: string; field: string; where: 'checkpoint' | 'buffer' }[] {
  const out: { eventId: string; group: string; field: string; where: 'checkpoint' | 'buffer' }[] = [];
  for (const r of store.all('SELECT event_id, group_id, seq, fields FROM redactions ORDER BY event_id')) {
    const eventId = String(r.event_id);
    const group = String(r.group_id);
    const fields = String(r.fields).split(',');
    if (only && !only.has(eventId)) continue;
    out.push(...heldCopies(store, eventId, group, Number(r.seq), fields));
  }
  return out;
}

/** The worker's copies of `fields` of one event (checkpoint note, buffered payload) that still carry them. */
export function heldCopies(store: Store, eventId: string, group: string, seq: number, fields: readonly string[]): { eventId: string; group: string; field: string; where: 'checkpoint' | 'buffer' }[] {
  const out: { eventId: string; group: string; field: string; where: 'checkpoint' | 'buffer' }[] = [];
  if (fields.includes('note')) {
    for (const c of store.all('SELECT note FROM checkpoints WHERE group_id = ? AND seq = ?', [group, seq])) {
      if (c.note !== null && String(c.note) !== REDACTED) out.push({ eventId, group, field: 'note', where: 'checkpoint' });
    }
  }
  const buffered = store.get('SELECT event FROM buffer WHERE group_id = ? AND seq = ?', [group, seq]);
  if (buffered) {
    const event = JSON.parse(String(buffered.event)) as EventRecord;
    if (event.eventId === eventId) for (const field of carriedFields(event.payload, fields)) out.push({ eventId, group, field, where: 'buffer' });
  }
  return out;
}
