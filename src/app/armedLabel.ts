/**
 * The palette button that armed a fault point, so the palette can name an armed fault the
 * way its button does instead of by the point's id. A point is armed by a button whose
 * action is the point's name (`shop_unavailable`), a network fault named after it
 * (`lose_response` arms `net.lose_response`), or a `{crash_at: point}` action. Points a
 * model arms by itself (no button of their own) keep their id.
 */
export function armedLabel(point: string, entries: readonly { action: unknown; label: string }[]): string {
  const entry = entries.find(({ action }) => {
    if (typeof action === 'string') return action === point || point.endsWith(`.${action}`);
    const crashAt = typeof action === 'object' && action !== null ? (action as { crash_at?: unknown }).crash_at : undefined;
    return crashAt === point;
  });
  return entry?.label ?? point;
}
