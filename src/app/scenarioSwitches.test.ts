import { describe, expect, it } from 'vitest';
import { scenarioSwitchChanges } from './scenarioSwitches';

const specs = [{ key: 'resource', default: 'fenced' }, { key: 'network', default: 'auto' }];

describe('scenarioSwitchChanges', () => {
  it('names a switch flipped away from what the scenario runs with', () => {
    expect(scenarioSwitchChanges(specs, {}, undefined, { resource: 'external', network: 'auto' }))
      .toEqual([{ spec: specs[0], expected: 'fenced', actual: 'external' }]);
  });
  it('reads the scenario over the lab over the model default', () => {
    // The scenario sets the resource external: running it so is no change.
    expect(scenarioSwitchChanges(specs, { network: 'manual' }, { resource: 'external' }, { resource: 'external', network: 'manual' })).toEqual([]);
    expect(scenarioSwitchChanges(specs, { network: 'manual' }, { resource: 'external' }, { resource: 'external', network: 'auto' }))
      .toEqual([{ spec: specs[1], expected: 'manual', actual: 'auto' }]);
  });
});
