import { describe, expect, it } from 'vitest';
import { cardSchema } from '../lab/cards';
import { decodeActions, encodeActions, MAX_LINK_ACTIONS } from './actionsLink';
import { formatHash, parseHash } from './routing';

describe('actions link', () => {
  const actions = ['approve', 'submit', { advance: 3 }, { deliver: 2 }, 'résumé 日本'];

  it('round-trips a step log through base64url, also inside a route', () => {
    const encoded = encodeActions(actions);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeActions(encoded)).toEqual({ ok: true, actions });
    const hash = formatHash({ page: 'lab', labId: 'L07', step: 5, switches: { resource: 'external' }, actions: encoded });
    const route = parseHash(hash);
    expect(route).toEqual({ page: 'lab', labId: 'L07', step: 5, switches: { resource: 'external' }, actions: encoded });
  });

  it('answers a damaged value with a reason, never a throw', () => {
    expect(decodeActions('%%%').ok).toBe(false);
    expect(decodeActions('bm90IGpzb24').ok).toBe(false); // "not json"
    expect(decodeActions(encodeActions({ a: 1 } as unknown as unknown[])).ok).toBe(false); // JSON, but not a list
    expect(decodeActions('_w').ok).toBe(false); // invalid UTF-8
  });

  it('accepts exactly what a card\'s actions field accepts (the link does not import the card schema)', () => {
    const values: unknown[] = [[], actions, [null, 1, 'x'], {}, { a: 1 }, 'approve', 3, null, true];
    for (const value of values) {
      const decoded = decodeActions(encodeActions(value as unknown[]));
      expect(decoded.ok, JSON.stringify(value)).toBe(cardSchema.shape.actions.safeParse(value).success);
    }
  });

  it('refuses a link longer than the step limit, or nested past the depth limit, with a reason (a 100,000-tick link froze the tab)', () => {
    expect(decodeActions(encodeActions(Array(MAX_LINK_ACTIONS).fill('tick'))).ok).toBe(true);
    const long = decodeActions(encodeActions(Array(MAX_LINK_ACTIONS + 1).fill('tick')));
    expect(long).toEqual({ ok: false, error: `${MAX_LINK_ACTIONS + 1} steps: a link carries at most ${MAX_LINK_ACTIONS}` });
    expect(decodeActions(encodeActions(Array(100_000).fill('tick'))).ok).toBe(false);
    const deep = JSON.parse(`${'['.repeat(500)}${']'.repeat(500)}`) as unknown[];
    expect(decodeActions(encodeActions(deep))).toMatchObject({ ok: false, error: expect.stringContaining('nested more than') });
  });
});
