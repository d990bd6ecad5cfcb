/**
 * The refund footprints (footprint.ts) where the labs' small-bounds comparison
 * (src/lab/reduce.search.test.ts) does not reach: a worker with a resend and an earlier
 * answer both in flight, frames held. The provider's answer to the resend carries the
 * worker's incarnation when it is served: served before the worker crashes on the earlier
 * answer it is dead, after it alive. Full and reduced search agree from there; a footprint
 * that forgets that serving a request reads its sender loses a state.
 */
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../../test/sqljs';
import { explore } from '../../explorer/explore';
import type { Model } from '../../model';
import { World, type WorldConfig } from '../../world';
import { footprintRefund } from './footprint';

useSqlJs();

const config: WorldConfig = {
  model: 'refund', seed: 1, switches: { network: 'manual', retry_policy: 'blind_resend' },
  initial: { approved: false, expired: false, ledger_count: 0, committed: false, status: 'PENDING', amount_cents: 10000 },
};
/** The request is answered (frame 2 held), times out, and is sent again (frame 3 held). */
const prefix = ['approve', 'submit', { deliver: 1 }, { advance: 3 }, 'retry'];
const bounds = { depth: 3, advances: [3], crashes: 1, drops: 0, duplicates: 0, partitions: 0 };

function refundModel(): Model {
  const world = World.create(config);
  try {
    return world.model;
  } finally {
    world.dispose();
  }
}

describe('refund footprints', () => {
  it('keep every state with a resend and an earlier answer in flight', () => {
    const full = explore({ config, prefix, bounds });
    const reduced = explore({ config, prefix, bounds, reduce: true });
    expect(reduced.states).toBe(full.states);
    expect(reduced.slept).toBeGreaterThan(0);
  });

  it('lose a state when serving a request forgets that its answer reads the sender', () => {
    const model = refundModel();
    const forgetful: Model = {
      ...model,
      footprint: (ctx, action) => {
        const footprint = footprintRefund(ctx, action);
        if (!footprint || action.type !== 'deliver') return footprint;
        return { reads: footprint.reads.filter((r) => !r.startsWith('node:worker')), writes: footprint.writes };
      },
    };
    const full = explore({ config, prefix, bounds, model: forgetful });
    const reduced = explore({ config, prefix, bounds, model: forgetful, reduce: true });
    expect(reduced.states).toBeLessThan(full.states);
  });
});
