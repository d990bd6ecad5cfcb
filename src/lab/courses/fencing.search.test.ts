/**
 * Search over L07 from its starting state within its default bounds (no hand-written
 * prefix). Every property the lab lists must be breakable by a design search can find:
 * a renewal that checks only the holder's name revives a lease that ran out (FENCE-3,
 * MWP-EVT-007); a takeover that keeps the old fence lets two owners share one generation
 * (FENCE-2, MWP-WRK-019); a resource that ignores fences takes the late write (FENCE-1).
 * With recovery on, every reached state settles in the lab's design (the stalled worker
 * wakes, a write lost in a crash is sent again and answered); a lease that lasts until
 * released stays with a stalled holder past its end (FENCE-END-2), and a worker that waits
 * for a verdict a crash swallowed waits forever (FENCE-END-1).
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { loadLabsFromDir } from '../nodeFiles';
import { searchLab } from '../search';

useSqlJs();
const l07 = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok && l.lab.id === 'L07' ? [l.lab] : []))[0]!;
const found = async (switches: Record<string, string>) => (await searchLab(l07, { switches, stopAtFirst: true })).counterexamples.map((c) => c.invariant);

describe('search judges the lease and its fence (seed 002 §7, MWP-WRK-019, MWP-EVT-007)', () => {
  it('a renewal that checks only the holder name renews a lease that already ran out: FENCE-3', async () => {
    expect(await found({ renewal: 'holder_only' })).toContain('FENCE-3');
  });
  it('a takeover that keeps the current fence: FENCE-2', async () => {
    expect(await found({ takeover_fence: 'same' })).toContain('FENCE-2');
  });
  it('a resource that takes writes as they come: FENCE-1', async () => {
    expect(await found({ resource: 'external' })).toContain('FENCE-1');
  });
  it("the lab's design breaks nothing", async () => {
    const result = await searchLab(l07);
    expect(result.counterexamples.map((c) => `${c.invariant}: ${JSON.stringify(c.actions)}`)).toEqual([]);
    expect(result.stoppedBy).toBeNull();
  });
});

describe('every crash recovers (liveness)', () => {
  it("the lab's design settles from every reached state", async () => {
    const result = await searchLab(l07, { recover: true });
    expect((result.unrecoverable ?? []).map((c) => `${c.invariant} (${c.why}): ${JSON.stringify(c.actions)}`)).toEqual([]);
    expect(result.recovered).toBe(result.states);
  });
  const stuck = async (switches: Record<string, string>) => {
    const result = await searchLab(l07, { switches, recover: true, stopAtFirst: true });
    expect(result.counterexamples).toEqual([]);
    return (result.unrecoverable ?? []).map((c) => c.invariant);
  };
  it('a lease that lasts until its holder gives it back: FENCE-END-2', async () => {
    expect(await stuck({ lease_expiry: 'until_released' })).toContain('FENCE-END-2');
  });
  it('a worker that waits for the verdict of a write a crash swallowed: FENCE-END-1', async () => {
    expect(await stuck({ no_answer: 'wait' })).toContain('FENCE-END-1');
  });
});
