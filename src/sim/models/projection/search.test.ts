/**
 * What search finds in L10 and L11 from each lab's own starting state and configuration —
 * no prefix that walks to the bug. Each case was first seen failing on the code before its
 * fix (the search then found the counterexample named in the comment); they stay as the
 * regression test of that fix.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../../test/sqljs';
import type { Bounds } from '../../explorer/bounds';
import { MODEL_BOUNDS } from '../../explorer/defaults';
import { explore } from '../../explorer/explore';
import type { ExploreResult } from '../../explorer/result';
import type { WorldConfig } from '../../world';

useSqlJs();

/** The lab's own starting World, read from its lab.json (sim code does not import the lab layer). */
function labConfig(id: string): WorldConfig {
  const lab = JSON.parse(readFileSync(`labs/${id}/lab.json`, 'utf8')) as { model: string; world: { seed: number; initial: Record<string, unknown>; switches: Record<string, string> } };
  return { model: lab.model, seed: lab.world.seed, initial: lab.world.initial, switches: lab.world.switches };
}
const search = (id: string, bounds: Partial<Bounds> = {}) => explore({ config: labConfig(id), bounds: { ...MODEL_BOUNDS.projection, ...bounds } });
const found = (result: ExploreResult) => result.counterexamples.map((c) => `${c.invariant} in ${c.steps}: ${JSON.stringify(c.actions)}`);

describe('search over the projection labs, from their own start', () => {
  // MWP-MSN-009, "final" snapshot: search found archive, emit — the archived group took
  // event 6 after its final snapshot at 5 (PROJ-6).
  it('L11 as shipped, within the default bounds: no property breaks', () => {
    const result = search('L11');
    expect(found(result)).toEqual([]);
    expect(result.stoppedBy).toBeNull();
  });

  // MWP-MSN-009 on the worker: the redaction notice overtaking the event it redacts. The
  // report needs a claimed item (two commands), so the search goes to depth 6; the network
  // holds frames (L10's manual network) and no crash, drop, duplicate or clock move is needed. Search
  // found emit, emit, report, tombstone, deliver the notice, deliver event 6: the worker
  // buffered (later kept) the note after it had recorded the notice (PROJ-5).
  it('L10 with a report and a tombstone in reach (depth 6, no faults): no property breaks', () => {
    const result = search('L10', { depth: 6, crashes: 0, drops: 0, duplicates: 0, advances: [] });
    expect(found(result)).toEqual([]);
    expect(result.stoppedBy).toBeNull();
  }, 600_000);
});
