/**
 * Search over L08 from its starting state within its default bounds (no hand-written
 * prefix): a design that cancels on a withdrawn consent breaks COMP-3, one that retries a
 * failed cancellation breaks COMP-2, and the lab's own design breaks nothing.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { loadLabsFromDir } from '../nodeFiles';
import { searchLab } from '../search';

useSqlJs();
const l08 = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok && l.lab.id === 'L08' ? [l.lab] : []))[0]!;

describe('search judges who may cancel (seed 002 §8)', () => {
  it('an agent that acts on the consent it was given at booking cancels after the traveller withdrew it: COMP-3', () => {
    const result = searchLab(l08, { switches: { cancel_authority: 'consent_at_booking' }, stopAtFirst: true });
    expect(result.counterexamples.map((c) => c.invariant)).toContain('COMP-3');
  });
  it('an agent that retries a failed cancellation instead of handing it to a person: COMP-2', () => {
    const result = searchLab(l08, { switches: { cancel_failure: 'retry', airline_cancel: 'fails' }, stopAtFirst: true });
    expect(result.counterexamples.map((c) => c.invariant)).toContain('COMP-2');
  });
  it("the lab's design, which checks the consent before cancelling, breaks nothing", () => {
    const result = searchLab(l08);
    expect(result.counterexamples.map((c) => `${c.invariant}: ${JSON.stringify(c.actions)}`)).toEqual([]);
    expect(result.stoppedBy).toBeNull();
  });
});
