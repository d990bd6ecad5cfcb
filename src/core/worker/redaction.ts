/**
 * A redaction notice from the authority (MWP-MSN-009): the worker drops the redacted
 * fields from every copy it holds — the checkpoint note it kept from that event, and the
 * event itself if it is still waiting in the buffer. IDs and sequences stay.
 */
import type { EventRecord } from '../authority/outcomes';
import type { Store } from '../db/store';
import { REDACTED, scrubFields } from '../feed/redaction';
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
