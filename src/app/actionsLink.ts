/**
 * The `actions=` parameter of a lab link: a step log as base64url JSON, so a link (e.g. to a
 * Search counterexample) rebuilds the exact World. Decoding checks the text with the card
 * schema's `actions` field — the same parsing a card's actions get — and answers with a
 * reason instead of throwing, so a damaged link becomes a message, never a crash.
 */
import { cardSchema } from '../lab/cards';

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
  const parsed = cardSchema.shape.actions.safeParse(json);
  return parsed.success ? { ok: true, actions: parsed.data } : { ok: false, error: 'not a list of actions' };
}
