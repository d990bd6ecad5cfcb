/**
 * The worker's projection stored one row per aggregate (the apply cycle writes
 * what an event changes, never the whole state). An event names the aggregates it can
 * touch; only those rows are read, the shared reducer (`applyToState`) runs on that
 * partial state, and only rows whose value changed are written back, as canonical JSON.
 *
 * Speed (bench/run.ts `benchApply`): a row is a flat record (or a string / number), so
 * "changed" is a key-by-key comparison with the value read, and the canonical text of a
 * flat record is built here (`canonicalRow`); anything else goes through `canonicalJson`.
 * Both give the same text (projectionRows.test.ts), so the database bytes do not change.
 */
import { canonicalJson } from '../authority/canonical';
import { applyToState, emptyState, type AuthorityState } from '../authority/fold';
import type { EventRecord } from '../authority/outcomes';
import type { Store } from '../db/store';

type MapKind = 'groups' | 'memberships' | 'missions' | 'workItems' | 'sessions' | 'approvals';
const MAPS: readonly MapKind[] = ['groups', 'memberships', 'missions', 'workItems', 'sessions', 'approvals'];
const ORG = 'organizations';

/** One aggregate's row: its kind (a map of the reducer's state, or `organizations`) and id. */
interface RowKey { kind: MapKind | typeof ORG; id: string }

/**
 * The aggregates an event may read or change, by the reducer's own keys, in the order
 * their rows are written: the maps in `MAPS` order (ids as the payload names them, each
 * once), then the organization.
 */
function touched(e: EventRecord): RowKey[] {
  const p = e.payload;
  const str = (k: string) => (typeof p[k] === 'string' ? (p[k] as string) : null);
  const keys: RowKey[] = [{ kind: 'groups', id: e.group }];
  // An empty name names nothing (as before: the reducer's keys come from non-empty strings).
  const add = (kind: RowKey['kind'], id: string | null) => {
    if (id && !keys.some((k) => k.kind === kind && k.id === id)) keys.push({ kind, id });
  };
  for (const who of [str('agent'), str('founder')]) add('memberships', who ? `${e.group}/${who}` : null);
  add('missions', str('mission'));
  add('workItems', str('work_item'));
  if (Array.isArray(p.revoked)) for (const id of p.revoked) if (typeof id === 'string') add('workItems', id);
  add('sessions', str('agent'));
  add('approvals', str('approval'));
  add(ORG, str('org'));
  return keys;
}

/** Applies one event to the stored projection of its group, row by row. */
export function applyToRows(store: Store, e: EventRecord): void {
  const keys = touched(e);
  const state = emptyState();
  // What each row held before (by position in `keys`): its text and, to tell a change
  // without serialising, a copy the reducer cannot reach (it mutates rows in place).
  const before: ({ body: string; value: unknown; rowid: number } | null)[] = [];
  for (const { kind, id } of keys) {
    // One lookup per row: cheaper in sql.js than one statement naming them all (measured:
    // three primary-key reads 7.3 µs, the same rows through `IN (VALUES …)` 9.9 µs).
    const row = store.getValues('SELECT body, rowid FROM projection_rows WHERE group_id = ? AND kind = ? AND id = ?', [e.group, kind, id]);
    if (!row) {
      before.push(null);
    } else if (kind === ORG) {
      state.organizations.push(id);
      before.push(null);
    } else {
      const body = String(row[0]);
      const value: unknown = JSON.parse(body);
      (state[kind] as Record<string, unknown>)[id] = value;
      before.push({ body, value: shallowCopy(value), rowid: Number(row[1]) });
    }
  }
  const orgsBefore = [...state.organizations];
  applyToState(state, e);
  keys.forEach(({ kind, id }, i) => {
    if (kind === ORG) return;
    const map = state[kind] as Record<string, unknown>;
    const was = before[i];
    if (!(id in map)) {
      if (was) store.run('DELETE FROM projection_rows WHERE rowid = ?', [was.rowid]);
      return;
    }
    const value = map[id];
    if (was && sameFlat(was.value, value)) return;
    const body = canonicalRow(value);
    if (was && body !== was.body) store.run('UPDATE projection_rows SET body = ? WHERE rowid = ?', [body, was.rowid]);
    else if (!was) store.run('INSERT INTO projection_rows (group_id, kind, id, body) VALUES (?, ?, ?, ?) ON CONFLICT (group_id, kind, id) DO UPDATE SET body = excluded.body', [e.group, kind, id, body]);
  });
  for (const org of state.organizations) if (!orgsBefore.includes(org)) store.run('INSERT INTO projection_rows (group_id, kind, id, body) VALUES (?, ?, ?, ?)', [e.group, ORG, org, 'true']);
}

type Flat = string | number | boolean | null;
const isFlat = (v: unknown): v is Flat => v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A copy the reducer cannot reach (it mutates the rows it is given in place). */
function shallowCopy(value: unknown): unknown {
  return isRecord(value) ? { ...value } : value;
}

/**
 * True when `after` is certainly the same JSON value as `before`: the same primitive, or
 * records with the same keys and the same primitive under each. False means "maybe
 * changed" (the caller then compares canonical texts), never a wrong "same".
 */
function sameFlat(before: unknown, after: unknown): boolean {
  if (isFlat(before)) return before === after;
  if (!isRecord(before) || !isRecord(after)) return false;
  const keys = Object.keys(before);
  if (keys.length !== Object.keys(after).length) return false;
  for (const key of keys) {
    const a = before[key];
    if (!isFlat(a) || !(key in after) || a !== after[key]) return false;
  }
  return true;
}

/** Strings JSON.stringify and RFC 8785 may write differently (lone surrogates): left to canonicalJson. */
const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * `canonicalJson(value)`, built directly for a primitive or a flat record (keys sorted by
 * UTF-16 code units, values as JSON.stringify writes them — what the canonicalize library
 * does for these); anything nested, non-finite or with a surrogate goes to `canonicalJson`.
 */
export function canonicalRow(value: unknown): string {
  if (isFlat(value)) return typeof value === 'string' && SURROGATE.test(value) ? canonicalJson(value) : JSON.stringify(value);
  if (!isRecord(value)) return canonicalJson(value);
  const keys = Object.keys(value).sort();
  let text = '{';
  for (const key of keys) {
    const v = value[key];
    if (v === undefined) continue;
    if (!isFlat(v) || SURROGATE.test(key) || (typeof v === 'string' && SURROGATE.test(v))) return canonicalJson(value);
    text += `${text.length > 1 ? ',' : ''}${JSON.stringify(key)}:${JSON.stringify(v)}`;
  }
  return `${text}}`;
}

/** The whole projection of a group, in the reducer's shape (for views and oracles). */
export function readProjection(store: Store, group: string): AuthorityState {
  const state = emptyState();
  for (const r of store.all('SELECT kind, id, body FROM projection_rows WHERE group_id = ? ORDER BY kind, id', [group])) {
    const kind = String(r.kind);
    if (kind === ORG) state.organizations.push(String(r.id));
    else (state[kind as MapKind] as Record<string, unknown>)[String(r.id)] = JSON.parse(String(r.body));
  }
  return state;
}

/** Replaces a group's projection with a whole state (a verified snapshot). */
export function writeProjection(store: Store, group: string, state: AuthorityState): void {
  store.run('DELETE FROM projection_rows WHERE group_id = ?', [group]);
  for (const org of state.organizations) store.run('INSERT INTO projection_rows (group_id, kind, id, body) VALUES (?, ?, ?, ?)', [group, ORG, org, 'true']);
  for (const kind of MAPS) {
    for (const [id, value] of Object.entries(state[kind])) {
      store.run('INSERT INTO projection_rows (group_id, kind, id, body) VALUES (?, ?, ?, ?)', [group, kind, id, canonicalJson(value)]);
    }
  }
}
