import { describe, expect, it, vi } from 'vitest';
import { useSqlJs } from '../test/sqljs';
import { getModel, modelIds } from './models';
import { lazyModelIds, loadModel } from '../sim/models/lazy';
import { World } from '../sim/world';

useSqlJs();

describe('the registry and lazy model loading', () => {
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

  it('a World created by model id finds it in the registry, and says so plainly when no registry was loaded', async () => {
    const config = { model: 'fencing', seed: 1, initial: { current_token: 1, lease_until: 10, now: 0, workers: { A: 1, B: null } }, switches: {} };
    const world = World.create(config);
    expect(world.model).toBe(getModel('fencing'));
    world.dispose();
    vi.resetModules(); // a program that never loaded src/lab/models (last: later imports are fresh modules)
    const fresh = await import('../sim/modelSource');
    expect(() => fresh.modelById('fencing')).toThrow(/no model registry is loaded to find model 'fencing'/);
    fresh.provideModels(getModel);
    expect(fresh.modelById('fencing')).toBe(getModel('fencing'));
  });
});
