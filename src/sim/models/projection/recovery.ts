/**
 * L10 / L11 liveness: what a settled projection World is, and the moves the system makes by
 * itself to get there (src/sim/model.ts `ModelRecovery`). Settled: every followed group's
 * cursor has reached the group's sequence with nothing left in the buffer, the authority
 * holds an ACK of exactly that cursor from the worker's current projection, every intent
 * the worker holds was carried out exactly once, and no copy the worker keeps still carries a field a
 * tombstone removed — also one it never heard of because the notice was lost.
 *
 * The moves are the design's own timers, each acting only on what its node can know: the
 * worker asks for a replay from its cursor when it waits behind a gap or for a snapshot;
 * the authority re-sends after the last ACK while that ACK is behind its sequence;
 * otherwise the worker's periodic resync (a replay request — how a missed redaction notice
 * reaches it).
 */
import { ackedGeneration, ackedSeq, groupSequence } from '../../../core/feed/feed';
import { performedCounts } from '../../../core/feed/receipts';
import { tombstoneList } from '../../../core/feed/redaction';
import { bufferedSeqs, projectionGeneration, readCursor } from '../../../core/worker/apply';
import { followedGroups } from '../../../core/worker/receive';
import { heldCopies } from '../../../core/worker/redaction';
import { msg } from '../../../core/message';
import type { EndCondition, ModelContext } from '../../model';
import type { ProjectionAction } from './actions';
import { AUTHORITY, WORKER } from './nodes';

/** The mode in which the worker waits for a snapshot it must ask for again (the offer was lost). */
const WAITING = new Set(['restoring']);

export const projectionEndConditions: EndCondition[] = [
  {
    id: 'END-FEED', statement: "Every group the worker follows is applied up to the group's sequence with nothing left in the buffer, and the authority holds an ACK of exactly that cursor from the worker's current projection.",
    rules: ['MWP-WRK-029', 'MWP-FND-018', 'MWP-WRK-008', 'MWP-WRK-030'],
    check: (ctx) => followedGroups(ctx.store(WORKER)).flatMap(({ group }) => {
      const cursor = readCursor(ctx.store(WORKER), group).seq;
      const sequence = groupSequence(ctx.store(AUTHORITY), group);
      const buffered = bufferedSeqs(ctx.store(WORKER), group);
      const acked = ackedSeq(ctx.store(AUTHORITY), WORKER, group);
      const current = ackedGeneration(ctx.store(AUTHORITY), WORKER, group) === projectionGeneration(ctx.store(WORKER));
      return [
        ...(cursor !== sequence ? [msg('violations.projection.end_behind', { group, cursor, sequence })] : []),
        ...(buffered.length ? [msg('violations.projection.end_buffered', { group, buffered: buffered.join(', ') })] : []),
        ...(current && acked === cursor ? [] : [msg('violations.projection.end_ack', { group, acked, cursor })]),
      ];
    }),
  },
  {
    // MWP-FND-023's receipts make this hold; it names no rule because no design the labs
    // present loses an intent (the rules table asks a broken variant of every property that
    // names one). It fails when an intent is never carried out (recovery.test.ts).
    id: 'END-EFFECT', statement: 'Every intent the worker holds was carried out exactly once.',
    rules: [],
    // The worker's outbox, not every claim in the history: a worker restored from a snapshot
    // holds no intents of the events folded into it (the snapshot carries state, not effects).
    check: (ctx) => {
      const counts = performedCounts(ctx.store(AUTHORITY));
      return ctx.store(WORKER).all('SELECT operation_id FROM outbox ORDER BY id').flatMap((r) => {
        const operation = String(r.operation_id);
        const times = counts.get(operation) ?? 0;
        return times === 1 ? [] : [msg('violations.projection.end_effect', { operation, times })];
      });
    },
  },
  {
    id: 'END-REDACTION', statement: 'No copy the worker keeps carries a field a tombstone removed, whether or not its notice arrived.',
    rules: ['MWP-MSN-009'],
    check: (ctx) => tombstoneList(ctx.store(AUTHORITY)).flatMap((t) => {
      const row = ctx.store(AUTHORITY).get('SELECT group_id, seq FROM tombstones WHERE event_id = ? ORDER BY n LIMIT 1', [t.event_id])!;
      return heldCopies(ctx.store(WORKER), t.event_id, String(row.group_id), Number(row.seq), t.fields.split(','))
        .map((c) => msg('violations.projection.end_redaction_kept', { event: c.eventId, field: c.field }));
    }),
  },
];

/** The system's own next move (no new fault): see the file comment. Must not mutate. */
export function projectionRecoveryMoves(ctx: ModelContext): ProjectionAction[] {
  const worker = ctx.store(WORKER);
  const authority = ctx.store(AUTHORITY);
  const groups = followedGroups(worker).map((g) => g.group);
  const stuck = groups.some((group) => bufferedSeqs(worker, group).length > 0 || WAITING.has(readCursor(worker, group).mode));
  if (stuck) return [{ type: 'reconnect' }];
  if (groups.some((group) => ackedSeq(authority, WORKER, group) < groupSequence(authority, group))) return [{ type: 'redeliver' }];
  return [{ type: 'reconnect' }];
}
