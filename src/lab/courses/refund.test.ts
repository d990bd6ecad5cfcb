/**
 * The refund course in L01's World (the refund model at the lab's seed and starting state),
 * fault by fault and fault point by fault point, a design per switch flip. Every test asserts
 * the ground-truth ledger, the operation's state and the invariants (SPEC 9.9).
 */
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { useLabs } from '../driver/testing';

useSqlJs();
const openLab = useLabs();
/** L01 with `switches` flipped: the refund model under test, as the lab opens it. */
const l01 = (switches: Record<string, string> = {}) => openLab('L01', { switches });

describe('SPEC 9.1 card vectors', () => {
  it('approve, crash after commit, retry → one ledger row, CONFIRMED', async () => {
    const lab = l01().act('approve', 'crash_after_commit', 'retry').expectState({ ledger_count: 1, status: 'CONFIRMED' }).expectBroken();
    await lab;
    expect(lab.world.store('provider').all('SELECT refund_id, reference, amount_cents FROM ledger ORDER BY refund_id'))
      .toEqual([{ refund_id: 'rf-1', reference: 'op-1', amount_cents: 10000 }]);
  });
  it('approve, crash before commit → nothing refunded, RETRYABLE', async () => {
    await l01().act('approve', 'crash_before_commit').expectState({ ledger_count: 0, status: 'RETRYABLE', operation: { state: 'PREPARED' } });
  });
  it('submit without approval → APPROVAL_REQUIRED', async () => {
    await l01().act('submit').expectState({ ledger_count: 0, status: 'APPROVAL_REQUIRED', operations: 0 });
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
    it(name, async () => {
      await l01().act(...actions).expectState(expected).expectBroken();
    });
  }
  it('an approval also expires by time', async () => {
    await l01().act('approve', { advance: 20 }, 'submit').expectState({ status: 'APPROVAL_EXPIRED', expired: true });
  });
});

describe('fault points', () => {
  it('executor.after_prepare: the intent survives, nothing was sent', async () => {
    await l01().act({ crash_at: 'executor.after_prepare' }, 'approve', 'submit', { restart: 'worker-1' }).expectState({ status: 'RETRYABLE', ledger_count: 0 }).expectBroken();
  });
  it('executor.after_dispatch: the provider refunds, the answer dies with the worker; recovery says UNKNOWN', async () => {
    await l01().act({ crash_at: 'executor.after_dispatch' }, 'approve', 'submit', { restart: 'worker-1' }).expectState({ status: 'UNKNOWN', ledger_count: 1, committed: true }).expectBroken();
  });
  it('provider.before_commit: the provider rolls back; lookup says NOT_FOUND; the resend refunds once', async () => {
    await l01().act({ crash_at: 'provider.before_commit' }, 'approve', 'submit', { advance: 3 }, { restart: 'provider' }, 'retry').expectState({ status: 'CONFIRMED', ledger_count: 1 }).expectBroken();
  });
  it('provider.after_commit: the refund stands, the answer is lost; lookup finds it', async () => {
    await l01().act({ crash_at: 'provider.after_commit' }, 'approve', 'submit', { advance: 3 }).expectState({ status: 'UNKNOWN', ledger_count: 1 })
      .act({ restart: 'provider' }, 'retry').expectState({ status: 'CONFIRMED', ledger_count: 1, operation: { external_ref: 'rf-1' } });
  });
  it('local.before_commit and local.after_commit: one ledger row either way (SPEC 9.4)', async () => {
    for (const point of ['local.before_commit', 'local.after_commit']) {
      await l01({ refund_mode: 'local_transaction' }).act({ crash_at: point }, 'approve', 'submit', { restart: 'worker-1' }, 'retry')
        .expectState({ status: 'CONFIRMED', ledger_count: 1, balance_cents: 20000 }).expectBroken();
    }
  });
  it('kv.between_systems: flag-first skips the refund, refund-first doubles it', async () => {
    const steps = [{ crash_at: 'kv.between_systems' }, 'approve', 'submit', { restart: 'worker-1' }, 'retry'];
    await l01({ refund_mode: 'kv_flag_first' }).act(...steps).expectState({ ledger_count: 0, status: 'CONFIRMED' }).expectBroken('REF-4');
    await l01({ refund_mode: 'kv_flag_after' }).act(...steps).expectState({ ledger_count: 2 }).expectBroken('REF-1');
  });
});

describe('provider capabilities and the executor', () => {
  it('without keys or lookup, the correct executor parks the operation instead of resending', async () => {
    await l01({ idempotency: 'off', lookup: 'off' }).act('approve', 'lose_response', 'submit', { advance: 3 }, 'retry', 'retry')
      .expectState({ status: 'IN_RECONCILIATION', ledger_count: 1 }).expectBroken();
  });
  it('a lost request: lookup says NOT_FOUND and the same-key resend refunds once', async () => {
    await l01().act('approve', 'lose_request', 'submit', { advance: 3 }, 'retry').expectState({ status: 'CONFIRMED', ledger_count: 1 });
  });
  it('a declined refund is REJECTED and its reservation released', async () => {
    await l01({ provider_decision: 'decline' }).act('approve', 'submit').expectState({ status: 'REJECTED', balance_cents: 30000, ledger_count: 0 });
  });
  it('a late answer settles an UNKNOWN operation', async () => {
    await l01({ latency: '5' }).act('approve', 'submit', { advance: 3 }).expectState({ status: 'UNKNOWN' }).act({ advance: 2 }).expectState({ status: 'CONFIRMED', ledger_count: 1 });
  });
  it('a genuine second refund is a new approval and a new intent', async () => {
    await l01().act('approve', 'submit', 'approve', 'submit').expectState({ ledger_count: 2, operations: 2, refunds_per_operation: { 'op-1': 1, 'op-2': 1 } }).expectBroken();
  });
});

describe('a lost request or answer is a frame lost on the way, not only a note', () => {
  const lostIn = (lab: ReturnType<typeof l01>) => lab.world.trace.flatMap((entry, step) => entry.dropped.map((f) => `${step} ${f.kind} ${f.from}→${f.to}`));
  it('the provider\'s answer leaves the provider and is lost in the step that served it', async () => {
    const lab = l01().act('approve', 'lose_response', 'submit');
    await lab;
    const step = lab.world.trace.length - 1;
    expect(lostIn(lab)).toEqual([`${step} refund_response provider→worker-1`]);
    expect(lab.world.trace[step]!.sent.map((f) => f.kind)).toEqual(['refund_request', 'refund_response']);
    expect(lab.world.network.inFlight).toEqual([]);
    await lab.expectState({ ledger_count: 1, committed: true });
  });
  it('the worker\'s request leaves the worker and is lost before the provider sees it', async () => {
    const lab = l01().act('approve', 'lose_request', 'submit');
    await lab;
    expect(lostIn(lab)).toEqual([`${lab.world.trace.length - 1} refund_request worker-1→provider`]);
    await lab.expectState({ ledger_count: 0 });
  });
});

describe('crash_after_commit means what the lab says', () => {
  it('the provider commits first; the worker then dies with the answer in hand, before saving it', async () => {
    const lab = l01().act('approve', 'crash_after_commit');
    await lab;
    const entry = lab.world.trace.at(-1)!;
    expect(entry.crash).toEqual({ node: 'worker-1', point: 'executor.before_save_answer' });
    const order = entry.transactions.map((t) => `${t.store}:${t.name}`);
    expect(order.indexOf('provider:provider_refund')).toBeGreaterThanOrEqual(0);
    // The crash hit in the answer's handler: nothing of the answer was saved, so recovery finds it UNKNOWN.
    await lab.expectState({ ledger_count: 1, status: 'UNKNOWN' });
  });
  it('with the network holding frames, the crash waits for the answer to arrive', async () => {
    const held = l01({ network: 'manual' }).act('approve', 'crash_after_commit');
    await held;
    expect(held.world.trace.at(-1)!.crash).toBeNull();
    await held.act('deliver_next', 'deliver_next', { restart: 'worker-1' }, 'retry', 'deliver_next', 'deliver_next').expectState({ ledger_count: 1, status: 'CONFIRMED' });
  });
});

describe('MWP-WRK-031 tool keys', () => {
  it('a same-epoch retry under the tool key resends with the same key: the provider replays, nothing is parked', async () => {
    await l01({ key_scheme: 'tool_key', lookup: 'off' }).act('approve', 'lose_response', 'submit', { advance: 3 }, 'retry')
      .expectState({ status: 'CONFIRMED', ledger_count: 1, operation: { epoch: 1, reconciliation: null } }).expectBroken();
  });
  it('after a takeover the key changed with the epoch: without lookup the new owner parks it, and says why', async () => {
    const lab = l01({ key_scheme: 'tool_key', lookup: 'off' }).act('approve', 'lose_response', 'submit', { advance: 3 }, 'takeover')
      .expectState({ status: 'IN_RECONCILIATION', ledger_count: 1, operation: { epoch: 2 } });
    await lab;
    expect(lab.observed()).toMatchObject({ operation: { reconciliation: expect.stringMatching(/earlier owner epoch sent under another key/) } });
  });
});

describe('each wrong design trips an invariant', () => {
  const lost = ['approve', 'lose_response', 'submit', { advance: 3 }, 'retry'];
  it('blind resend to a provider without keys', async () => expect(await l01({ idempotency: 'off', lookup: 'off', retry_policy: 'blind_resend' }).act(...lost).read((l) => l.broken())).toContain('REF-1'));
  it('a new key per attempt', async () => expect(await l01({ lookup: 'off', retry_policy: 'new_key_each_attempt' }).act(...lost).read((l) => l.broken())).toContain('REF-1'));
  it('dedupe retention too short for a retry that trusts the key forever', async () => {
    const late = ['approve', 'lose_response', 'submit', { advance: 6 }, 'retry'];
    expect(await l01({ lookup: 'off', retention: '5', retry_policy: 'blind_resend' }).act(...late).read((l) => l.broken())).toContain('REF-1');
    // The correct executor knows the contract: past the window a resend is not safe, so it parks.
    await l01({ lookup: 'off', retention: '5' }).act(...late).expectState({ status: 'IN_RECONCILIATION', ledger_count: 1 });
  });
  it('no fence: a stalled worker wakes after a takeover and refunds again', async () => {
    const steps = ['approve', 'pause_before_dispatch', 'takeover', 'wake'];
    await l01({ key_scheme: 'tool_key' }).act(...steps).expectBroken().expectState({ ledger_count: 1 });
    expect(await l01({ key_scheme: 'tool_key', fence: 'off' }).act(...steps).read((l) => l.broken())).toContain('REF-1');
  });
  it('a new owner that skips reconciling the old epoch (MWP-WRK-031)', async () => {
    const lost = ['approve', 'lose_response', 'submit', { advance: 3 }, 'takeover'];
    expect(await l01({ key_scheme: 'tool_key', takeover: 'start_fresh' }).act(...lost).read((l) => l.broken())).toContain('REF-1');
    await l01({ key_scheme: 'tool_key' }).act(...lost).expectBroken();
  });
});
