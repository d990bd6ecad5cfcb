/**
 * The refund course, fault by fault and fault point by fault point. Every test asserts the
 * ground-truth ledger, the operation's state and the invariants (SPEC 9.9).
 */
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../../test/sqljs';
import { World } from '../../world';

useSqlJs();

const INITIAL = { approved: false, expired: false, ledger_count: 0, committed: false, status: 'PENDING', amount_cents: 10000 };

function run(actions: unknown[], switches: Record<string, string> = {}, initial: Record<string, unknown> = {}) {
  const world = World.create({ model: 'refund', seed: 1, initial: { ...INITIAL, ...initial }, switches });
  for (const action of actions) {
    const outcome = world.step(action);
    if (!outcome.ok) throw new Error(`${JSON.stringify(action)}: ${outcome.error}`);
  }
  const observed = world.observe() as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const broken = world.trace.flatMap((e) => e.invariants.filter((i) => !i.ok).map((i) => i.id));
  const providerLedger = world.store('provider').all('SELECT refund_id, reference, amount_cents FROM ledger ORDER BY refund_id');
  world.dispose();
  return { observed, broken: [...new Set(broken)], providerLedger };
}

describe('SPEC 9.1 card vectors', () => {
  it('approve, crash after commit, retry → one ledger row, CONFIRMED', () => {
    const r = run(['approve', 'crash_after_commit', 'retry']);
    expect(r.observed).toMatchObject({ ledger_count: 1, status: 'CONFIRMED' });
    expect(r.providerLedger).toEqual([{ refund_id: 'rf-1', reference: 'op-1', amount_cents: 10000 }]);
    expect(r.broken).toEqual([]);
  });
  it('approve, crash before commit → nothing refunded, RETRYABLE', () => {
    expect(run(['approve', 'crash_before_commit']).observed).toMatchObject({ ledger_count: 0, status: 'RETRYABLE', operation: { state: 'PREPARED' } });
  });
  it('submit without approval → APPROVAL_REQUIRED', () => {
    expect(run(['submit']).observed).toMatchObject({ ledger_count: 0, status: 'APPROVAL_REQUIRED', operations: 0 });
  });
});

describe('the nine faults of SPEC 9.9, against the correct executor', () => {
  const cases: [string, unknown[], Record<string, unknown>][] = [
    ['1 crash before submit', ['approve', 'crash_before_commit', 'retry'], { ledger_count: 1, status: 'CONFIRMED' }],
    ['2 response lost after submit', ['approve', 'lose_response', 'submit', { advance: 3 }, 'retry'], { ledger_count: 1, status: 'CONFIRMED' }],
    ['3 crash before the local result is saved', ['approve', 'crash_after_commit', 'retry'], { ledger_count: 1, status: 'CONFIRMED' }],
    ['4 duplicate approval', ['approve', 'duplicate_approval', 'submit', 'submit'], { ledger_count: 1, operations: 1 }],
    ['5 two workers competing', ['approve', 'submit', { submit: { worker: 'worker-2' } }], { ledger_count: 1, operations: 1 }],
    ['6 an old worker arriving late', ['approve', 'lose_response', 'submit', { advance: 3 }, 'takeover', 'retry'], { ledger_count: 1, status: 'CONFIRMED', operation: { owner: 'worker-2', epoch: 2 } }],
    ['7 same key, changed parameters', ['approve', 'submit', 'resubmit_changed'], { ledger_count: 1, last_refusal: 'PARAMETER_CONFLICT', status: 'CONFIRMED' }],
    ['8 approval expired', ['approve', 'expire', 'submit'], { ledger_count: 0, status: 'APPROVAL_EXPIRED' }],
    ['9 order version changed', ['approve', 'edit_order', 'submit'], { ledger_count: 0, status: 'ORDER_CHANGED' }],
  ];
  for (const [name, actions, expected] of cases) {
    it(name, () => {
      const r = run(actions);
      expect(r.observed).toMatchObject(expected);
      expect(r.broken).toEqual([]);
    });
  }
  it('an approval also expires by time', () => {
    expect(run(['approve', { advance: 20 }, 'submit']).observed).toMatchObject({ status: 'APPROVAL_EXPIRED', expired: true });
  });
});

describe('fault points', () => {
  it('executor.after_prepare: the intent survives, nothing was sent', () => {
    const r = run([{ crash_at: 'executor.after_prepare' }, 'approve', 'submit', { restart: 'worker-1' }]);
    expect(r.observed).toMatchObject({ status: 'RETRYABLE', ledger_count: 0 });
    expect(r.broken).toEqual([]);
  });
  it('executor.after_dispatch: the provider refunds, the answer dies with the worker; recovery says UNKNOWN', () => {
    const r = run([{ crash_at: 'executor.after_dispatch' }, 'approve', 'submit', { restart: 'worker-1' }]);
    expect(r.observed).toMatchObject({ status: 'UNKNOWN', ledger_count: 1, committed: true });
    expect(r.broken).toEqual([]);
  });
  it('provider.before_commit: the provider rolls back; lookup says NOT_FOUND; the resend refunds once', () => {
    const r = run([{ crash_at: 'provider.before_commit' }, 'approve', 'submit', { advance: 3 }, { restart: 'provider' }, 'retry']);
    expect(r.observed).toMatchObject({ status: 'CONFIRMED', ledger_count: 1 });
    expect(r.broken).toEqual([]);
  });
  it('provider.after_commit: the refund stands, the answer is lost; lookup finds it', () => {
    const before = run([{ crash_at: 'provider.after_commit' }, 'approve', 'submit', { advance: 3 }]);
    expect(before.observed).toMatchObject({ status: 'UNKNOWN', ledger_count: 1 });
    const r = run([{ crash_at: 'provider.after_commit' }, 'approve', 'submit', { advance: 3 }, { restart: 'provider' }, 'retry']);
    expect(r.observed).toMatchObject({ status: 'CONFIRMED', ledger_count: 1, operation: { external_ref: 'rf-1' } });
  });
  it('local.before_commit and local.after_commit: one ledger row either way (SPEC 9.4)', () => {
    for (const point of ['local.before_commit', 'local.after_commit']) {
      const r = run([{ crash_at: point }, 'approve', 'submit', { restart: 'worker-1' }, 'retry'], { refund_mode: 'local_transaction' });
      expect(r.observed, point).toMatchObject({ status: 'CONFIRMED', ledger_count: 1, balance_cents: 20000 });
      expect(r.broken).toEqual([]);
    }
  });
  it('kv.between_systems: flag-first skips the refund, refund-first doubles it', () => {
    const first = run([{ crash_at: 'kv.between_systems' }, 'approve', 'submit', { restart: 'worker-1' }, 'retry'], { refund_mode: 'kv_flag_first' });
    expect(first.observed).toMatchObject({ ledger_count: 0, status: 'CONFIRMED' });
    expect(first.broken).toEqual(['REF-4']);
    const after = run([{ crash_at: 'kv.between_systems' }, 'approve', 'submit', { restart: 'worker-1' }, 'retry'], { refund_mode: 'kv_flag_after' });
    expect(after.observed).toMatchObject({ ledger_count: 2 });
    expect(after.broken).toEqual(['REF-1']);
  });
});

describe('provider capabilities and the executor', () => {
  it('without keys or lookup, the correct executor parks the operation instead of resending', () => {
    const r = run(['approve', 'lose_response', 'submit', { advance: 3 }, 'retry', 'retry'], { idempotency: 'off', lookup: 'off' });
    expect(r.observed).toMatchObject({ status: 'IN_RECONCILIATION', ledger_count: 1 });
    expect(r.broken).toEqual([]);
  });
  it('a lost request: lookup says NOT_FOUND and the same-key resend refunds once', () => {
    const r = run(['approve', 'lose_request', 'submit', { advance: 3 }, 'retry']);
    expect(r.observed).toMatchObject({ status: 'CONFIRMED', ledger_count: 1 });
  });
  it('a declined refund is REJECTED and its reservation released', () => {
    expect(run(['approve', 'submit'], { provider_decision: 'decline' }).observed).toMatchObject({ status: 'REJECTED', balance_cents: 30000, ledger_count: 0 });
  });
  it('a late answer settles an UNKNOWN operation', () => {
    const r = run(['approve', 'submit', { advance: 3 }], { latency: '5' });
    expect(r.observed).toMatchObject({ status: 'UNKNOWN' });
    expect(run(['approve', 'submit', { advance: 3 }, { advance: 2 }], { latency: '5' }).observed).toMatchObject({ status: 'CONFIRMED', ledger_count: 1 });
  });
  it('a genuine second refund is a new approval and a new intent', () => {
    const r = run(['approve', 'submit', 'approve', 'submit']);
    expect(r.observed).toMatchObject({ ledger_count: 2, operations: 2, refunds_per_operation: { 'op-1': 1, 'op-2': 1 } });
    expect(r.broken).toEqual([]);
  });
});

describe('crash_after_commit means what the lab says (issue 12 item 12)', () => {
  function entryOf(actions: unknown[], switches: Record<string, string> = {}) {
    const world = World.create({ model: 'refund', seed: 1, initial: INITIAL, switches });
    for (const action of actions) world.step(action);
    const entry = world.trace.at(-1)!;
    const observed = world.observe();
    world.dispose();
    return { entry, observed };
  }
  it('the provider commits first; the worker then dies with the answer in hand, before saving it', () => {
    const { entry, observed } = entryOf(['approve', 'crash_after_commit']);
    expect(entry.crash).toEqual({ node: 'worker-1', point: 'executor.before_save_answer' });
    const order = entry.transactions.map((t) => `${t.store}:${t.name}`);
    expect(order.indexOf('provider:provider_refund')).toBeGreaterThanOrEqual(0);
    // The crash hit in the answer's handler: nothing of the answer was saved, so recovery finds it UNKNOWN.
    expect(observed).toMatchObject({ ledger_count: 1, status: 'UNKNOWN' });
  });
  it('with the network holding frames, the crash waits for the answer to arrive', () => {
    const held = entryOf(['approve', 'crash_after_commit'], { network: 'manual' });
    expect(held.entry.crash).toBeNull();
    const landed = entryOf(['approve', 'crash_after_commit', 'deliver_next', 'deliver_next', { restart: 'worker-1' }, 'retry', 'deliver_next', 'deliver_next'], { network: 'manual' });
    expect(landed.observed).toMatchObject({ ledger_count: 1, status: 'CONFIRMED' });
  });
});

describe('MWP-WRK-031 tool keys (issue 12 item 8)', () => {
  it('a same-epoch retry under the tool key resends with the same key: the provider replays, nothing is parked', () => {
    const r = run(['approve', 'lose_response', 'submit', { advance: 3 }, 'retry'], { key_scheme: 'tool_key', lookup: 'off' });
    expect(r.observed).toMatchObject({ status: 'CONFIRMED', ledger_count: 1, operation: { epoch: 1, reconciliation: null } });
    expect(r.broken).toEqual([]);
  });
  it('after a takeover the key changed with the epoch: without lookup the new owner parks it, and says why', () => {
    const r = run(['approve', 'lose_response', 'submit', { advance: 3 }, 'takeover'], { key_scheme: 'tool_key', lookup: 'off' });
    expect(r.observed).toMatchObject({ status: 'IN_RECONCILIATION', ledger_count: 1, operation: { epoch: 2 } });
    expect(r.observed.operation.reconciliation).toMatch(/earlier owner epoch sent under another key/);
  });
});

describe('each wrong design trips an invariant', () => {
  const lost = ['approve', 'lose_response', 'submit', { advance: 3 }, 'retry'];
  it('blind resend to a provider without keys', () => expect(run(lost, { idempotency: 'off', lookup: 'off', retry_policy: 'blind_resend' }).broken).toContain('REF-1'));
  it('a new key per attempt', () => expect(run(lost, { lookup: 'off', retry_policy: 'new_key_each_attempt' }).broken).toContain('REF-1'));
  it('dedupe retention too short for a retry that trusts the key forever', () => {
    const late = ['approve', 'lose_response', 'submit', { advance: 6 }, 'retry'];
    expect(run(late, { lookup: 'off', retention: '5', retry_policy: 'blind_resend' }).broken).toContain('REF-1');
    // The correct executor knows the contract: past the window a resend is not safe, so it parks.
    expect(run(late, { lookup: 'off', retention: '5' }).observed).toMatchObject({ status: 'IN_RECONCILIATION', ledger_count: 1 });
  });
  it('no fence: a stalled worker wakes after a takeover and refunds again', () => {
    const steps = ['approve', 'pause_before_dispatch', 'takeover', 'wake'];
    expect(run(steps, { key_scheme: 'tool_key' })).toMatchObject({ broken: [], observed: { ledger_count: 1 } });
    expect(run(steps, { key_scheme: 'tool_key', fence: 'off' }).broken).toContain('REF-1');
  });
  it('a new owner that skips reconciling the old epoch (MWP-WRK-031)', () => {
    expect(run(['approve', 'lose_response', 'submit', { advance: 3 }, 'takeover'], { key_scheme: 'tool_key', takeover: 'start_fresh' }).broken).toContain('REF-1');
    expect(run(['approve', 'lose_response', 'submit', { advance: 3 }, 'takeover'], { key_scheme: 'tool_key' }).broken).toEqual([]);
  });
});
