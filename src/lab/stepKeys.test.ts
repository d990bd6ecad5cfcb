/** A palette key must not be one the lab view keeps for stepping (an action with it never ran). */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLabsFromDir } from './nodeFiles';
import { paletteEntrySchema, STEP_KEYS } from './schema';

describe('palette keys', () => {
  it('refuses the lab view\'s own keys with a reason', () => {
    for (const key of STEP_KEYS) {
      const parsed = paletteEntrySchema.safeParse({ action: 'retry', label: 'Retry', key });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/lab's own keys/);
    }
    expect(paletteEntrySchema.safeParse({ action: 'retry', label: 'Retry', key: 'y' }).success).toBe(true);
  });
  it('no shipped lab gives an action a step key', () => {
    const used = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? l.lab.actions.filter((a) => a.key && STEP_KEYS.includes(a.key)).map((a) => `${l.lab.id} ${a.key}`) : [`${l.file} did not load`]));
    expect(used).toEqual([]);
  });
});
