import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../test/sqljs';
import type { Model } from './model';
import { checkStepAgreement } from './oracle';
import { World, type WorldConfig } from './world';

useSqlJs();

const FENCING: WorldConfig = {
  model: 'fencing', seed: 3,
  initial: { current_token: 1, lease_until: 6, now: 0, workers: { A: 1, B: null } },
  switches: { resource: 'external', network: 'manual' },
};

/** The registered fencing model, reached through a World (sim code does not import the models layer). */
function fencing(): Model {
  const world = World.create(FENCING);
  world.dispose();
  return world.model;
}

describe('the incremental-invariant oracle', () => {
  it('fencing: checkStep agrees with the full-history check on random schedules that do break invariants', () => {
    const report = checkStepAgreement(FENCING, { runs: 12, steps: 40, seed: 100 });
    expect(report.disagreements).toEqual([]);
    expect(report.stepsTaken).toBeGreaterThan(200);
    expect(report.violatingSteps).toBeGreaterThan(0); // the schedules reach violations, so agreement means something
  });

  it('finds a checkStep that forgets new violations, with a reproducing step log', () => {
    const real = fencing();
    const forgetful: Model = {
      ...real,
      invariants: real.invariants.map((inv) => ({ ...inv, checkStep: (_ctx, previous) => [...previous] })),
    };
    const report = checkStepAgreement(FENCING, { model: forgetful, runs: 12, steps: 40, seed: 100 });
    expect(report.disagreements.length).toBeGreaterThan(0);
    const first = report.disagreements[0]!;
    expect(first.incremental).toEqual([]);
    expect(first.full.length).toBeGreaterThan(0);
    expect(first.actions.length).toBeGreaterThan(0);
  });

  it('a model without checkStep is judged by check alone, so it always agrees', () => {
    const real = fencing();
    const plain: Model = { ...real, invariants: real.invariants.map(({ checkStep: _drop, ...inv }) => inv) };
    expect(checkStepAgreement(FENCING, { model: plain, runs: 3, steps: 20 }).disagreements).toEqual([]);
  });
});
