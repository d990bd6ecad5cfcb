/**
 * L13 judged by search (src/sim/explorer) from the lab's own starting state and default bounds
 * (MODEL_BOUNDS.outage), no hand-written prefix. The lab plays with frames delivered at once;
 * its network switch also offers frames held in flight, where a reconnect's new session, the
 * reclaim and the reconciliation are separate moves and the agent's other actions can fall
 * between them. The design presented right must survive both; each broken variant the lab
 * lists must be found (its property, within the same bounds).
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
    it(`the design presented right breaks nothing (network ${network})`, () => {
      const result = searchLab(lab, { switches: { network } });
      expect(result.counterexamples.map((c) => `${c.invariant}: ${JSON.stringify(c.actions)}`)).toEqual([]);
      expect(result.stoppedBy, result.boundsText).toBeNull();
      expect(result.depthCompleted).toBe(result.bounds.depth);
    }, 300_000);
  }
});
