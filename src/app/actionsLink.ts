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

import { jsonReadText, readJson } from '../lab/jsonInput';

/**
 * The most steps a link may carry. A link is a way to show a moment of a run, not to store
 * one: replaying 20,000 steps takes seconds and 100,000 froze the tab, while the longest
 * counterexample or scenario is a few dozen steps. Export progress to move a long run.
 */
export const MAX_LINK_ACTIONS = 2000;
/** The longest `actions=` text read at all (base64url of MAX_LINK_ACTIONS generous steps). */
const MAX_LINK_TEXT = 400_000;

export function encodeActions(actions: unknown[]): string {
  const bytes = new TextEncoder().encode(JSON.stringify(actions));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export type DecodedActions = { ok: true; actions: unknown[] } | { ok: false; error: string };

export function decodeActions(text: string): DecodedActions {
  if (text.length > MAX_LINK_TEXT) return { ok: false, error: `the link is too long (over ${MAX_LINK_ACTIONS} steps)` };
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return { ok: false, error: 'not base64url' };
  let decoded: string;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  const read = readJson(decoded);
  if (!read.ok) return { ok: false, error: jsonReadText(read) };
  if (!Array.isArray(read.value)) return { ok: false, error: 'not a list of actions' };
  if (read.value.length > MAX_LINK_ACTIONS) return { ok: false, error: `${read.value.length} steps: a link carries at most ${MAX_LINK_ACTIONS}` };
  return { ok: true, actions: read.value as unknown[] };
}
