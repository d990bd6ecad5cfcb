/**
 * What the fencing lab shows and what its cards can assert, read from the node databases.
 */
import { msg, statusWord } from '../../../core/message';
import { emptyTally, lastVerdict, tallyWrites } from '../../../core/fencing/audit';
import { readLease } from '../../../core/fencing/leaseAuthority';
import { readDocument, readFenceState } from '../../../core/fencing/protectedResource';
import { readBelief, readPendingWrite } from '../../../core/fencing/worker';
import type { ModelContext, NodeLine } from '../../model';
import { WORKERS } from './actions';
import { noStaleWrite } from './invariants';

/** ctx.memo key of the write-verdict tally (see tallyWrites). */
export const WRITE_TALLY = 'fencing.writes';

/**
 * The model's `track`, after every step: a step that wrote the write log moves the tally
 * on, so every checkpoint holds it as of its step. Counted by observe alone, a checkpoint
 * after steps nobody observed (a loaded card, undo's replays) kept an old tally, and the
 * observe after each Back counted the log from there again.
 */
export function trackFencing(ctx: ModelContext): void {
  if (ctx.stepTransactions().some((tx) => tx.outcome === 'commit' && tx.store === 'resource' && tx.writes.write_log)) {
    tallyWrites(ctx.store('resource'), ctx.memo(WRITE_TALLY, emptyTally));
  }
}

/** The observable state (documented in labs/L07/lab.json `observables`). */
export function observeFencing(ctx: ModelContext): Record<string, unknown> {
  const lease = readLease(ctx.store('authority'));
  const resource = ctx.store('resource');
  const last = lastVerdict(resource);
  // Counted from the rows written since the last observe, not a scan of the whole log.
  const counts = tallyWrites(resource, ctx.memo(WRITE_TALLY, emptyTally));
  const doc = readDocument(resource);
  return {
    now: ctx.clock.now,
    current_token: lease.fence,
    lease_until: lease.leaseUntil,
    lease_state: lease.state,
    holder: lease.holder,
    workers: Object.fromEntries(WORKERS.map((w) => [w, readBelief(ctx.store(w))?.fence ?? null])),
    paused: Object.fromEntries(WORKERS.map((w) => [w, ctx.status(w) === 'paused'])),
    allowed: last ? last.allowed : null,
    reason: last ? last.reason : null,
    document: { value: doc.value, last_writer: doc.lastWriter, last_fence: doc.lastFence, version: doc.version },
    writes: counts,
    // The runner's verdict on this state (checkStep, tested to agree with check), not a rescan of every write.
    stale_writes_accepted: (ctx.judged?.(noStaleWrite.id) ?? noStaleWrite.check(ctx)).length,
    in_flight: ctx.network.inFlight.length,
  };
}

/** Live lines for each node of the topology diagram. */
export function describeFencingNodes(ctx: ModelContext): Record<string, NodeLine[]> {
  const lease = readLease(ctx.store('authority'));
  const known = readFenceState(ctx.store('resource'));
  const doc = readDocument(ctx.store('resource'));
  const out: Record<string, NodeLine[]> = {
    authority: [
      lease.holder ? msg('view.fencing.lease_held', { state: statusWord(lease.state), holder: lease.holder }) : msg('view.fencing.lease', { state: statusWord(lease.state) }),
      msg('view.fencing.fence', { fence: lease.fence, until: lease.leaseUntil }),
    ],
    resource: [
      ctx.switches.resource === 'external' ? msg('view.fencing.never_compares')
        : msg('view.fencing.knows', { fence: known.currentFence ?? '–', until: known.leaseUntil ?? '–' }),
      doc.lastWriter ? msg('view.fencing.doc_by', { value: doc.value ?? '∅', writer: doc.lastWriter }) : msg('view.fencing.doc', { value: doc.value ?? '∅' }),
    ],
  };
  for (const worker of WORKERS) {
    const belief = readBelief(ctx.store(worker));
    const pending = readPendingWrite(ctx.store(worker));
    out[worker] = [
      belief ? msg('view.fencing.believes', { fence: belief.fence, until: belief.leaseUntil }) : msg('view.fencing.no_lease'),
      pending ? msg(pending.sent ? 'view.fencing.write_awaiting' : 'view.fencing.write_ready', { at: pending.checkedAt, fence: pending.token }) : msg('view.fencing.no_write'),
    ];
  }
  return out;
}
