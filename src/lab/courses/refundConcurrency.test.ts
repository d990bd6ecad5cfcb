/**
 * Real concurrency and the window between the epoch check and
 * the send (seed 002 §7). Two workers in flight at once with frames interleaved; a worker
 * that stalls AFTER passing the check. The ledger decides; only the provider — a key it
 * dedupes, a deadline it enforces — can refuse a send that already passed the check.
 */
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import type { LabDriver } from '../driver';
import { useLabs } from '../driver/testing';

useSqlJs();
const openLab = useLabs();
/** L01 (the refund model at its lab's seed and starting state) with `switches` flipped. */
const l01 = (switches: Record<string, string> = {}) => openLab('L01', { switches });
const W2 = { worker: 'worker-2' };

/** The most refund requests in the network at once, over the steps `actions` takes. */
async function requestsInFlight(lab: LabDriver, actions: unknown[]): Promise<number> {
  let most = 0;
  for (const action of actions) most = Math.max(most, await lab.act(action).read((l) => l.world.network.inFlight.filter((f) => f.kind === 'refund_request').length));
  return most;
}

describe('fault 5: two workers in flight at once (item 2)', () => {
  // worker-1 sends; worker-2 gets the same job, finds the intent, takes it over and
  // reconciles; both refund requests are in the network together and land in either order.
  const race = ['approve', 'submit', { submit: W2 }, 'takeover', { deliver: 2 }, { deliver: 3 }];
  it('with the intent key, both requests land and the provider refunds once', async () => {
    for (const order of [[{ deliver: 4 }, { deliver: 1 }], [{ deliver: 1 }, { deliver: 4 }]]) {
      const lab = l01({ network: 'manual' });
      expect(await requestsInFlight(lab, [...race, ...order, 'deliver_next', 'deliver_next'])).toBe(2);
      await lab.expectBroken().expectState({ ledger_count: 1, status: 'CONFIRMED', operation: { owner: 'worker-2', epoch: 2 } });
    }
  });
  it('without keys, worker-2 does not resend while worker-1\'s request may still land; the ledger shows one refund', async () => {
    const lab = l01({ network: 'manual', idempotency: 'off' });
    expect(await requestsInFlight(lab, [...race, 'deliver_next', 'deliver_next', { retry: W2 }, 'deliver_next', 'deliver_next'])).toBe(1);
    await lab.expectBroken().expectState({ ledger_count: 1, status: 'CONFIRMED' });
  });
});

describe('a worker stalls after its epoch check (items 1 and 4)', () => {
  const stall = ['approve', 'pause_after_fence_check', 'takeover', 'wake'];
  it('the check passed, so the stale send goes out on waking — with the intent key the provider replays it', async () => {
    await l01({ takeover: 'start_fresh' }).act(...stall).expectBroken().expectState({ ledger_count: 1, operation: { owner: 'worker-2', epoch: 2 } });
  });
  it('with a key per epoch the same schedule refunds twice, although the epoch check is on', async () => {
    const lab = l01({ takeover: 'start_fresh', key_scheme: 'tool_key', fence: 'on' }).act(...stall).expectState({ ledger_count: 2 });
    await lab;
    expect(lab.broken()).toContain('REF-1');
  });
  it('without provider keys it refunds twice too: the check in the shop cannot reach the provider', async () => {
    expect(await l01({ takeover: 'start_fresh', idempotency: 'off' }).act(...stall).read((l) => l.broken())).toContain('REF-1');
  });
  it('the correct new owner waits for the stale request\'s deadline instead of resending, and stays at one refund', async () => {
    await l01({ key_scheme: 'tool_key' }).act(...stall, { advance: 3 }, { retry: W2 }).expectBroken().expectState({ ledger_count: 1, status: 'CONFIRMED', operation: { owner: 'worker-2' } });
  });
  it('stalling BEFORE the check is still stopped by it (the old fault 6)', async () => {
    await l01({ key_scheme: 'tool_key', takeover: 'start_fresh' }).act('approve', 'pause_before_dispatch', 'takeover', 'wake').expectState({ ledger_count: 1 });
  });
});
