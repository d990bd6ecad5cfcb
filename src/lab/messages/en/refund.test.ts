/**
 * The refund model narrates with message descriptors only, and every key it emits has an
 * English template: a missing key would render as the raw key in the lab.
 */
import { describe, expect, it } from 'vitest';
import { isMessage } from '../../../core/message';
import { en } from './index';
import { useSqlJs } from '../../../test/sqljs';
import { World } from '../../../sim/world';

useSqlJs();

const INITIAL = { approved: false, expired: false, ledger_count: 0, committed: false, status: 'PENDING', amount_cents: 10000 };

const runs: [unknown[], Record<string, string>][] = [
  [['approve', 'duplicate_approval', 'submit', 'resubmit_changed', 'expire', 'edit_order', 'approve', 'submit'], {}],
  [['approve', 'lose_response', 'submit', { advance: 3 }, 'retry', 'retry', 'resolve_manually'], { idempotency: 'off', lookup: 'off' }],
  [['approve', 'lose_request', 'submit', { advance: 3 }, 'retry'], { idempotency: 'off' }],
  [['approve', 'submit', { advance: 3 }, 'retry', { deliver: 2 }, 'deliver_next', 'deliver_next', 'deliver_next', 'deliver_next', 'deliver_next'], { idempotency: 'off', network: 'manual' }],
  [['approve', 'submit', { advance: 3 }, 'retry', { deliver: 2 }, 'deliver_next', 'deliver_next', 'deliver_next'], { idempotency: 'off', deadline: 'off', network: 'manual' }],
  [['approve', 'pause_after_fence_check', 'takeover', 'wake', { advance: 9 }], { key_scheme: 'tool_key', takeover: 'start_fresh' }],
  [['approve', 'pause_before_dispatch', 'takeover', 'wake', { retry: { worker: 'worker-1' } }], {}],
  [['approve', 'pause_before_dispatch', 'takeover', 'wake'], { fence: 'off' }],
  [['approve', 'crash_after_commit', 'retry', 'submit'], {}],
  [['approve', 'crash_before_commit', 'retry', 'retry'], { refund_mode: 'local_transaction' }],
  [['approve', 'crash_before_commit', 'retry'], { refund_mode: 'kv_flag_first' }],
  [['approve', 'submit'], { provider_decision: 'decline' }],
  [['approve', 'lose_response', 'submit', { advance: 6 }, 'retry'], { retention: '5', lookup: 'off' }],
];

describe('refund narration', () => {
  it('is message descriptors whose keys all have English templates', () => {
    const seen = new Set<string>();
    for (const [actions, switches] of runs) {
      const world = World.create({ model: 'refund', seed: 1, initial: INITIAL, switches });
      for (const action of actions) world.step(action);
      for (const entry of world.trace) {
        for (const note of entry.notes) {
          expect(isMessage(note), `plain string note: ${String(note)}`).toBe(true);
          if (isMessage(note) && note.key.startsWith('refund.')) {
            seen.add(note.key);
            expect(en[note.key], note.key).toBeTypeOf('string');
          }
        }
      }
      world.dispose();
    }
    expect(seen.size).toBeGreaterThan(30);
  });
});
