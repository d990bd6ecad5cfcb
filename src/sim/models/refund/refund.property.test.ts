/**
 * Random schedules against the refund World (SPEC 9.9). With the correct executor and any
 * provider capabilities, no invariant may break. Each wrong design must be caught: fast-check
 * searches for a schedule that trips an invariant. On failure fast-check prints the seed and
 * the shrunk schedule; rerun with `{ seed, path }` to reproduce it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../../test/sqljs';
import { World } from '../../world';

useSqlJs();

const INITIAL = { approved: false, expired: false, ledger_count: 0, committed: false, status: 'PENDING', amount_cents: 10000 };
const W2 = { worker: 'worker-2' };

const action = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('approve', 'submit', 'retry', 'lose_response', { advance: 3 }) },
  { weight: 4, arbitrary: fc.constantFrom('crash_before_commit', 'crash_after_commit', 'lose_request', 'takeover', { retry: W2 }, { submit: W2 }, 'tick', { advance: 6 }) },
  { weight: 2, arbitrary: fc.constantFrom('duplicate_approval', 'expire', 'edit_order', 'resubmit_changed', 'resolve_manually') },
  { weight: 2, arbitrary: fc.constantFrom({ crash_at: 'provider.before_commit' }, { crash_at: 'provider.after_commit' }, { restart: 'provider' }, { restart: 'worker-1' }, { restart: 'worker-2' }) },
);
/**
 * A lost-answer episode as one building block: lose the answer, submit, let time pass, then
 * retry or hand over. Schedules are still random sequences of real actions; the blocks only
 * make the rare interleavings that matter common enough to be found every run.
 */
const episode = fc.tuple(
  fc.constantFrom('approve', 'tick'),
  fc.constantFrom({ advance: 3 }, { advance: 6 }),
  fc.constantFrom<unknown>('retry', 'takeover', { retry: W2 }, 'crash_after_commit'),
).map(([first, wait, then]) => [first, 'lose_response', 'submit', wait, then]);

/** A stalled worker and a takeover, as one building block (SPEC 9.9 fault 6). */
const lateWorker = fc.constantFrom<unknown[]>(['approve', 'pause_before_dispatch', 'takeover', 'wake'], ['approve', 'pause_before_dispatch', { advance: 3 }, 'takeover', 'wake']);

// Most schedules start from an approved refund, so the interesting faults get exercised.
const schedule = fc.tuple(fc.boolean(), fc.array(fc.oneof({ weight: 6, arbitrary: action.map((a) => [a]) }, { weight: 1, arbitrary: episode }, { weight: 1, arbitrary: lateWorker }), { minLength: 4, maxLength: 24 }))
  .map(([approved, blocks]) => [...(approved ? ['approve', 'submit'] : []), ...blocks.flat()]);

/** Invariants broken anywhere along a schedule (rejected actions are skipped). */
let refundsSeen = 0;

function violations(switches: Record<string, string>, actions: unknown[]): string[] {
  const world = World.create({ model: 'refund', seed: 3, initial: INITIAL, switches });
  try {
    for (const a of actions) world.step(a);
    refundsSeen += Number(world.observe().ledger_count);
    return [...new Set(world.trace.flatMap((e) => e.invariants.filter((i) => !i.ok).map((i) => `${i.id}: ${i.violations[0]}`)))];
  } finally {
    world.dispose();
  }
}

const correctSwitches = fc.record({
  idempotency: fc.constantFrom('on', 'off'),
  lookup: fc.constantFrom('on', 'off'),
  latency: fc.constantFrom('0', '5'),
  provider_decision: fc.constantFrom('approve', 'approve', 'decline'),
  key_scheme: fc.constantFrom('operation_id', 'tool_key'),
  refund_mode: fc.constantFrom('provider', 'provider', 'local_transaction'),
});

describe('refund executor under random schedules', () => {
  it('the correct executor breaks no invariant, whatever the provider offers', () => {
    fc.assert(fc.property(correctSwitches, schedule, (switches, actions) => {
      expect(violations(switches, actions)).toEqual([]);
    }), { numRuns: 150 });
    expect(refundsSeen, 'schedules must actually refund, or the property is vacuous').toBeGreaterThan(60);
  });

  const wrong: [string, Record<string, string>][] = [
    ['a new key per attempt', { retry_policy: 'new_key_each_attempt', lookup: 'off' }],
    ['no reconciliation (blind resend) without provider keys', { retry_policy: 'blind_resend', idempotency: 'off', lookup: 'off' }],
    ['dedupe retention too short', { retention: '5', lookup: 'off' }],
    ['flag in a key-value store, then refund', { refund_mode: 'kv_flag_first' }],
    ['refund, then flag in a key-value store', { refund_mode: 'kv_flag_after' }],
    ['a new owner that skips the old epoch (tool keys)', { key_scheme: 'tool_key', takeover: 'start_fresh' }],
    ['no fence on the send (tool keys)', { key_scheme: 'tool_key', fence: 'off' }],
  ];
  for (const [name, switches] of wrong) {
    it(`finds a violation: ${name}`, () => {
      const result = fc.check(fc.property(schedule, (actions) => violations(switches, actions).length === 0), { numRuns: 400 });
      expect(result.failed, `no schedule broke an invariant under "${name}"`).toBe(true);
    });
  }
});
