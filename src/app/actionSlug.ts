/** A stable, readable test id for a palette action: `A_pause`, `advance-11`, `crash_at-resource.before_commit`. */
export function actionSlug(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'object' && action !== null) {
    return Object.entries(action).map(([k, v]) => `${k}-${String(v)}`).join('_');
  }
  return String(action);
}
