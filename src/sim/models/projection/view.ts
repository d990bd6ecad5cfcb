/** What L10 / L11 observe and show on their two nodes, the search hooks, and the fingerprint. */
import { eventsAfter } from '../../../core/authority/accept';
import { canonicalJson } from '../../../core/authority/canonical';
import { foldEvents } from '../../../core/authority/fold';
import { ackedSeq, groupSequence } from '../../../core/feed/feed';
import { auditEntries, eventCount, feedFingerprint } from '../../../core/feed/inspect';
import { ERASURE_REQUEST, REDACTABLE_FIELDS, tombstoneList } from '../../../core/feed/redaction';
import { scriptedReport } from '../../../core/feed/script';
import { isArchived, readArchive } from '../../../core/snapshot/archive';
import { bufferedSeqs, readCursor, readProjection } from '../../../core/worker/apply';
import { performedLog } from '../../../core/feed/receipts';
import { checkpointNotes, lastSnapshotResult, workerCounts, workerFingerprint, workItemStatuses } from '../../../core/worker/inspect';
import { msg } from '../../../core/message';
import type { ModelContext, NodeLine } from '../../model';
import { TAMPER_KINDS, DEFAULT_NOTE, type ProjectionAction } from './actions';
import { feedText, feedTextOf } from './feedText';
import { workItems } from './workItems';
import { AUTHORITY, authorityKey, groupsOf, settingsOf, WORKER } from './nodes';

/**
 * Where the view's history-wide fields come from. `KEPT` (what the lab shows) reads kept
 * results: PROJ-4's verdict for the step (its step form keeps each group's fold, rebuildCheck.ts),
 * the memos of the feed's text and the work items' statuses (feedText.ts, workItems.ts); `FULL_HISTORY` reads every event again and is
 * the test oracle they are compared with (view.test.ts).
 */
export interface ViewSources {
  rebuildMatches(ctx: ModelContext, group: string, cursor: number): boolean;
  feedText(ctx: ModelContext): Record<string, string>;
  workItems(ctx: ModelContext, group: string): Record<string, string>;
}

/** Fold every event up to the cursor and compare with the stored projection. */
function rebuildMatchesFull(ctx: ModelContext, group: string, cursor: number): boolean {
  return canonicalJson(readProjection(ctx.store(WORKER), group)) === canonicalJson(foldEvents(eventsAfter(ctx.store(AUTHORITY), group, 0, cursor)));
}

export const FULL_HISTORY: ViewSources = {
  rebuildMatches: rebuildMatchesFull, feedText: feedTextOf, workItems: (ctx, group) => workItemStatuses(ctx.store(WORKER), group),
};

export const KEPT: ViewSources = {
  // PROJ-4 states exactly "the projection equals a rebuild up to the cursor", per group.
  rebuildMatches: (ctx, group, cursor) => {
    const judged = ctx.judged?.('PROJ-4');
    return judged ? !judged.some((v) => v.params?.group === group) : rebuildMatchesFull(ctx, group, cursor);
  },
  feedText,
  workItems,
};

function groupView(ctx: ModelContext, group: string, sources: ViewSources) {
  const worker = ctx.store(WORKER);
  const authority = ctx.store(AUTHORITY);
  const cursor = readCursor(worker, group);
  const latest = groupSequence(authority, group);
  return {
    cursor: cursor.seq,
    acked: ackedSeq(authority, WORKER, group),
    mode: cursor.mode,
    buffer: bufferedSeqs(worker, group),
    sequence: latest,
    behind: latest - cursor.seq,
    rebuild_matches: sources.rebuildMatches(ctx, group, cursor.seq),
    work_items: sources.workItems(ctx, group),
    restored_from: cursor.base > 0 ? cursor.base : null,
    last_snapshot: lastSnapshotResult(worker, group),
  };
}

export function observeProjection(ctx: ModelContext, sources: ViewSources = KEPT): Record<string, unknown> {
  const { org, group } = settingsOf(ctx);
  const worker = ctx.store(WORKER);
  const authority = ctx.store(AUTHORITY);
  const groups = Object.fromEntries(groupsOf(ctx).map((g) => [g.group, groupView(ctx, g.group, sources)]));
  return {
    ...(groups[group] ?? groupView(ctx, group, sources)),
    ...workerCounts(worker),
    groups,
    connected: !ctx.isPartitioned(AUTHORITY, WORKER),
    tombstones: tombstoneList(authority).map((t) => t.event_id),
    audit: auditEntries(authority).map((a) => ({ actor: a.actor, action: a.action, subject: a.subject })),
    // The free-text fields as the feed serves them now (what replay, snapshots and the archive carry).
    feed_text: sources.feedText(ctx),
    checkpoint_notes: checkpointNotes(worker),
    // What the outside world carried out, in order (a repeat would show twice).
    effects: performedLog(authority),
    archive: readArchive(authority, org, group, authorityKey(ctx).publicKeyHex),
    events_total: eventCount(authority),
    in_flight: ctx.network.inFlight.length,
  };
}

export function describeProjectionNodes(ctx: ModelContext): Record<string, NodeLine[]> {
  const worker = ctx.store(WORKER);
  const authority = ctx.store(AUTHORITY);
  const window = ctx.switches.window === 'all' ? msg('view.projection.window_all') : msg('view.projection.window_last', { count: ctx.switches.window ?? '' });
  const lines = groupsOf(ctx).map(({ group }) => {
    const cursor = readCursor(worker, group);
    const buffer = bufferedSeqs(worker, group);
    return {
      authority: msg('view.projection.feed', { group, seq: groupSequence(authority, group), acked: ackedSeq(authority, WORKER, group) }),
      worker: buffer.length ? msg('view.projection.cursor_buffered', { group, seq: cursor.seq, mode: cursor.mode, buffered: buffer.join(', ') })
        : msg('view.projection.cursor', { group, seq: cursor.seq, mode: cursor.mode }),
    };
  });
  return {
    authority: [...lines.map((l) => l.authority), window],
    worker: [...lines.map((l) => l.worker), msg('view.projection.inbox', { count: workerCounts(worker).inbox })],
  };
}

/** The business actions that can run now (the World adds deliveries, crashes, restarts, time). */
export function projectionEnabled(ctx: ModelContext): ProjectionAction[] {
  const authority = ctx.store(AUTHORITY);
  const out: ProjectionAction[] = [];
  for (const { group } of groupsOf(ctx)) {
    if (ctx.switches.archive !== 'stays_open' && isArchived(authority, group)) continue; // closed by its final snapshot
    out.push({ type: 'emit', count: 1, group });
    if (scriptedReport(authority, group, DEFAULT_NOTE)) out.push({ type: 'report', group, note: DEFAULT_NOTE });
  }
  out.push({ type: 'redeliver' });
  if (ctx.status(WORKER) !== 'crashed') out.push({ type: 'reconnect' }, { type: 'rebuild' });
  if (!ctx.isPartitioned(AUTHORITY, WORKER)) out.push({ type: 'disconnect' });
  // Tampering matters only for a snapshot still to come: while the worker is away behind a window.
  if (ctx.switches.window !== 'all' && ctx.isPartitioned(AUTHORITY, WORKER)) for (const check of TAMPER_KINDS) out.push({ type: 'tamper', check });
  const { group } = settingsOf(ctx);
  const tombstoned = new Set(tombstoneList(authority).map((t) => t.event_id));
  for (const e of eventsAfter(authority, group, 0, 1_000_000)) {
    if (!tombstoned.has(e.eventId) && (REDACTABLE_FIELDS[e.kind] ?? []).some((f) => f in e.payload)) {
      out.push({ type: 'tombstone', event_id: e.eventId, kind: 'legal_deletion', reason: ERASURE_REQUEST });
    }
  }
  out.push({ type: 'archive' });
  return out;
}

/** Logical state of both nodes, without row numbers, times or frame ids. */
export function projectionFingerprint(ctx: ModelContext): string {
  return `${feedFingerprint(ctx.store(AUTHORITY))}\n--\n${workerFingerprint(ctx.store(WORKER))}`;
}
