/**
 * A stable, readable test id for a palette action: `A_pause`, `advance-11`,
 * `crash_at-resource.before_commit`, `send-a1-claim-W1` (a nested object is named by its
 * `action_id`, or by its JSON when it has none).
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
  const named = (value as { action_id?: unknown }).action_id;
  return typeof named === 'string' ? named : JSON.stringify(value);
}
