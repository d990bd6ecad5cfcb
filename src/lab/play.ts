/**
 * Playing a run in a fresh World and judging where it ends — written once for every lab.
 * An exercise check (exercises/check.ts) and a card (cards.ts) are each a `Plan`: where the
 * World starts, the actions, and how to judge the World the run leaves. Both runners open
 * the lab with the headless driver (src/lab/driver: a LabSession, as the page opens it) and
 * take the plan's actions as the page would, each step awaited (an asynchronous engine, L05's
 * LangGraph, runs inside it; a synchronous lab's step has settled at once), so both kinds of
 * lab get the same verdicts from the same runner.
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
async function open<T>(lab: Lab, plan: Plan<T>): Promise<{ driver: LabDriver } | { result: T }> {
  const driver = LabDriver.start(lab, plan.start);
  try {
    await driver;
    return { driver };
  } catch (error) {
    driver.dispose();
    if (!plan.cannotStart) throw error;
    return { result: plan.cannotStart(error instanceof Error ? error.message : String(error)) };
  }
}

/** Plays a plan in a fresh session of the lab and judges where it ends; the lab is disposed. */
export async function runPlan<T>(lab: Lab, plan: Plan<T>): Promise<T> {
  const opened = await open(lab, plan);
  if ('result' in opened) return opened.result;
  const { driver } = opened;
  try {
    for (const [index, action] of plan.actions.entries()) {
      const error = await driver.attempt(action);
      if (error !== null) return plan.judge(driver.world, { action, index, error });
    }
    return plan.judge(driver.world, null);
  } finally {
    driver.dispose();
  }
}
