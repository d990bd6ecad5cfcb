/**
 * Search as the judge of the refund and compensation designs: every
 * option presented as wrong yields a counterexample within small bounds, in a provider
 * setting where it matters (the witness); the correct design, in the labs' default
 * settings, yields none within the same bounds. And the fingerprint hook: two orders of
 * independent actions that reach the same state hash the same.
 */
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../../test/sqljs';
import { explore } from '../../explorer/explore';
import { World } from '../../world';

useSqlJs();

const REFUND = { approved: false, expired: false, ledger_count: 0, committed: false, status: 'PENDING', amount_cents: 10000 };
const TRIP = { flight_price_cents: 40000, cancel_fee_cents: 5000, cancel_window: 10 };
/** Small on purpose (this runs in npm test on a shared machine); the soak goes deeper. */
const BOUNDS = { depth: 4, crashes: 0, drops: 0, duplicates: 0, partitions: 0, advances: [3], maxStates: 20_000 };
const WITH_CRASH = { ...BOUNDS, crashes: 1 };

const wrong: [string, string, Record<string, unknown>, Record<string, string>, unknown[], typeof BOUNDS?][] = [
  // option, model, initial, switches (the option plus its witness setting), prefix
  ['retry_policy=new_key_each_attempt', 'refund', REFUND, { retry_policy: 'new_key_each_attempt' }, ['approve']],
  ['retry_policy=blind_resend (provider without keys)', 'refund', REFUND, { retry_policy: 'blind_resend', idempotency: 'off' }, ['approve']],
  ['fence=off (keys per epoch)', 'refund', REFUND, { fence: 'off', key_scheme: 'tool_key' }, ['approve']],
  ['takeover=start_fresh (keys per epoch)', 'refund', REFUND, { takeover: 'start_fresh', key_scheme: 'tool_key' }, ['approve']],
  // From a step log that armed the crash between the two systems: search finds the rest.
  ['refund_mode=kv_flag_first', 'refund', REFUND, { refund_mode: 'kv_flag_first' }, ['approve', { crash_at: 'kv.between_systems' }]],
  ['refund_mode=kv_flag_after', 'refund', REFUND, { refund_mode: 'kv_flag_after' }, ['approve', { crash_at: 'kv.between_systems' }]],
  ['compensation=pretend_rollback', 'compensation', TRIP, { compensation: 'pretend_rollback' }, []],
];

describe('search judges the refund and compensation designs', () => {
  for (const [name, model, initial, switches, prefix, bounds] of wrong) {
    it(`presented wrong, and search breaks it: ${name}`, () => {
      const result = explore({ config: { model, seed: 1, initial, switches }, prefix, bounds: bounds ?? BOUNDS, stopAtFirst: true });
      expect(result.counterexamples.length, `no counterexample (${result.boundsText})`).toBeGreaterThan(0);
    }, 300_000);
  }

  for (const [name, model, initial, switches, bounds] of [
    ['refund defaults (L01, L02, L06)', 'refund', REFUND, {}, { ...BOUNDS, depth: 3 }],
    ['refund, provider without keys', 'refund', REFUND, { idempotency: 'off' }, { ...BOUNDS, depth: 3 }],
    ['the one-transaction refund (L04), with a crash', 'refund', REFUND, { refund_mode: 'local_transaction' }, { ...WITH_CRASH, depth: 3 }],
    ['compensation defaults (L08)', 'compensation', TRIP, {}, BOUNDS],
  ] as const) {
    it(`presented right, and search finds nothing: ${name}`, () => {
      const result = explore({ config: { model, seed: 1, initial, switches }, prefix: model === 'refund' ? ['approve'] : [], bounds, stopAtFirst: true });
      expect(result.counterexamples.map((c) => `${c.invariant}: ${JSON.stringify(c.actions)}`)).toEqual([]);
      expect(result.stoppedBy, result.boundsText).toBeNull();
      // "Nothing found" means something only if the search went somewhere: every depth
      // reached, more than a single line of states (an empty `enabled` would pass above).
      expect(result.depthCompleted, result.boundsText).toBe(bounds.depth);
      expect(result.states, result.boundsText).toBeGreaterThan(2 * bounds.depth);
    }, 300_000);
  }

  it('the fingerprint ignores incidental times: a delivery before or after a tick that changes nothing else hashes the same', () => {
    const fp = (actions: unknown[]) => {
      const world = World.replay({ model: 'refund', seed: 1, initial: REFUND, switches: { network: 'manual' } }, actions);
      const text = world.modelFingerprint();
      world.dispose();
      return text;
    };
    expect(fp(['approve', 'submit', 'tick', { deliver: 1 }])).toEqual(fp(['approve', 'submit', { deliver: 1 }, 'tick']));
    expect(fp(['approve', 'submit'])).not.toEqual(fp(['approve', 'submit', { deliver: 1 }]));
  });
});
