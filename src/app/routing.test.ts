import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatHash, sameBesidesStep, type Route } from './routing';

const withoutStep = (route: Route): Route => {
  if (route.page !== 'lab') return route;
  const { step: _step, ...rest } = route;
  return rest;
};

// Small alphabets so two random routes often share a lab, a scenario or switches.
const text = fc.constantFrom('', 'a', 'b');
const lab: fc.Arbitrary<Route> = fc.record({
  page: fc.constant('lab' as const),
  labId: fc.constantFrom('L07', 'L10'),
  step: fc.option(fc.nat(3), { nil: undefined }),
  scenario: fc.option(text, { nil: undefined }),
  present: fc.option(fc.boolean(), { nil: undefined }),
  actions: fc.option(text, { nil: undefined }),
  switches: fc.option(fc.dictionary(fc.constantFrom('resource', 'network', 'window'), text, { maxKeys: 2 }), { nil: undefined }),
}, { requiredKeys: ['page', 'labId'] });
const route: fc.Arbitrary<Route> = fc.oneof(lab, lab, fc.constantFrom<Route>({ page: 'catalog' }, { page: 'cards' }, { page: 'progress' }));

describe('sameBesidesStep', () => {
  it('agrees with comparing the addresses without the step', () => {
    fc.assert(fc.property(route, route, (a, b) => {
      expect(sameBesidesStep(a, b)).toBe(formatHash(withoutStep(a)) === formatHash(withoutStep(b)));
    }), { numRuns: 5000 });
  });

  it('ignores the step alone', () => {
    expect(sameBesidesStep({ page: 'lab', labId: 'L07', step: 3 }, { page: 'lab', labId: 'L07', step: 4 })).toBe(true);
    expect(sameBesidesStep({ page: 'lab', labId: 'L07', switches: { resource: 'external' } }, { page: 'lab', labId: 'L07' })).toBe(false);
  });
});
