/**
 * The worker's projection stored one row per aggregate (issue 10: the apply cycle writes
 * what an event changes, never the whole state). An event names the aggregates it can
 * touch; only those rows are read, the shared reducer (`applyToState`) runs on that
 * partial state, and only rows whose canonical JSON changed are written back.
 */
import { canonicalJson } from '../authority/canonical';
import { applyToState, emptyState, type AuthorityState } from '../authority/fold';
import type { EventRecord } from '../authority/outcomes';
import type { Store } from '../db/store';

type MapKind = 'groups' | 'memberships' | 'missions' | 'workItems' | 'sessions' | 'approvals';
const MAPS: readonly MapKind[] = ['groups', 'memberships', 'missions', 'workItems', 'sessions', 'approvals'];
const ORG = 'organizations';

type Keys = Record<MapKind | typeof ORG, Set<string>>;

/** The aggregates an event may read or change, by the reducer's own keys. */
function touched(e: EventRecord): Keys {
  const keys: Keys = { organizations: new Set(), groups: new Set([e.group]), memberships: new Set(), missions: new Set(), workItems: new Set(), sessions: new Set(), approvals: new Set() };
  const p = e.payload;
  const str = (k: string) => (typeof p[k] === 'string' ? (p[k] as string) : null);
  if (str('org')) keys.organizations.add(str('org')!);
  for (const who of [str('agent'), str('founder')]) if (who) keys.memberships.add(`${e.group}/${who}`);
  if (str('mission')) keys.missions.add(str('mission')!);
  if (str('work_item')) keys.workItems.add(str('work_item')!);
  if (Array.isArray(p.revoked)) for (const id of p.revoked) if (typeof id === 'string') keys.workItems.add(id);
  if (str('agent')) keys.sessions.add(str('agent')!);
  if (str('approval')) keys.approvals.add(str('approval')!);
  return keys;
}

/** Applies one event to the stored projection of its group, row by row. */
export function applyToRows(store: Store, e: EventRecord): void {
  const keys = touched(e);
  const state = emptyState();
  const before = new Map<string, string>();
  for (const kind of MAPS) {
    for (const id of keys[kind]) {
      const row = store.get('SELECT body FROM projection_rows WHERE group_id = ? AND kind = ? AND id = ?', [e.group, kind, id]);
      if (!row) continue;
      (state[kind] as Record<string, unknown>)[id] = JSON.parse(String(row.body));
      before.set(`${kind}\u0000${id}`, String(row.body));
    }
  }
  for (const org of keys.organizations) {
    if (store.get('SELECT 1 FROM projection_rows WHERE group_id = ? AND kind = ? AND id = ?', [e.group, ORG, org])) state.organizations.push(org);
  }
  const orgsBefore = new Set(state.organizations);
  applyToState(state, e);
  for (const kind of MAPS) {
    const map = state[kind] as Record<string, unknown>;
    for (const id of keys[kind]) {
      const was = before.get(`${kind}\u0000${id}`);
      if (!(id in map)) {
        if (was !== undefined) store.run('DELETE FROM projection_rows WHERE group_id = ? AND kind = ? AND id = ?', [e.group, kind, id]);
        continue;
      }
      const body = canonicalJson(map[id]);
      if (body !== was) store.run('INSERT INTO projection_rows (group_id, kind, id, body) VALUES (?, ?, ?, ?) ON CONFLICT (group_id, kind, id) DO UPDATE SET body = excluded.body', [e.group, kind, id, body]);
    }
  }
  for (const org of state.organizations) if (!orgsBefore.has(org)) store.run('INSERT INTO projection_rows (group_id, kind, id, body) VALUES (?, ?, ?, ?)', [e.group, ORG, org, 'true']);
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
