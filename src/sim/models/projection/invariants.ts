/**
 * L10 / L11 invariants, after every step: the cursor never passes a gap, ACKs never go down
 * nor run ahead of what is durable, each event is applied at most once, the projection
 * equals a rebuild from the group's events, and authoritative history is never rewritten.
 */
import { eventsAfter } from '../../../core/authority/accept';
import { canonicalJson } from '../../../core/authority/canonical';
import { foldEvents } from '../../../core/authority/fold';
import { projectionGeneration, readCursor, readProjection } from '../../../core/worker/apply';
import type { Invariant } from '../../model';
import { AUTHORITY, settingsOf, WORKER } from './nodes';

export const projectionInvariants: Invariant[] = [
  {
    id: 'PROJ-1', statement: 'The durable cursor never passes a gap.', rule: 'MWP-WRK-029, MWP-FND-018',
    check(ctx) {
      const { group } = settingsOf(ctx);
      const cursor = readCursor(ctx.store(WORKER), group);
      const applied = new Set(ctx.store(WORKER).all('SELECT DISTINCT seq FROM applied_log').map((r) => Number(r.seq)));
      const missing: number[] = [];
      for (let seq = cursor.base + 1; seq <= cursor.seq; seq++) if (!applied.has(seq)) missing.push(seq);
      return missing.length ? [`the cursor is at ${cursor.seq} but event(s) ${missing.join(', ')} were never applied`] : [];
    },
  },
  {
    id: 'PROJ-2', statement: 'ACKs never go down and never name more than the worker durably holds.', rule: 'MWP-WRK-030',
    check(ctx) {
      const out: string[] = [];
      const worker = ctx.store(WORKER);
      let last = -1;
      for (const row of worker.all('SELECT cursor FROM acks_sent ORDER BY n')) {
        const cursor = Number(row.cursor);
        if (cursor < last) out.push(`the worker's ACK went down from ${last} to ${cursor}`);
        last = Math.max(last, cursor);
      }
      const durable = readCursor(worker, settingsOf(ctx).group).seq;
      const sub = ctx.store(AUTHORITY).get("SELECT acked_seq, generation FROM subscriptions WHERE worker = 'worker'");
      if (sub && Number(sub.generation) === projectionGeneration(worker) && Number(sub.acked_seq) > durable) {
        out.push(`the authority holds an ACK for ${sub.acked_seq}, but the worker has durably applied only ${durable}`);
      }
      return out;
    },
  },
  {
    id: 'PROJ-3', statement: 'Every accepted event is applied at most once.', rule: 'MWP-WRK-029',
    check: (ctx) => ctx.store(WORKER).all('SELECT event_id, count(*) AS times FROM applied_log GROUP BY event_id HAVING count(*) > 1')
      .map((r) => `${r.event_id} was applied ${r.times} times`),
  },
  {
    id: 'PROJ-4', statement: "The projection equals a rebuild from the group's events up to the cursor.", rule: 'SPEC §2, MWP-WRK-008',
    check(ctx) {
      const { group } = settingsOf(ctx);
      const worker = ctx.store(WORKER);
      const cursor = readCursor(worker, group).seq;
      const rebuilt = canonicalJson(foldEvents(eventsAfter(ctx.store(AUTHORITY), group, 0, cursor)));
      return canonicalJson(readProjection(worker, group)) === rebuilt ? [] : [`the projection at cursor ${cursor} differs from a rebuild of events 1–${cursor}`];
    },
  },
  {
    id: 'PROJ-5', statement: 'Authoritative history keeps every event ID and sequence.', rule: 'MWP-WRK-030, MWP-MSN-009',
    check(ctx) {
      const { group } = settingsOf(ctx);
      return eventsAfter(ctx.store(AUTHORITY), group, 0, 1_000_000).flatMap((e, i) =>
        e.seq === i + 1 && e.eventId === `E-${group}-${e.seq}` ? [] : [`history has ${e.eventId} at position ${i + 1}`]);
    },
  },
];
