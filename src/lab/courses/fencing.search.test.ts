/**
 * Search over L07 from its starting state within its default bounds (no hand-written
 * prefix). Every property the lab lists must be breakable by a design search can find:
 * a renewal that checks only the holder's name revives a lease that ran out (FENCE-3,
 * MWP-EVT-007); a takeover that keeps the old fence lets two owners share one generation
 * (FENCE-2, MWP-WRK-019); a resource that ignores fences takes the late write (FENCE-1).
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { loadLabsFromDir } from '../nodeFiles';
import { searchLab } from '../search';

useSqlJs();
const l07 = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok && l.lab.id === 'L07' ? [l.lab] : []))[0]!;
const found = (switches: Record<string, string>) => searchLab(l07, { switches, stopAtFirst: true }).counterexamples.map((c) => c.invariant);

describe('search judges the lease and its fence (seed 002 §7, MWP-WRK-019, MWP-EVT-007)', () => {
  it('a renewal that checks only the holder name renews a lease that already ran out: FENCE-3', () => {
    expect(found({ renewal: 'holder_only' })).toContain('FENCE-3');
  });
  it('a takeover that keeps the current fence: FENCE-2', () => {
    expect(found({ takeover_fence: 'same' })).toContain('FENCE-2');
  });
  it('a resource that takes writes as they come: FENCE-1', () => {
    expect(found({ resource: 'external' })).toContain('FENCE-1');
  });
  it("the lab's design breaks nothing", () => {
    const result = searchLab(l07);
    expect(result.counterexamples.map((c) => `${c.invariant}: ${JSON.stringify(c.actions)}`)).toEqual([]);
    expect(result.stoppedBy).toBeNull();
  });
});
