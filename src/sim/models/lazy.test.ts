import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { getModel, modelIds } from './index';
import { lazyModelIds, loadModel } from './lazy';
import { World } from '../world';

useSqlJs();

describe('lazy model loading', () => {
  it('knows the same models as the synchronous registry and loads the same objects', async () => {
    expect(lazyModelIds()).toEqual(modelIds());
    for (const id of lazyModelIds()) expect(await loadModel(id)).toBe(getModel(id));
    await expect(loadModel('nope')).rejects.toThrow(/unknown model 'nope'/);
  });

  it('a World takes its model as an argument', async () => {
    const model = await loadModel('fencing');
    const world = World.create({ model: 'fencing', seed: 1, initial: { current_token: 1, lease_until: 10, now: 0, workers: { A: 1, B: null } }, switches: {} }, { model });
    expect(world.model).toBe(model);
    expect(() => World.create({ model: 'refund', seed: 1, initial: {}, switches: {} }, { model })).toThrow(/names model 'refund' but was given 'fencing'/);
    world.dispose();
  });
});
