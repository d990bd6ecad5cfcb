/** What L10 / L11 observe and show on their two nodes. */
import { eventsAfter } from '../../../core/authority/accept';
import { canonicalJson } from '../../../core/authority/canonical';
import { foldEvents } from '../../../core/authority/fold';
import { bufferedSeqs, readCursor, readProjection } from '../../../core/worker/apply';
import type { ModelContext } from '../../model';
import { AUTHORITY, settingsOf, WORKER } from './nodes';

export function observeProjection(ctx: ModelContext): Record<string, unknown> {
  const { group } = settingsOf(ctx);
  const worker = ctx.store(WORKER);
  const authority = ctx.store(AUTHORITY);
  const cursor = readCursor(worker, group);
  const projection = readProjection(worker, group);
  const latest = Number(authority.get('SELECT sequence FROM groups WHERE group_id = ?', [group])!.sequence);
  const lastSnapshot = worker.get('SELECT seq, result FROM snapshot_log ORDER BY n DESC LIMIT 1');
  const archive = authority.get('SELECT final_seq, final_snapshot, audit_log FROM archives WHERE group_id = ?', [group]);
  return {
    cursor: cursor.seq,
    acked: Number(authority.get("SELECT acked_seq FROM subscriptions WHERE worker = 'worker'")?.acked_seq ?? 0),
    mode: cursor.mode,
    buffer: bufferedSeqs(worker, group),
    inbox: Number(worker.get('SELECT count(*) AS n FROM inbox')!.n),
    applied: Number(worker.get('SELECT count(*) AS n FROM applied_log')!.n),
    sequence: latest,
    behind: latest - cursor.seq,
    rebuild_matches: canonicalJson(projection) === canonicalJson(foldEvents(eventsAfter(authority, group, 0, cursor.seq))),
    work_items: Object.fromEntries(Object.entries(projection.workItems).map(([id, w]) => [id, w.status])),
    restored_from: cursor.base > 0 ? cursor.base : null,
    last_snapshot: lastSnapshot ? String(lastSnapshot.result) : null,
    connected: !ctx.isPartitioned(AUTHORITY, WORKER),
    tombstones: authority.all('SELECT event_id FROM tombstones ORDER BY n').map((r) => String(r.event_id)),
    archive: archive ? { final_seq: Number(archive.final_seq), audit_log_bytes: String(archive.audit_log).length / 2, signed: String(archive.final_snapshot).includes('"signature"') } : null,
    events_total: Number(authority.get('SELECT count(*) AS n FROM events')!.n),
    in_flight: ctx.network.inFlight.length,
  };
}

export function describeProjectionNodes(ctx: ModelContext): Record<string, string[]> {
  const { group } = settingsOf(ctx);
  const worker = ctx.store(WORKER);
  const authority = ctx.store(AUTHORITY);
  const cursor = readCursor(worker, group);
  const buffer = bufferedSeqs(worker, group);
  const latest = Number(authority.get('SELECT sequence FROM groups WHERE group_id = ?', [group])!.sequence);
  const acked = Number(authority.get("SELECT acked_seq FROM subscriptions WHERE worker = 'worker'")?.acked_seq ?? 0);
  const window = ctx.switches.window === 'all' ? 'all' : `last ${ctx.switches.window}`;
  return {
    authority: [`${group}: events 1–${latest}`, `worker ACKed ${acked} · replay window: ${window}`],
    worker: [`cursor ${cursor.seq} (${cursor.mode})`, buffer.length ? `buffered: ${buffer.join(', ')}` : 'buffer empty', `inbox ${Number(worker.get('SELECT count(*) AS n FROM inbox')!.n)} event IDs`],
  };
}
