/**
 * Playing a run in a fresh World and judging where it ends — written once for every lab.
 * An exercise check (exercises/check.ts) and a card (cards.ts) are each a `Plan`: where the
 * World starts, the actions, and how to judge the World the run leaves. Both runners open
 * the lab with the headless driver (src/lab/driver: a LabSession, as the page opens it) and
 * take the plan's actions as the page would: `runPlan` for a synchronous lab, `runPlanAsync`
 * awaiting an asynchronous engine (L05) inside each step. Only the stepping differs, so
 * both kinds of lab get the same verdicts.
 */
import { LabDriver } from './driver';
import type { World } from '../sim/world';
import type { WorldOverrides } from './config';
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

/** The lab at the plan's start; a start the World refuses is `cannotStart`'s result where the plan has one. */
function open<T>(lab: Lab, plan: Plan<T>): { driver: LabDriver } | { result: T } {
  if (!plan.cannotStart) return { driver: LabDriver.start(lab, plan.start) };
  try {
    return { driver: LabDriver.start(lab, plan.start) };
  } catch (error) {
    return { result: plan.cannotStart(error instanceof Error ? error.message : String(error)) };
  }
}

/** Plays a plan in a synchronous lab and judges it; the lab is disposed. */
export function runPlan<T>(lab: Lab, plan: Plan<T>): T {
  const opened = open(lab, plan);
  if ('result' in opened) return opened.result;
  const { driver } = opened;
  try {
    // An asynchronous engine's steps only queue: judging that World would be a wrong verdict, not a slow one.
    if (driver.async) throw new Error(`lab ${lab.id} steps asynchronously: use the async runner (runPlanAsync)`);
    for (const [index, action] of plan.actions.entries()) {
      const error = driver.attempt(action);
      if (error !== null) return plan.judge(driver.world, { action, index, error });
    }
    return plan.judge(driver.world, null);
  } finally {
    driver.dispose();
  }
}

/** `runPlan` for any lab: each step of an asynchronous one is awaited (a synchronous one steps as in `runPlan`). */
export async function runPlanAsync<T>(lab: Lab, plan: Plan<T>): Promise<T> {
  const opened = open(lab, plan);
  if ('result' in opened) return opened.result;
  const { driver } = opened;
  try {
    for (const [index, action] of plan.actions.entries()) {
      const error = await driver.attemptAsync(action);
      if (error !== null) return plan.judge(driver.world, { action, index, error });
    }
    return plan.judge((await driver.idle()).world, null);
  } finally {
    driver.dispose();
  }
}
