/**
 * L13 judged by search (src/sim/explorer) from the lab's own starting state and default bounds
 * (MODEL_BOUNDS.outage), no hand-written prefix, safety and recovery together. The lab plays
 * with frames delivered at once; its network switch also offers frames held in flight, where
 * a reconnect's new session, the reclaim and the reconciliation are separate moves, the
 * agent's other actions can fall between them, and a cut link can swallow an answer. The
 * design presented right must hold and settle in both.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { loadLabsFromDir } from '../nodeFiles';
import { searchLab } from '../search';

useSqlJs();

const lab = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok && l.lab.id === 'L13' ? [l.lab] : []))[0]!;

describe('L13 under search, from its start within its default bounds', () => {
  for (const network of ['auto', 'manual']) {
    it(`the design presented right breaks nothing and settles from every reached state (network ${network})`, async () => {
      const result = await searchLab(lab, { switches: { network }, recover: true });
      expect(result.counterexamples.map((c) => `${c.invariant}: ${JSON.stringify(c.actions)}`)).toEqual([]);
      expect((result.unrecoverable ?? []).map((c) => `${c.invariant} (${c.why}) after ${c.steps - c.recovery} + ${c.recovery}: ${JSON.stringify(c.actions)}`)).toEqual([]);
      expect(result.recovered).toBe(result.states);
      expect(result.stoppedBy, result.boundsText).toBeNull();
      expect(result.depthCompleted).toBe(result.bounds.depth);
    }, 300_000);
  }
});
