/**
 * L10 / L11 invariants, after every step, per group: the cursor never passes a gap, ACKs
 * never go down nor run ahead of what is durable, each event is applied at most once, the
 * projection equals a rebuild from the group's events; the history keeps every ID and
 * sequence (AUTH-1, broken by the `delete_event` redaction), and a tombstoned field is
 * served nowhere (PROJ-5, broken by `flag_only`).
 *
 * Each `checkStep` re-runs only on a step that committed a write to a table the check reads
 * (`onWrites.ts`; the lists name every table read, helpers included). PROJ-1…3 then read
 * only the log rows added since (logChecks.ts), PROJ-4 folds only new events
 * (rebuildCheck.ts), PROJ-5 re-runs its check; AUTH-1 has its own (authority model).
 * Agreement with `check`: oracle.test.ts.
 */
import { eventsAfter } from '../../../core/authority/accept';
import { canonicalJson } from '../../../core/authority/canonical';
import { foldEvents } from '../../../core/authority/fold';
import { ackedGeneration, ackedSeq } from '../../../core/feed/feed';
import { carriedFields, tombstoneList, unredactedTombstones } from '../../../core/feed/redaction';
import { performedCounts } from '../../../core/feed/receipts';
import { historyAfterArchive, openArchive } from '../../../core/snapshot/archive';
import { keptRedactedCopies } from '../../../core/worker/redaction';
import { projectionGeneration, readCursor, readProjection } from '../../../core/worker/apply';
import { acksSent, appliedSeqs, appliedTwice } from '../../../core/worker/inspect';
import { msg } from '../../../core/message';
import type { Invariant, Violation } from '../../model';
import { historyInvariant } from '../authority/invariants';
import { AUTHORITY, groupsOf, WORKER } from './nodes';
import { rerunOnWrites } from './onWrites';
import { rebuildCheckStep } from './rebuildCheck';
import { ackStep, appliedOnceStep, cursorGapStep } from './logChecks';

export const projectionInvariants: Invariant[] = [
  {
    id: 'PROJ-1', statement: 'The durable cursor never passes a gap.', rule: 'MWP-WRK-029, MWP-FND-018, MWP-WRK-008',
    rules: ['MWP-WRK-029', 'MWP-FND-018', 'MWP-WRK-008'],
    // The step form keeps the applied sequences as runs and reads only new log rows (logChecks.ts).
    checkStep: cursorGapStep,
    check: (ctx) => groupsOf(ctx).flatMap(({ group }) => {
      const cursor = readCursor(ctx.store(WORKER), group);
      const applied = appliedSeqs(ctx.store(WORKER), group);
      const missing: number[] = [];
      for (let seq = cursor.base + 1; seq <= cursor.seq; seq++) if (!applied.has(seq)) missing.push(seq);
      return missing.length ? [msg('violations.projection.cursor_past_gap', { group, cursor: cursor.seq, missing: missing.join(', ') })] : [];
    }),
  },
  {
    id: 'PROJ-2', statement: 'ACKs never go down and never name more than the worker durably holds.', rule: 'MWP-WRK-030', rules: ['MWP-WRK-030'],
    // The step form keeps each group's highest ACK and descents and reads only new ACK rows (logChecks.ts).
    checkStep: ackStep,
    check: (ctx) => groupsOf(ctx).flatMap(({ group }) => {
      const out: Violation[] = [];
      const worker = ctx.store(WORKER);
      let last = -1;
      for (const cursor of acksSent(worker, group)) {
        if (cursor < last) out.push(msg('violations.projection.ack_went_down', { group, from: last, to: cursor }));
        last = Math.max(last, cursor);
      }
      const durable = readCursor(worker, group).seq;
      const generation = ackedGeneration(ctx.store(AUTHORITY), WORKER, group);
      const acked = ackedSeq(ctx.store(AUTHORITY), WORKER, group);
      if (generation === projectionGeneration(worker) && acked > durable) {
        out.push(msg('violations.projection.ack_ahead', { group, acked, durable }));
      }
      return out;
    }),
  },
  {
    id: 'PROJ-3', statement: 'Every accepted event is applied at most once.', rule: 'MWP-WRK-029, MWP-FND-018', rules: ['MWP-WRK-029', 'MWP-FND-018'],
    // The step form keeps a count per event and reads only new log rows (logChecks.ts).
    checkStep: appliedOnceStep,
    check: (ctx) => appliedTwice(ctx.store(WORKER)).map((r) => msg('violations.projection.applied_twice', { event: String(r.event_id), times: String(r.times) })),
  },
  {
    id: 'PROJ-4', statement: "Each group's projection equals a rebuild from that group's events up to its cursor.", rule: 'SPEC §2, MWP-WRK-008',
    // Losing the projection never changes the truth: a rebuild from the events gives it back exactly.
    rules: ['MWP-FND-023', 'MWP-WRK-008'],
    // The step form keeps each group's fold and folds only new events (rebuildCheck.ts).
    checkStep: rebuildCheckStep,
    check: (ctx) => groupsOf(ctx).flatMap(({ group }) => {
      const worker = ctx.store(WORKER);
      const cursor = readCursor(worker, group).seq;
      const rebuilt = canonicalJson(foldEvents(eventsAfter(ctx.store(AUTHORITY), group, 0, cursor)));
      return canonicalJson(readProjection(worker, group)) === rebuilt ? [] : [msg('violations.projection.differs_from_rebuild', { group, cursor })];
    }),
  },
  // Here AUTH-1 states the other half of MWP-MSN-009: a tombstone never rewrites earlier IDs or sequences.
  { ...historyInvariant((ctx) => groupsOf(ctx).map((g) => g.group)), rules: ['MWP-MSN-009'] },
  {
    id: 'PROJ-5', statement: 'A tombstoned field is served nowhere: not by the stored history, replay, snapshots or the archive, and not by a worker copy once the worker has heard of the tombstone.',
    rule: 'MWP-MSN-009', rules: ['MWP-MSN-009'],
    ...rerunOnWrites({ [AUTHORITY]: ['tombstones', 'events', 'groups', 'archives'], [WORKER]: ['redactions', 'checkpoints', 'buffer'] }, (ctx) => {
      const authority = ctx.store(AUTHORITY);
      const out = unredactedTombstones(authority);
      const tombstones = tombstoneList(authority);
      for (const { group } of groupsOf(ctx)) {
        const archive = openArchive(authority, ctx.rng.seed, group);
        if (!archive) continue;
        for (const t of tombstones) {
          const event = archive.events.find((e) => e.eventId === t.event_id);
          if (!event) continue;
          for (const field of carriedFields(event.payload, t.fields.split(','))) out.push(msg('violations.projection.tombstoned_archived', { group, event: t.event_id, field }));
        }
      }
      // The worker's side: a notice it recorded, in whatever order the notice and the event came.
      for (const copy of keptRedactedCopies(ctx.store(WORKER))) out.push(msg(`violations.projection.tombstoned_kept_${copy.where}`, { event: copy.eventId, field: copy.field }));
      return out;
    }),
  },
  {
    id: 'PROJ-6', statement: "An archived group's history ends at its signed final snapshot: nothing is accepted after it.", rule: 'MWP-MSN-009', rules: ['MWP-MSN-009'],
    ...rerunOnWrites({ [AUTHORITY]: ['groups', 'archives'] }, (ctx) => historyAfterArchive(ctx.store(AUTHORITY))
      .map((a) => msg('violations.projection.accepted_after_archive', { group: a.group, final: a.finalSeq, sequence: a.sequence }))),
  },
  {
    id: 'EFF-1', statement: "Each intent's side effect is carried out at most once, whatever the worker loses.", rule: 'MWP-FND-023, SPEC §2', rules: ['MWP-FND-023'],
    ...rerunOnWrites({ [AUTHORITY]: ['effects_performed'] }, (ctx) => [...performedCounts(ctx.store(AUTHORITY))]
      .filter(([, times]) => times > 1).map(([operation, times]) => msg('violations.projection.effect_twice', { operation, times }))),
  },
];
