/**
 * The `actions=` parameter of a lab link: a step log as base64url JSON, so a link (e.g. to a
 * Search counterexample) rebuilds the exact World. Decoding accepts what a card's `actions`
 * field accepts (any JSON list; each action is checked when it is played) and answers with a
 * reason instead of throwing, so a damaged link becomes a message, never a crash.
 *
 * No import of the card schema here: the store reads links at boot, and `src/lab/cards.ts`
 * pulls in the whole engine (sql.js, xstate, every model) — that belongs in the lab chunk,
 * not the catalog's first load. actionsLink.test.ts keeps the two checks equal.
 */

export function encodeActions(actions: unknown[]): string {
  const bytes = new TextEncoder().encode(JSON.stringify(actions));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export type DecodedActions = { ok: true; actions: unknown[] } | { ok: false; error: string };

export function decodeActions(text: string): DecodedActions {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return { ok: false, error: 'not base64url' };
  let json: unknown;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  return Array.isArray(json) ? { ok: true, actions: json as unknown[] } : { ok: false, error: 'not a list of actions' };
}
