/**
 * Playing a run in a fresh World and judging where it ends — written once for every lab.
 * An exercise check (exercises/check.ts) and a card (cards.ts) are each a `Plan`: where the
 * World starts, the actions, and how to judge the World the run leaves. `runPlan` steps with
 * `World.step`; `runPlanAsync` with `stepAsync`, which awaits an asynchronous engine (L05)
 * inside each step. Only the stepping differs, so both kinds of lab get the same verdicts.
 */
import { isAsyncWorld, stepAsync } from '../sim/asyncStep';
import { World } from '../sim/world';
import { configFor, type WorldOverrides } from './config';
import type { Lab } from './schema';
import type { RefusalReason } from '../sim/model';

/** The action that stopped a run: its place in the plan (0-based) and the World's reason. */
export interface Refusal {
  action: unknown;
  index: number;
  /** A `refusals.*` message (or plain text from a model not yet moved to messages). */
  error: RefusalReason;
}

export interface Plan<T> {
  start: WorldOverrides;
  actions: readonly unknown[];
  /** Judges the World the run left; `refused` is the action that stopped it, or null. */
  judge(world: World, refused: Refusal | null): T;
  /** When set, a starting state the World refuses is this result instead of a throw. */
  cannotStart?(error: string): T;
}

function open<T>(lab: Lab, plan: Plan<T>): { world: World } | { result: T } {
  if (!plan.cannotStart) return { world: World.create(configFor(lab, plan.start)) };
  try {
    return { world: World.create(configFor(lab, plan.start)) };
  } catch (error) {
    return { result: plan.cannotStart(error instanceof Error ? error.message : String(error)) };
  }
}

/** Plays a plan with `World.step` (a synchronous lab) and judges it; the World is disposed. */
export function runPlan<T>(lab: Lab, plan: Plan<T>): T {
  const opened = open(lab, plan);
  if ('result' in opened) return opened.result;
  const { world } = opened;
  try {
    // `World.step` only queues an asynchronous engine's work: judging that World would be a wrong verdict, not a slow one.
    if (isAsyncWorld(world)) throw new Error(`lab ${lab.id} steps asynchronously: use the async runner (runPlanAsync)`);
    for (const [index, action] of plan.actions.entries()) {
      const outcome = world.step(action);
      if (!outcome.ok) return plan.judge(world, { action, index, error: outcome.error });
    }
    return plan.judge(world, null);
  } finally {
    world.dispose();
  }
}

/** `runPlan` through `stepAsync`, for any lab (a synchronous one steps as in `runPlan`). */
export async function runPlanAsync<T>(lab: Lab, plan: Plan<T>): Promise<T> {
  const opened = open(lab, plan);
  if ('result' in opened) return opened.result;
  const { world } = opened;
  try {
    for (const [index, action] of plan.actions.entries()) {
      const outcome = await stepAsync(world, action);
      if (!outcome.ok) return plan.judge(world, { action, index, error: outcome.error });
    }
    return plan.judge(world, null);
  } finally {
    world.dispose();
  }
}
