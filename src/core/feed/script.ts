/**
 * The scripted producer of the projection labs (L10, L11): the next command that makes
 * the group's history grow — create a work item, then claim it, and so on — and a progress
 * report on the newest running item, with a free-text note (the field a tombstone can
 * redact). Reads the authority's state; decides only. The caller signs and accepts.
 */
import type { CommandContent } from '../authority/commands';
import type { Store } from '../db/store';

/** Work item and mission names of a group: plain W1, M1 for the first group, prefixed after. */
export function namesFor(group: string, first: boolean): { mission: string; item: (n: number) => string } {
  return first ? { mission: 'M1', item: (n) => `W${n}` } : { mission: `${group}-M1`, item: (n) => `${group}-W${n}` };
}

export function nextScriptedCommand(store: Store, group: string, first: boolean): CommandContent {
  const names = namesFor(group, first);
  const n = Number(store.get('SELECT count(*) AS n FROM work_items WHERE group_id = ?', [group])!.n);
  const last = store.get('SELECT work_item_id, status, revision FROM work_items WHERE group_id = ? ORDER BY rowid DESC LIMIT 1', [group]);
  const seq = Number(store.get('SELECT sequence FROM groups WHERE group_id = ?', [group])!.sequence);
  if (last && last.status === 'queued') {
    return { actor: 'agent-1', actionId: `emit-${group}-${seq + 1}`, group, kind: 'claim', expectedRevision: Number(last.revision), payload: { work_item: String(last.work_item_id), lease_ticks: 1000 } };
  }
  return { actor: 'lead', actionId: `emit-${group}-${seq + 1}`, group, kind: 'create_work_item', expectedRevision: null, payload: { work_item: names.item(n + 1), mission: names.mission } };
}

/** A progress report on the newest running item of the group, or null if none runs. */
export function scriptedReport(store: Store, group: string, note: string): CommandContent | null {
  const item = store.get("SELECT work_item_id, lease_id FROM work_items WHERE group_id = ? AND status = 'running' ORDER BY rowid DESC LIMIT 1", [group]);
  if (!item) return null;
  const seq = Number(store.get('SELECT sequence FROM groups WHERE group_id = ?', [group])!.sequence);
  return {
    actor: 'agent-1', actionId: `report-${group}-${seq + 1}`, group, kind: 'report_progress', expectedRevision: null,
    payload: { work_item: String(item.work_item_id), lease_id: String(item.lease_id), cost_cents: 0, note },
  };
}
