/**
 * PROJ-4's incremental form ("each group's projection equals a rebuild from that group's
 * events up to its cursor") without folding the whole history again at every step.
 *
 * Per group the memo keeps the fold of the events judged so far — the first `count` of the
 * group's events, as `check` folds the first `cursor` of them — and the aggregates where
 * that fold and the worker's rows disagree. A step that wrote a table the check reads:
 * - folds only the events the cursor moved over; folds again from nothing when the cursor
 *   went back (a rebuild) or the step rewrote or deleted stored events (a tombstone, the
 *   deleted-event redaction);
 * - compares again only the aggregates those events touched — recorded by watching the
 *   reducer work on the fold, not by a list of what it ought to touch — and the projection
 *   rows the step wrote (the update hook's rowids);
 * - compares every aggregate when the step deleted projection rows (a rebuild, a snapshot
 *   restore: a deleted row's rowid no longer says which row it was) or refolded.
 * A group is in violation while that set is not empty or its organizations differ.
 * `check` (the full refold) stays the oracle: oracle.test.ts has both agree on random
 * schedules and shows a fold that skips an event caught.
 */
import { eventsAfter } from '../../../core/authority/accept';
import { applyToState, emptyState, type AuthorityState } from '../../../core/authority/fold';
import type { EventRecord } from '../../../core/authority/outcomes';
import { msg } from '../../../core/message';
import { readCursor, readProjection } from '../../../core/worker/apply';
import { projectionOrganizations, projectionRowBody, projectionRowsAt } from '../../../core/worker/inspect';
import { canonicalRow } from '../../../core/worker/projectionRows';
import type { MemoCopy, ModelContext, Violation } from '../../model';
import { AUTHORITY, groupsOf, WORKER } from './nodes';
import { wroteAny, type TablesRead } from './onWrites';

/** Every table PROJ-4 reads (its check and this step form alike). */
export const PROJ4_READS: TablesRead = { [AUTHORITY]: ['groups', 'events'], [WORKER]: ['cursors', 'projection_rows'] };

const MAPS = ['groups', 'memberships', 'missions', 'workItems', 'sessions', 'approvals'] as const;
type MapKind = (typeof MAPS)[number];
const ORG = 'organizations';

interface GroupFold {
  /** How many of the group's events (in sequence order) are folded into `state`. */
  count: number;
  lastSeq: number;
  state: AuthorityState;
  /** Aggregates (`kind␀id`) where the fold and the worker's row disagree. */
  differs: Record<string, true>;
}

type Memo = Record<string, GroupFold>;

/**
 * Which aggregates of a live fold are its own since the checkpoint that last saved it (a
 * set of keys), or 'all' for a fold built since. A fold with no entry (just loaded from a
 * checkpoint) shares every aggregate with it. Kept beside the memo, not in it: it says
 * nothing about the World, only what may be written in place.
 */
const ownedOf = new WeakMap<GroupFold, Set<string> | 'all'>();

/** A fold whose maps are new but whose aggregates are shared (pointer copies, no deep copy). */
function shareFold(fold: GroupFold): GroupFold {
  const state = { ...fold.state, organizations: [...fold.state.organizations] };
  for (const kind of MAPS) Object.assign(state, { [kind]: { ...fold.state[kind] } });
  return { count: fold.count, lastSeq: fold.lastSeq, state, differs: { ...fold.differs } };
}

/**
 * How the World keeps PROJ-4's memo at a checkpoint: the folds hold every aggregate of the
 * history (160 KB of JSON at 3,000 L10 steps: 1.7 ms to structuredClone at every
 * checkpoint), and a step changes a few. So a checkpoint keeps new maps over the same
 * aggregate objects, and the live fold copies an aggregate before its first write after
 * (`foldWatching`'s `owned`). A parameter of `rebuildCheckStep`, so a test can break it.
 */
export const PROJ4_COPY: MemoCopy<Memo> = {
  save(memo) {
    const saved: Memo = {};
    for (const [group, fold] of Object.entries(memo)) {
      saved[group] = shareFold(fold);
      ownedOf.set(fold, new Set());
    }
    return saved;
  },
  load(saved) {
    const memo: Memo = {};
    for (const [group, fold] of Object.entries(saved as Memo)) memo[group] = shareFold(fold);
    return memo;
  },
};

const keyOf = (kind: string, id: string) => `${kind}\u0000${id}`;
const splitKey = (key: string) => {
  const at = key.indexOf('\u0000');
  return { kind: key.slice(0, at) as MapKind, id: key.slice(at + 1) };
};
/** The canonical text a value is compared by (`check` compares canonical JSON); absent is null. */
const textOf = (value: unknown) => (value === undefined ? null : canonicalRow(value));

/** The fold behind PROJ-4's step form; `foldStep` is replaceable so a test can break it. */
export function rebuildCheckStep(ctx: ModelContext, previous: readonly Violation[], foldStep: typeof foldWatching = foldWatching, copy: MemoCopy<Memo> = PROJ4_COPY): Violation[] {
  if (!wroteAny(ctx, PROJ4_READS)) return [...previous];
  const memo = ctx.memo<Memo>('PROJ-4', () => ({}), copy);
  const worker = ctx.store(WORKER);
  const committed = ctx.stepTransactions().filter((tx) => tx.outcome === 'commit');
  const eventsRewritten = committed.some((tx) => tx.store === AUTHORITY && (tx.writes.events?.update || tx.writes.events?.delete));
  const rowsDeleted = committed.some((tx) => tx.store === WORKER && tx.writes.projection_rows?.delete);
  const rowids = committed.flatMap((tx) => (tx.store === WORKER && tx.rowids.projection_rows ? [...tx.rowids.projection_rows.insert, ...tx.rowids.projection_rows.update] : []));
  const written = projectionRowsAt(worker, [...new Set(rowids)]);
  const out: Violation[] = [];
  for (const { group } of groupsOf(ctx)) {
    const cursor = readCursor(worker, group).seq;
    let fold = memo[group];
    let everything = rowsDeleted;
    if (!fold || eventsRewritten || fold.count > cursor) {
      fold = memo[group] = { count: 0, lastSeq: 0, state: emptyState(), differs: {} };
      ownedOf.set(fold, 'all');
      everything = true;
    }
    const touched = new Set<string>();
    if (fold.count < cursor) {
      const events = eventsAfter(ctx.store(AUTHORITY), group, fold.lastSeq, cursor - fold.count);
      if (!ownedOf.has(fold)) ownedOf.set(fold, new Set());
      if (foldStep(fold.state, events, touched, ownedOf.get(fold))) everything = true;
      fold.count += events.length;
      if (events.length > 0) fold.lastSeq = events[events.length - 1]!.seq;
    }
    if (everything) {
      fold.differs = differingAggregates(readProjection(worker, group), fold.state);
    } else {
      for (const row of written) if (row.group === group && row.kind !== ORG) touched.add(keyOf(row.kind, row.id));
      for (const key of touched) {
        const { kind, id } = splitKey(key);
        const body = projectionRowBody(worker, group, kind, id);
        const same = (body === null ? null : canonicalRow(JSON.parse(body))) === textOf((fold.state[kind] as Record<string, unknown>)[id]);
        if (same) delete fold.differs[key];
        else fold.differs[key] = true;
      }
    }
    const orgs = projectionOrganizations(worker, group);
    const orgsDiffer = orgs.length !== fold.state.organizations.length || orgs.some((org, i) => org !== fold.state.organizations[i]);
    if (orgsDiffer || Object.keys(fold.differs).length > 0) out.push(msg('violations.projection.differs_from_rebuild', { group, cursor }));
  }
  return out;
}

/**
 * Folds `events` into `state` in place through watching proxies: every aggregate the
 * reducer reads, writes or deletes is added to `touched`. Returns true when the reducer
 * did something a key list cannot describe (listed or replaced a whole map): compare all.
 * With `owned` (the aggregates this fold may write in place, or 'all'), an aggregate not in
 * it is copied before the reducer sees it (it is shared with a checkpoint), then owned.
 */
export function foldWatching(state: AuthorityState, events: readonly EventRecord[], touched: Set<string>, owned: Set<string> | 'all' = 'all'): boolean {
  let wide = false;
  const note = (kind: MapKind, key: string | symbol) => { if (typeof key === 'string') touched.add(keyOf(kind, key)); };
  const own = (kind: MapKind, target: Record<string, unknown>, key: string | symbol) => {
    if (owned === 'all' || typeof key !== 'string' || owned.has(keyOf(kind, key))) return;
    owned.add(keyOf(kind, key));
    // Aggregates are flat records (fold.ts): a shallow copy is a whole copy.
    const value = target[key];
    if (value !== null && typeof value === 'object') target[key] = { ...value };
  };
  const watch = (kind: MapKind) => new Proxy(state[kind] as Record<string, unknown>, {
    get: (target, key) => { note(kind, key); own(kind, target, key); return Reflect.get(target, key); },
    set: (target, key, value) => { note(kind, key); return Reflect.set(target, key, value); },
    deleteProperty: (target, key) => { note(kind, key); return Reflect.deleteProperty(target, key); },
    has: (target, key) => { note(kind, key); return Reflect.has(target, key); },
    ownKeys: (target) => { wide = true; return Reflect.ownKeys(target); },
  });
  const proxies = Object.fromEntries(MAPS.map((kind) => [kind, watch(kind)])) as Record<MapKind, Record<string, unknown>>;
  const view = { ...state, ...proxies } as AuthorityState;
  for (const e of events) applyToState(view, e);
  state.organizations = view.organizations;
  for (const kind of MAPS) {
    if (view[kind] !== proxies[kind]) {
      wide = true;
      Object.assign(state, { [kind]: view[kind] });
    }
  }
  return wide;
}

/** Every aggregate where a group's stored projection and the fold disagree (a full comparison). */
function differingAggregates(projection: AuthorityState, fold: AuthorityState): Record<string, true> {
  const differs: Record<string, true> = {};
  for (const kind of MAPS) {
    const stored = projection[kind] as Record<string, unknown>;
    const folded = fold[kind] as Record<string, unknown>;
    for (const id of new Set([...Object.keys(stored), ...Object.keys(folded)])) {
      if (textOf(stored[id]) !== textOf(folded[id])) differs[keyOf(kind, id)] = true;
    }
  }
  return differs;
}
