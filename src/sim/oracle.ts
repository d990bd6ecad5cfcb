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

export interface UndoForkOptions {
  model?: Model;
  /** The invariants compared. */
  ids: readonly string[];
  seed: number;
  /** Moves after the prefix. */
  moves: number;
  /** Back, undo-to and fork each happen with chance 1 / spread. */
  spread: number;
  /** Steps every run starts with (e.g. a card's story, which random moves rarely reach). */
  prefix?: readonly unknown[];
  /** Also choose among delivering each in-flight frame, not only the model's enabled actions. */
  deliver?: boolean;
}

/**
 * The same agreement, on a World that moves back and forks: random steps mixed with Back
 * (undo, undoTo) and fork, with a history that restores checkpoints, so a step form whose
 * kept state does not travel with the World (ctx.memo) disagrees. Returns the first
 * disagreement (invariant and step log) or null, and how many (step, invariant) pairs the
 * full check found violated (0 would make the agreement vacuous).
 */
export function undoForkAgreement(config: WorldConfig, options: UndoForkOptions): { disagreement: string | null; violating: number } {
  const rng = new SeededRng(options.seed);
  const prefix = options.prefix ?? [];
  const verdict = (list: readonly { id: string; violations: readonly unknown[] }[], id: string) =>
    JSON.stringify(list.find((r) => r.id === id)!.violations.map((v) => JSON.stringify(v)).sort());
  let world = World.create(config, { ...(options.model ? { model: options.model } : {}), history: { recent: 2, every: 4 } });
  let violating = 0;
  try {
    for (let i = 0; i < options.moves + prefix.length; i++) {
      const moved = move(world, rng, options, i < prefix.length ? { step: prefix[i] } : null);
      if (!moved) break;
      world = moved;
      const full = world.checkFull();
      for (const id of options.ids) {
        if (verdict(world.invariants, id) !== verdict(full, id)) return { disagreement: `${id} after ${JSON.stringify(world.actions)}`, violating };
        if (!full.find((r) => r.id === id)!.ok) violating += 1;
      }
    }
    return { disagreement: null, violating };
  } finally {
    world.dispose();
  }
}

/**
 * One random move: the given prefix step, else Back, undo-to, fork (the child replaces and
 * disposes `world`) or a step among the model's enabled actions (and deliveries). Returns
 * the World to go on with, or null when nothing can run. The roll is drawn on every move,
 * the prefix's too, so a seed names one schedule.
 */
function move(world: World, rng: SeededRng, options: Omit<UndoForkOptions, 'ids'>, prefix: { step: unknown } | null): World | null {
  const roll = rng.int(0, options.spread - 1);
  if (prefix) world.step(prefix.step);
  else if (roll === 0 && world.actions.length > 0) world.undo();
  else if (roll === 1 && world.actions.length > 0) world.undoTo(rng.int(0, world.actions.length - 1));
  else if (roll === 2) {
    const child = world.fork();
    world.dispose();
    return child;
  } else {
    const choices: unknown[] = [...(world.modelEnabled() ?? []), ...(options.deliver ? world.network.inFlight.map((f) => ({ deliver: f.id })) : [])];
    if (choices.length === 0) return null;
    world.step(choices[rng.int(0, choices.length - 1)]);
  }
  return world;
}

/**
 * Memos travel with the World exactly: random steps mixed with Back, undo-to and fork (a
 * history of frequent checkpoints, so undo often lands on one with nothing to replay), and
 * after every move the World's memos equal those of a fresh replay of its step log. A memo
 * that a later step mutates while a checkpoint still shares it (a MemoCopy whose `save`
 * does not protect what it keeps) shows up as a restored World holding the later state.
 * Returns the first difference (step log) or null.
 */
export function memoAgreement(config: WorldConfig, options: Omit<UndoForkOptions, 'ids'>): string | null {
  const rng = new SeededRng(options.seed);
  const prefix = options.prefix ?? [];
  const model = options.model ? { model: options.model } : {};
  let world = World.create(config, { ...model, history: { recent: 2, every: 2 } });
  try {
    for (let i = 0; i < options.moves + prefix.length; i++) {
      const moved = move(world, rng, options, i < prefix.length ? { step: prefix[i] } : null);
      if (!moved) break;
      world = moved;
      const fresh = World.replay(config, world.actions, { ...model, history: false });
      const same = fresh.memoText() === world.memoText();
      fresh.dispose();
      if (!same) return JSON.stringify(world.actions);
    }
    return null;
  } finally {
    world.dispose();
  }
}
