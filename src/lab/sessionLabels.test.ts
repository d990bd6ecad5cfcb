import { describe, expect, it } from 'vitest';
import { formatMessage } from './messages/format';
import { catalogFor } from './i18n/messageCatalogs';
import { stepLabel, worldActionMessage } from './sessionLabels';
import { describeWorldAction, type WorldAction } from '../sim/worldActions';

const ACTIONS: WorldAction[] = [
  { type: 'advance', by: 3 }, { type: 'deliver' }, { type: 'deliver', frame: 4 }, { type: 'drop' }, { type: 'drop', frame: 2 },
  { type: 'duplicate' }, { type: 'duplicate', frame: 1 }, { type: 'crash_at', point: 'after_commit' }, { type: 'restart', node: 'worker-1' },
  { type: 'partition', nodes: ['A', 'authority'] }, { type: 'heal' },
];

describe('step labels as messages', () => {
  it('say in English exactly what the World records in its trace', () => {
    for (const action of ACTIONS) expect(formatMessage(worldActionMessage(action))).toBe(describeWorldAction(action));
  });

  it('translate the World\'s steps and the starting state, and keep a model action\'s own label', () => {
    expect(formatMessage(stepLabel({ type: 'advance', by: 3 }, 'Clock +3'), catalogFor('ja'))).toBe('クロック +3');
    expect(formatMessage(stepLabel(null, 'Starting state'), catalogFor('zh-Hans'))).toBe('初始状态');
    expect(stepLabel({ type: 'A_write' }, 'A writes')).toBe('A writes');
  });
});
