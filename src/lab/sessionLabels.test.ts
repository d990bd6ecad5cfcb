import { describe, expect, it } from 'vitest';
import { formatMessage } from './i18n/catalogRegistry';
import { formatMessageIn } from './i18n/messageCatalogs';
import { stepLabel, worldActionMessage } from './sessionLabels';
import type { WorldAction } from '../sim/worldActions';
import { describeAuthorityAction } from '../sim/models/authority/actions';
import { describeFencingAction } from '../sim/models/fencing/actions';
import { describeProjectionAction } from '../sim/models/projection/actions';
import { describeRefundAction } from '../sim/models/refund/actions';
import { describeWorkflowAction } from '../sim/models/workflow/actions';
import { outageModel } from '../sim/models/outage';
import { compensationModel } from '../sim/models/compensation';
import type { Message } from '../core/message';

/** The World's own steps and the English the trace said for them before labels were messages. */
const WORLD: [WorldAction, string][] = [
  [{ type: 'advance', by: 3 }, 'Clock +3'], [{ type: 'deliver' }, 'Deliver the next frame'], [{ type: 'deliver', frame: 4 }, 'Deliver frame #4'],
  [{ type: 'drop' }, 'Drop the next frame'], [{ type: 'drop', frame: 2 }, 'Drop frame #2'], [{ type: 'duplicate' }, 'Duplicate the next frame'],
  [{ type: 'duplicate', frame: 1 }, 'Duplicate frame #1'], [{ type: 'crash_at', point: 'after_commit' }, 'Arm crash at after_commit'],
  [{ type: 'restart', node: 'worker-1' }, 'Restart worker-1'], [{ type: 'partition', nodes: ['A', 'authority'] }, 'Cut the link A – authority'],
  [{ type: 'heal' }, 'Restore every link'],
];

/**
 * Model actions with parameters or variants, and the exact English `describeAction` returned
 * as a string before it returned messages (graders, cards and the CLI print the same words).
 */
const MODEL: [Message, string][] = [
  [describeAuthorityAction({ type: 'send', actor: 'agent-1', action_id: 'a-1', kind: 'claim', expected_revision: null, payload: {} }), 'agent-1 sends claim (a-1)'],
  [describeAuthorityAction({ type: 'send', actor: 'lead', action_id: 'a-2', kind: 'claim', expected_revision: 'current', payload: {} }), 'lead sends claim (a-2, expects rev current)'],
  [describeAuthorityAction({ type: 'send', actor: 'lead', action_id: 'a-3', kind: 'claim', expected_revision: 0, payload: {} }), 'lead sends claim (a-3, expects rev 0)'],
  [describeAuthorityAction({ type: 'race_claim', work_item: 'W1' }), 'agent-1 and agent-2 race to claim W1'],
  [describeAuthorityAction({ type: 'forge_last' }), 'Resend the last command signed with the wrong key'],
  [describeFencingAction({ type: 'pause', worker: 'B' }), 'B checks its lease, then stalls before writing'],
  [describeFencingAction({ type: 'probe', token: null, current: 2, now: 5, lease_until: 9 }), 'Probe: fence null against current 2, t=5, lease until 9'],
  [describeProjectionAction({ type: 'emit', count: 1, group: null }), 'The authority accepts a command and publishes its event'],
  [describeProjectionAction({ type: 'emit', count: 3, group: 'G2' }), 'The authority accepts 3 commands in G2'],
  [describeProjectionAction({ type: 'report', group: 'G1', note: 'n' }), 'agent-1 reports progress with a note in G1'],
  [describeProjectionAction({ type: 'tamper', check: 'hash' }), 'The next snapshot arrives with its hash tampered'],
  [describeProjectionAction({ type: 'tombstone', event_id: 'E-G1-2', kind: 'security_redaction', reason: 'r' }), 'Record a tombstone for E-G1-2 (security redaction)'],
  [describeRefundAction({ type: 'crash_after_commit', worker: 'worker-2' }), 'worker-2 submits; the refund commits; worker-2 crashes before saving the answer, then restarts'],
  [describeRefundAction({ type: 'lose_response' }), "The provider's next response will be lost"],
  [describeWorkflowAction({ type: 'stall_after_check' }), "Worker A's next submit stalls after its epoch check, request in hand"],
  [outageModel.describeAction({ type: 'big_charge' }), 'agent-1 reports progress (charge $50.00)'],
  [compensationModel.describeAction({ type: 'negative_refund' }), 'Try to "undo" the fare with a negative refund'],
];

describe('step labels as messages', () => {
  it('say in English exactly what the trace said when labels were strings', () => {
    for (const [action, english] of WORLD) expect(formatMessage(worldActionMessage(action))).toBe(english);
    for (const [label, english] of MODEL) expect(formatMessage(label), label.key).toBe(english);
  });

  it('translate the World\'s steps, the starting state and a model\'s actions', () => {
    expect(formatMessageIn('ja', stepLabel({ type: 'advance', by: 3 }, 'Clock +3'))).toBe('クロック +3');
    expect(formatMessageIn('zh-Hans', stepLabel(null, 'Starting state'))).toBe('初始状态');
    const write = describeFencingAction({ type: 'write', worker: 'A' });
    expect(formatMessageIn('zh-Hant', stepLabel({ type: 'write', worker: 'A' }, write))).toBe('A 檢查租約後寫入');
    // A label recorded as text before labels were messages is shown as it is.
    expect(stepLabel({ type: 'A_write' }, 'A writes')).toBe('A writes');
  });
});
