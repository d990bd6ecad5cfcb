import { describe, expect, it } from 'vitest';
import { specLine } from './specLine';

describe('specLine', () => {
  it('joins sections and rules with one separator', () => {
    expect(specLine(['6'], ['MWP-WRK-013', 'MWP-WRK-014'])).toBe('SPEC 6 · MWP-WRK-013, MWP-WRK-014');
  });
  // L05 names sections only: its heading printed "SPEC 9.5, 9.6 ·" with nothing after the dot.
  it('leaves the separator out when the lab names no rule', () => {
    expect(specLine(['9.5', '9.6'], [])).toBe('SPEC 9.5, 9.6');
  });
});
