import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLabsFromDir } from '../lab/nodeFiles';
import { actionSlug } from './actionSlug';

describe('actionSlug', () => {
  it('names tokens, objects and composed commands readably', () => {
    expect(actionSlug('A_pause')).toBe('A_pause');
    expect(actionSlug({ advance: 11 })).toBe('advance-11');
    expect(actionSlug({ send: { action_id: 'a1-claim-W1', kind: 'claim' } })).toBe('send-a1-claim-W1');
  });

  it('is unique within every lab palette (test ids and React keys depend on it)', () => {
    for (const load of loadLabsFromDir(resolve('labs'))) {
      if (!load.ok) continue;
      const slugs = load.lab.actions.map((a) => actionSlug(a.action));
      expect(new Set(slugs).size, load.lab.id).toBe(slugs.length);
    }
  });
});
