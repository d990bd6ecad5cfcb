/**
 * The projection's own canonical writer and change test must give exactly what
 * canonicalJson gives (the stored bytes depend on it): random values, flat and not.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../authority/canonical';
import { canonicalRow } from './projectionRows';

const outcome = (f: () => string) => {
  try {
    return { text: f() };
  } catch {
    return { threw: true };
  }
};

/** Any UTF-16 code units, lone surrogates included (canonicalJson refuses those). */
const units = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 6 }).map((codes) => String.fromCharCode(...codes));
const primitive = fc.oneof(
  units, fc.string({ unit: 'binary' }), fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(-0), fc.constant(undefined),
);
const value = fc.oneof(
  primitive,
  fc.dictionary(fc.string({ unit: 'binary' }), primitive), fc.dictionary(units, primitive),
  fc.dictionary(fc.string(), fc.oneof(primitive, fc.array(primitive), fc.dictionary(fc.string(), primitive))),
);

describe('canonicalRow', () => {
  it('writes what canonicalJson writes, or throws where it throws', () => {
    fc.assert(fc.property(value, (v) => {
      expect(outcome(() => canonicalRow(v))).toEqual(outcome(() => canonicalJson(v)));
    }), { numRuns: 3000, seed: 10 });
  });

  it('on the reducer\'s own rows', () => {
    const item = { group: 'G1', mission: 'M1', status: 'queued', owner: null, epoch: 0, leaseUntil: 1.5e21, progress: -0, revision: 2, zeta: 'ü', Alpha: '\u{1F600}' };
    for (const v of [item, 'admin', 7, true, { b: 1, a: 2, B: 3, _: 4, 'a b': 5 }]) expect(canonicalRow(v)).toBe(canonicalJson(v));
  });
});
