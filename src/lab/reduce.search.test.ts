/**
 * Partial-order reduction keeps every verdict (src/sim/explorer/footprint.ts, explore.ts
 * `reduce`): over every lab, from its own configuration and from every configuration one
 * switch away (each option of each switch, the network's too), full and reduced search
 * reach the same states, break the same invariants, and find counterexamples of the same
 * shortest length. At small bounds (each model's default bounds, depth capped by `smallDepth`)
 * to fit CI; `npm run soak -- --reduce-check` runs the same comparison at the default bounds.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../test/sqljs';
import { getModel } from './models';
import { switchesOf } from '../sim/switches';
import { loadLabsFromDir } from './nodeFiles';
import { oneSwitchAway, reductionMismatch, smallDepth } from './reduceCheck';
import { searchLab } from './search';

useSqlJs();

const labs = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : []));

describe('partial-order reduction keeps every verdict', () => {
  for (const lab of labs) {
    const configurations = oneSwitchAway(lab, switchesOf(getModel(lab.model)));
    it(`${lab.id}: ${configurations.length} configurations, full and reduced agree`, async () => {
      for (const switches of configurations) {
        const run = (reduce: boolean) => searchLab(lab, { switches, reduce, bounds: { depth: smallDepth(lab, switches) } });
        const full = await run(false);
        const reduced = await run(true);
        expect(reductionMismatch(full, reduced), `${lab.id} ${JSON.stringify(switches)}`).toBeNull();
      }
    }, 600_000);
  }
});
