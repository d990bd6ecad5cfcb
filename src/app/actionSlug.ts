/**
 * A stable, readable test id for a palette action: `A_pause`, `advance-11`,
 * `crash_at-resource.before_commit`, `send-a1-claim-W1` (a nested object is named by its
 * `action_id`; an "auto" one by actor, kind and lease; otherwise by its JSON).
 */
export function actionSlug(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'object' && action !== null) {
    return Object.entries(action).map(([key, value]) => `${key}-${valueSlug(value)}`).join('_');
  }
  return String(action);
}

function valueSlug(value: unknown): string {
  if (typeof value !== 'object' || value === null) return String(value);
  const { action_id: named, actor, kind, payload } = value as { action_id?: unknown; actor?: unknown; kind?: unknown; payload?: { lease_id?: unknown } };
  if (named === 'auto') return [actor, kind, payload?.lease_id].filter((part) => typeof part === 'string').join('-');
  return typeof named === 'string' ? named : JSON.stringify(value);
}
