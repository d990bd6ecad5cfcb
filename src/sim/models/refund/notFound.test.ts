/**
 * Issue 12 item 9: a lookup that answers NOT_FOUND proves nothing while the first request
 * can still arrive. The card from the explorer issue (keys off, the network holding frames)
 * must end with one refund; the executor may resend only once no earlier request can land,
 * and every status change of an operation is an edge of the operation machine.
 */
import { describe, expect, it } from 'vitest';
import { machineGraph } from '../../../core/machines';
import { operationMachine } from '../../../core/effects/operationMachine';
import { useSqlJs } from '../../../test/sqljs';
import { World } from '../../world';

useSqlJs();

const INITIAL = { approved: false, expired: false, ledger_count: 0, committed: false, status: 'PENDING', amount_cents: 10000 };

function play(actions: unknown[], switches: Record<string, string>) {
  const world = World.create({ model: 'refund', seed: 1, initial: INITIAL, switches });
  for (const action of actions) {
    const outcome = world.step(action);
    if (!outcome.ok) throw new Error(`${JSON.stringify(action)}: ${outcome.error}`);
  }
  const observed = world.observe() as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const broken = [...new Set(world.trace.flatMap((e) => e.invariants.filter((i) => !i.ok).map((i) => i.id)))];
  const history = world.store('shop').all('SELECT from_status, to_status FROM operation_history ORDER BY seq');
  world.dispose();
  return { observed, broken, history };
}

const HELD = ['approve', 'submit', { advance: 3 }, 'retry', { deliver: 2 }, 'deliver_next', 'deliver_next', 'deliver_next', 'deliver_next', 'deliver_next'];

describe('NOT_FOUND is conclusive only when no earlier request can still arrive', () => {
  it('the explorer card: keys off, request held, lookup NOT_FOUND → still one refund', () => {
    const r = play(HELD, { idempotency: 'off', network: 'manual' });
    expect(r.broken).toEqual([]);
    expect(r.observed).toMatchObject({ ledger_count: 1, status: 'CONFIRMED' });
  });

  it('a provider that accepts requests of any age: NOT_FOUND cannot be trusted, the operation is parked', () => {
    // Up to the NOT_FOUND: the original request has landed, its answer is still on the way.
    const parked = play(HELD.slice(0, 7), { idempotency: 'off', deadline: 'off', network: 'manual' });
    expect(parked.observed).toMatchObject({ status: 'IN_RECONCILIATION', ledger_count: 1, in_flight: 1 });
    // The late answer then decides, and takes it off the manual queue.
    const r = play(HELD.slice(0, 8), { idempotency: 'off', deadline: 'off', network: 'manual' });
    expect(r.broken).toEqual([]);
    expect(r.observed).toMatchObject({ status: 'CONFIRMED', ledger_count: 1 });
  });

  it('before the deadline passes, a NOT_FOUND keeps the operation UNKNOWN and sends nothing', () => {
    // worker-1 dies right after sending at t=0 and comes back at once: UNKNOWN. Its lookup
    // reaches the provider at t=0, while the request sent at t=0 may still land until t=3.
    const steps = ['approve', { crash_at: 'executor.after_dispatch' }, 'submit', { restart: 'worker-1' }, 'retry', { deliver: 2 }, { deliver: 3 }];
    const r = play(steps, { idempotency: 'off', network: 'manual' });
    expect(r.observed).toMatchObject({ status: 'UNKNOWN', in_flight: 1, ledger_count: 0 });
    const landed = play([...steps, 'deliver_next', 'deliver_next'], { idempotency: 'off', network: 'manual' });
    expect(landed.observed).toMatchObject({ status: 'CONFIRMED', ledger_count: 1 });
    expect(landed.broken).toEqual([]);
  });

  it('every status change of an operation is an edge of the operation machine, in every refund design', () => {
    const edges = new Set(machineGraph(operationMachine).edges.map((e) => `${e.from}>${e.to}`));
    const runs: [unknown[], Record<string, string>][] = [
      [['approve', 'submit'], { refund_mode: 'local_transaction' }],
      [['approve', { crash_at: 'kv.between_systems' }, 'submit', { restart: 'worker-1' }, 'retry'], { refund_mode: 'kv_flag_first' }],
      [['approve', { crash_at: 'kv.between_systems' }, 'submit', { restart: 'worker-1' }, 'retry'], { refund_mode: 'kv_flag_after' }],
      [['approve', 'lose_response', 'submit', { advance: 3 }, 'retry'], {}],
      [['approve', 'lose_request', 'submit', { advance: 3 }, 'retry'], { idempotency: 'off' }],
      [['approve', 'lose_response', 'submit', { advance: 3 }, 'retry', 'resolve_manually'], { idempotency: 'off', lookup: 'off' }],
    ];
    for (const [actions, switches] of runs) {
      const { history } = play(actions, switches);
      for (const row of history) {
        if (row.from_status === '—' || row.from_status === row.to_status) continue;
        expect(edges.has(`${row.from_status}>${row.to_status}`), `${JSON.stringify(switches)}: ${row.from_status} → ${row.to_status}`).toBe(true);
      }
    }
  });
});
