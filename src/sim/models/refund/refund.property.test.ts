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
import { refundModel } from './index';

useSqlJs();

const INITIAL = { approved: false, expired: false, ledger_count: 0, committed: false, status: 'PENDING', amount_cents: 10000 };
const W2 = { worker: 'worker-2' };

const action = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('approve', 'submit', 'retry', 'lose_response', { advance: 3 }) },
  { weight: 4, arbitrary: fc.constantFrom('crash_before_commit', 'crash_after_commit', 'lose_request', 'takeover', { retry: W2 }, { submit: W2 }, 'tick', { advance: 6 }) },
  { weight: 2, arbitrary: fc.constantFrom('duplicate_approval', 'expire', 'edit_order', 'resubmit_changed', 'resolve_manually') },
  { weight: 2, arbitrary: fc.constantFrom({ crash_at: 'provider.before_commit' }, { crash_at: 'provider.after_commit' }, { restart: 'provider' }, { restart: 'worker-1' }, { restart: 'worker-2' }) },
  // With the network holding frames (network: manual) these are what moves messages; with
  // auto delivery they are refused and skipped.
  { weight: 6, arbitrary: fc.constantFrom('deliver_next', 'deliver_next', { deliver: 1 }, { deliver: 2 }, { deliver: 3 }, { deliver: 4 }, 'drop_next', 'duplicate_next') },
  { weight: 1, arbitrary: fc.constantFrom('pause_after_fence_check', { crash_at: 'executor.after_fence_check' }, { crash_at: 'executor.before_save_answer' }) },
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
const lateWorker = fc.constantFrom<unknown[]>(['approve', 'pause_before_dispatch', 'takeover', 'wake'], ['approve', 'pause_before_dispatch', { advance: 3 }, 'takeover', 'wake'],
  ['approve', 'pause_after_fence_check', 'takeover', 'wake'], ['approve', 'pause_after_fence_check', 'takeover', { advance: 3 }, 'wake']);

/** The NOT_FOUND race: the lookup overtakes the first request in a held network. */
const heldLookup = fc.constantFrom<unknown[]>(
  ['approve', 'submit', { advance: 3 }, 'retry', { deliver: 2 }, 'deliver_next', 'deliver_next', 'deliver_next', 'deliver_next'],
  ['approve', 'submit', 'tick', 'retry', { deliver: 2 }, 'deliver_next', 'deliver_next'],
);

// Most schedules start from an approved refund, so the interesting faults get exercised.
const schedule = fc.tuple(fc.boolean(), fc.array(fc.oneof({ weight: 6, arbitrary: action.map((a) => [a]) }, { weight: 1, arbitrary: episode }, { weight: 1, arbitrary: lateWorker }, { weight: 1, arbitrary: heldLookup }), { minLength: 4, maxLength: 24 }))
  .map(([approved, blocks]) => [...(approved ? ['approve', 'submit'] : []), ...blocks.flat()]);

/** Invariants broken anywhere along a schedule (rejected actions are skipped). */
let refundsSeen = 0;
const switchValuesSeen = new Map<string, Set<string>>();

function violations(switches: Record<string, string>, actions: unknown[]): string[] {
  for (const [key, value] of Object.entries(switches)) switchValuesSeen.set(key, (switchValuesSeen.get(key) ?? new Set()).add(value));
  const world = World.create({ model: 'refund', seed: 3, initial: INITIAL, switches });
  try {
    for (const a of actions) {
      // A provider without keys applies every copy a duplicating network hands it: no
      // executor can prevent that (pinned below), so duplicates are judged only with keys.
      if (a === 'duplicate_next' && switches.idempotency === 'off') continue;
      world.step(a);
    }
    refundsSeen += Number(world.observe().ledger_count);
    return [...new Set(world.trace.flatMap((e) => e.invariants.filter((i) => !i.ok).map((i) => `${i.id}: ${JSON.stringify(i.violations[0])}`)))];
  } finally {
    world.dispose();
  }
}

/**
 * Every switch of the model, each option a design the lab does not present as wrong. The
 * provider's capabilities (keys, lookup, deadlines, retention, latency, decision) are the
 * environment; the executor must be safe in all of them.
 */
const correctSwitches = fc.record({
  idempotency: fc.constantFrom('on', 'off'),
  lookup: fc.constantFrom('on', 'off'),
  deadline: fc.constantFrom('on', 'off'),
  retention: fc.constantFrom('forever', '5'),
  latency: fc.constantFrom('0', '5'),
  provider_decision: fc.constantFrom('approve', 'approve', 'decline'),
  retry_policy: fc.constant('reconcile_first'),
  key_scheme: fc.constantFrom('operation_id', 'tool_key'),
  fence: fc.constant('on'),
  takeover: fc.constant('reconcile_old_epoch'),
  refund_mode: fc.constantFrom('provider', 'provider', 'local_transaction'),
  network: fc.constantFrom('auto', 'manual'),
});

describe('the limit of the executor', () => {
  it('a provider without keys applies a duplicated request twice, whatever the executor does', () => {
    const world = World.create({ model: 'refund', seed: 3, initial: INITIAL, switches: { idempotency: 'off', network: 'manual' } });
    for (const a of ['approve', 'submit', 'duplicate_next', 'deliver_next', 'deliver_next']) world.step(a);
    expect(world.observe().ledger_count).toBe(2);
    world.dispose();
  });
});

describe('refund executor under random schedules', () => {
  it('the correct executor breaks no invariant, whatever the provider offers', () => {
    fc.assert(fc.property(correctSwitches, schedule, (switches, actions) => {
      expect(violations(switches, actions)).toEqual([]);
    }), { numRuns: 200 });
    expect(refundsSeen, 'schedules must actually refund, or the property is vacuous').toBeGreaterThan(60);
    // Every switch of the model is exercised with every option the record allows.
    for (const spec of refundModel.switches) expect(switchValuesSeen.has(spec.key), `switch ${spec.key} never set`).toBe(true);
    expect([...switchValuesSeen.get('network')!].sort()).toEqual(['auto', 'manual']);
    expect([...switchValuesSeen.get('retention')!].sort()).toEqual(['5', 'forever']);
  });

  const wrong: [string, Record<string, string>][] = [
    ['a new key per attempt', { retry_policy: 'new_key_each_attempt', lookup: 'off' }],
    ['no reconciliation (blind resend) without provider keys', { retry_policy: 'blind_resend', idempotency: 'off', lookup: 'off' }],
    ['dedupe retention too short for a retry that trusts the key', { retention: '5', lookup: 'off', retry_policy: 'blind_resend' }],
    ['a new owner that sends again under its own key, network holding frames', { key_scheme: 'tool_key', takeover: 'start_fresh', network: 'manual' }],
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
