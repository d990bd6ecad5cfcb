/**
 * The incremental-invariant oracle (the fuzz-vs-rebuild pattern): runs seeded random
 * schedules on a model and, after every step, compares what the World's invariant runner
 * found (each invariant's `checkStep`, fed the previous step's violations) with the
 * full-history `check` on the same World. Any difference is reported with the seed and the
 * step log that reproduces it (a card's `actions`).
 *
 * For model owners: call `checkStepAgreement(config, { runs, steps })` in a test of your
 * model and expect `disagreements` to be empty; show it can fail by breaking a checkStep.
 */
import type { Model, ModelAction, Violation } from './model';
import { SeededRng } from './rng';
import { World, type WorldConfig } from './world';

export interface AgreementOptions {
  /** The model object (defaults to the registry's model named in the config). */
  model?: Model;
  runs: number;
  /** Steps attempted per run (refused actions do not count). */
  steps: number;
  /** Seed of the first run; run r uses seed + r. */
  seed?: number;
  /**
   * Business actions to choose from when the model has no `enabled` hook (tokens or
   * objects its parser accepts; refused ones are skipped).
   */
  actions?: readonly unknown[];
  /** Largest clock advance tried (default 3). */
  maxAdvance?: number;
  /** Chance (0…1) of arming a crash point at a step (default 0.05). */
  crashRate?: number;
}

export interface Disagreement {
  seed: number;
  /** The step log up to and including the step where they differ. */
  actions: ModelAction[];
  invariant: string;
  incremental: Violation[];
  full: Violation[];
}

export interface AgreementReport {
  runs: number;
  stepsTaken: number;
  /** Steps at which some invariant was violated (so a run that never violates anything shows up as 0). */
  violatingSteps: number;
  disagreements: Disagreement[];
}

export function checkStepAgreement(config: WorldConfig, options: AgreementOptions): AgreementReport {
  const report: AgreementReport = { runs: options.runs, stepsTaken: 0, violatingSteps: 0, disagreements: [] };
  for (let r = 0; r < options.runs; r++) {
    const seed = (options.seed ?? 1) + r;
    const rng = new SeededRng(seed);
    const world = World.create(config, { ...(options.model ? { model: options.model } : {}), history: false });
    try {
      for (let s = 0; s < options.steps; s++) {
        const candidates = candidatesFor(world, rng, options);
        if (candidates.length === 0) break;
        const outcome = world.step(candidates[rng.int(0, candidates.length - 1)]);
        if (!outcome.ok) continue;
        report.stepsTaken += 1;
        const full = world.checkFull();
        if (full.some((f) => !f.ok)) report.violatingSteps += 1;
        const found = compare(world, full, seed);
        if (found) {
          report.disagreements.push(found);
          break;
        }
      }
    } finally {
      world.dispose();
    }
  }
  return report;
}

function compare(world: World, full: ReturnType<World['checkFull']>, seed: number): Disagreement | null {
  const incremental = world.invariants;
  for (const expected of full) {
    const got = incremental.find((i) => i.id === expected.id)?.violations ?? [];
    if (!sameSet(got, expected.violations)) {
      return { seed, actions: [...world.actions], invariant: expected.id, incremental: [...got], full: [...expected.violations] };
    }
  }
  return null;
}

/** The same violations, in any order (compared as their key with params, the same code builds both). */
function sameSet(a: readonly Violation[], b: readonly Violation[]): boolean {
  if (a.length !== b.length) return false;
  const text = (list: readonly Violation[]) => list.map((v) => JSON.stringify(v)).sort();
  const sorted = text(b);
  return text(a).every((x, i) => x === sorted[i]);
}

/** Business actions (the model's enabled hook, or the given list) plus what the environment can do. */
function candidatesFor(world: World, rng: SeededRng, options: AgreementOptions): unknown[] {
  const out: unknown[] = [...(world.modelEnabled() ?? options.actions ?? [])];
  for (const frame of world.network.inFlight) {
    out.push({ deliver: frame.id });
    if (rng.int(0, 9) === 0) out.push({ drop: frame.id });
    if (rng.int(0, 19) === 0) out.push({ duplicate: frame.id });
  }
  for (const node of world.nodes) if (world.status(node.id) === 'crashed') out.push({ restart: node.id });
  out.push({ advance: rng.int(1, options.maxAdvance ?? 3) });
  const points = world.model.faultPoints;
  if (points.length > 0 && rng.int(0, 999) < (options.crashRate ?? 0.05) * 1000) {
    out.push({ crash_at: points[rng.int(0, points.length - 1)]!.point });
  }
  return out;
}
