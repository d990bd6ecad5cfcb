/**
 * Issue 12 items 1, 2 and 4: real concurrency and the window between the epoch check and
 * the send (seed 002 §7). Two workers in flight at once with frames interleaved; a worker
 * that stalls AFTER passing the check. The ledger decides; only the provider — a key it
 * dedupes, a deadline it enforces — can refuse a send that already passed the check.
 */
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../../test/sqljs';
import { World } from '../../world';

useSqlJs();

const INITIAL = { approved: false, expired: false, ledger_count: 0, committed: false, status: 'PENDING', amount_cents: 10000 };
const W2 = { worker: 'worker-2' };

function play(actions: unknown[], switches: Record<string, string> = {}) {
  const world = World.create({ model: 'refund', seed: 1, initial: INITIAL, switches });
  const inFlightMax: number[] = [];
  for (const action of actions) {
    const outcome = world.step(action);
    if (!outcome.ok) throw new Error(`${JSON.stringify(action)}: ${outcome.error}`);
    inFlightMax.push(world.network.inFlight.filter((f) => f.kind === 'refund_request').length);
  }
  const observed = world.observe() as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const broken = [...new Set(world.trace.flatMap((e) => e.invariants.filter((i) => !i.ok).map((i) => i.id)))];
  world.dispose();
  return { observed, broken, requestsInFlight: Math.max(...inFlightMax) };
}

describe('fault 5: two workers in flight at once (item 2)', () => {
  // worker-1 sends; worker-2 gets the same job, finds the intent, takes it over and
  // reconciles; both refund requests are in the network together and land in either order.
  const race = ['approve', 'submit', { submit: W2 }, 'takeover', { deliver: 2 }, { deliver: 3 }];
  it('with the intent key, both requests land and the provider refunds once', () => {
    for (const order of [[{ deliver: 4 }, { deliver: 1 }], [{ deliver: 1 }, { deliver: 4 }]]) {
      const r = play([...race, ...order, 'deliver_next', 'deliver_next'], { network: 'manual' });
      expect(r.requestsInFlight).toBe(2);
      expect(r.broken).toEqual([]);
      expect(r.observed).toMatchObject({ ledger_count: 1, status: 'CONFIRMED', operation: { owner: 'worker-2', epoch: 2 } });
    }
  });
  it('without keys, worker-2 does not resend while worker-1\'s request may still land; the ledger shows one refund', () => {
    const r = play([...race, 'deliver_next', 'deliver_next', { retry: W2 }, 'deliver_next', 'deliver_next'], { network: 'manual', idempotency: 'off' });
    expect(r.requestsInFlight).toBe(1);
    expect(r.broken).toEqual([]);
    expect(r.observed).toMatchObject({ ledger_count: 1, status: 'CONFIRMED' });
  });
});

describe('a worker stalls after its epoch check (items 1 and 4)', () => {
  const stall = ['approve', 'pause_after_fence_check', 'takeover', 'wake'];
  it('the check passed, so the stale send goes out on waking — with the intent key the provider replays it', () => {
    const r = play(stall, { takeover: 'start_fresh' });
    expect(r.broken).toEqual([]);
    expect(r.observed).toMatchObject({ ledger_count: 1, operation: { owner: 'worker-2', epoch: 2 } });
  });
  it('with a key per epoch the same schedule refunds twice, although the epoch check is on', () => {
    const r = play(stall, { takeover: 'start_fresh', key_scheme: 'tool_key', fence: 'on' });
    expect(r.broken).toContain('REF-1');
    expect(r.observed.ledger_count).toBe(2);
  });
  it('without provider keys it refunds twice too: the check in the shop cannot reach the provider', () => {
    expect(play(stall, { takeover: 'start_fresh', idempotency: 'off' }).broken).toContain('REF-1');
  });
  it('the correct new owner waits for the stale request\'s deadline instead of resending, and stays at one refund', () => {
    const r = play([...stall, { advance: 3 }, { retry: W2 }], { key_scheme: 'tool_key' });
    expect(r.broken).toEqual([]);
    expect(r.observed).toMatchObject({ ledger_count: 1, status: 'CONFIRMED', operation: { owner: 'worker-2' } });
  });
  it('stalling BEFORE the check is still stopped by it (the old fault 6)', () => {
    const r = play(['approve', 'pause_before_dispatch', 'takeover', 'wake'], { key_scheme: 'tool_key', takeover: 'start_fresh' });
    expect(r.observed.ledger_count).toBe(1);
  });
});
