/**
 * A lookup that answers NOT_FOUND proves nothing while the first request
 * can still arrive. The card from the explorer issue (keys off, the network holding frames)
 * must end with one refund; the executor may resend only once no earlier request can land,
 * and every status change of an operation is an edge of the operation machine.
 */
import { describe, expect, it } from 'vitest';
import { machineGraph } from '../../core/machines';
import { operationMachine } from '../../core/effects/operationMachine';
import { useSqlJs } from '../../test/sqljs';
import { useLabs } from '../driver/testing';

useSqlJs();
const openLab = useLabs();
/** L01 (the refund model at its lab's seed and starting state) with `switches` flipped. */
const l01 = (switches: Record<string, string>) => openLab('L01', { switches });

const HELD = ['approve', 'submit', { advance: 3 }, 'retry', { deliver: 2 }, 'deliver_next', 'deliver_next', 'deliver_next', 'deliver_next', 'deliver_next'];

describe('NOT_FOUND is conclusive only when no earlier request can still arrive', () => {
  it('the explorer card: keys off, request held, lookup NOT_FOUND → still one refund', async () => {
    await l01({ idempotency: 'off', network: 'manual' }).act(...HELD).expectBroken().expectState({ ledger_count: 1, status: 'CONFIRMED' });
  });

  it('a provider that accepts requests of any age: NOT_FOUND cannot be trusted, the operation is parked', async () => {
    // Up to the NOT_FOUND: the original request has landed, its answer is still on the way.
    const lab = l01({ idempotency: 'off', deadline: 'off', network: 'manual' }).act(...HELD.slice(0, 7))
      .expectState({ status: 'IN_RECONCILIATION', ledger_count: 1, in_flight: 1 });
    // The late answer then decides, and takes it off the manual queue.
    await lab.act(HELD[7]).expectBroken().expectState({ status: 'CONFIRMED', ledger_count: 1 });
  });

  it('before the deadline passes, a NOT_FOUND keeps the operation UNKNOWN and sends nothing', async () => {
    // worker-1 dies right after sending at t=0 and comes back at once: UNKNOWN. Its lookup
    // reaches the provider at t=0, while the request sent at t=0 may still land until t=3.
    const steps = ['approve', { crash_at: 'executor.after_dispatch' }, 'submit', { restart: 'worker-1' }, 'retry', { deliver: 2 }, { deliver: 3 }];
    await l01({ idempotency: 'off', network: 'manual' }).act(...steps).expectState({ status: 'UNKNOWN', in_flight: 1, ledger_count: 0 })
      .act('deliver_next', 'deliver_next').expectState({ status: 'CONFIRMED', ledger_count: 1 }).expectBroken();
  });

  it('every status change of an operation is an edge of the operation machine, in every refund design', async () => {
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
      const history = await l01(switches).act(...actions).read((l) => l.world.store('shop').all('SELECT from_status, to_status FROM operation_history ORDER BY seq'));
      for (const row of history) {
        if (row.from_status === '—' || row.from_status === row.to_status) continue;
        expect(edges.has(`${row.from_status}>${row.to_status}`), `${JSON.stringify(switches)}: ${row.from_status} → ${row.to_status}`).toBe(true);
      }
    }
  });
});
