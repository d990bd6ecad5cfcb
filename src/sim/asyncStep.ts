/**
 * Stepping any World to rest: `runStep` for one step, `replaySteps` for a run. The lab
 * session, the driver and replays step every lab this way (a synchronous model's step has
 * settled when its promise is made); the explorer's generator is the one place that steps
 * a synchronous World directly (src/sim/explorer/drive.ts).
 *
 * An asynchronous engine (LangGraph.js in L05/L06): the World itself stays synchronous. An async model's synchronous hooks (apply, receive,
 * afterAdvance, afterRestart) only QUEUE work; `runStep` runs the ordinary `step`, then
 * takes the queued jobs one by one and awaits each INSIDE the same trace entry
 * (`World.continueStep`), delivering frames after each, until no job is left. Every await
 * is drained before the step ends, so the next step, `observe`, the invariants and the
 * fingerprint see a quiet World; same seed + same actions ⇒ the same database bytes (the
 * LangGraph saver stores the engine's wall-clock ids and timestamps under sequence names).
 *
 * A crash inside a job (a CrashSignal from a fault point) is recorded like a crash in
 * `step`. Whatever the dead incarnation still had in flight is the model's business to
 * abandon (see src/core/workflow: the saver refuses a dead incarnation).
 *
 * When a step has settled, `runStep` asks the model whether it is `quiet` (nothing of it
 * lives outside the World): only then do undo and fork restore the whole state — the
 * explorer (src/sim/explorer/asyncSpace.ts) replays instead where it is not.
 */
import { reasonKeyText, type Model, type ModelContext, type RefusalReason } from './model';
import { World, type TraceEntry, type WorldConfig, type WorldOptions } from './world';

/** What an asynchronous model adds to the contract. */
export interface AsyncModelHooks {
  /** Takes the next queued job of this World (or null) — must not mutate anything else. */
  takeJob(ctx: ModelContext): (() => Promise<void>) | null;
  /**
   * Asked when a step has settled: true when nothing of the model lives outside the World
   * now (no promise parked mid-node, no queued answer) — everything is in the databases,
   * the memo and the World's own state, so an undo or a fork restores it exactly. A model
   * without this hook is taken as never quiet (the explorer then replays instead of undoing).
   */
  quiet?(ctx: ModelContext): boolean;
}

/** A settled step, and whether the model was quiet after it (always true for a synchronous model). */
export type AsyncStepOutcome = { ok: true; entry: TraceEntry; quiet: boolean } | { ok: false; error: RefusalReason };

/** Jobs one step may run, at most (a job that keeps queueing itself is a bug). */
const MAX_JOBS_PER_STEP = 100;

export function isAsyncModel(model: Model): model is Model & AsyncModelHooks {
  return typeof (model as Partial<AsyncModelHooks>).takeJob === 'function';
}

export function isAsyncWorld(world: World): boolean {
  return isAsyncModel(world.model);
}

/** `world.step(raw)`, then every job it queued, awaited inside the same trace entry. */
export async function runStep(world: World, raw: unknown): Promise<AsyncStepOutcome> {
  const outcome = world.step(raw);
  if (!outcome.ok) return outcome;
  if (!isAsyncModel(world.model)) return { ...outcome, quiet: true };
  const model = world.model;
  for (let i = 0; i < MAX_JOBS_PER_STEP; i++) {
    let ran = false;
    let quiet = false;
    const entry = await world.continueStep(async (ctx) => {
      const job = model.takeJob(ctx);
      if (!job) {
        // The step has settled: the one moment the model's runtime can be judged.
        quiet = model.quiet ? model.quiet(ctx) : false;
        return;
      }
      ran = true;
      await job();
      ctx.settle();
    });
    if (!ran) return { ok: true, entry, quiet };
  }
  throw new Error(`asyncStep: more than ${MAX_JOBS_PER_STEP} jobs in one step (a job queueing itself?)`);
}

/**
 * `World.replay` for any model: steps through `runStep`. Throws if a step no longer applies.
 * `pause`, asked after each step, may return a promise to await before the next one (the
 * page's pacer: src/lab/pacer.ts); the steps are the same either way.
 */
export async function replaySteps(config: WorldConfig, actions: readonly unknown[], options: WorldOptions = {}, pause?: () => Promise<void> | null): Promise<World> {
  const world = World.create(config, options);
  for (const [i, action] of actions.entries()) {
    if (i > 0) await pause?.();
    const outcome = await runStep(world, action).catch((error: unknown) => ({ ok: false as const, error: error instanceof Error ? error.message : String(error) }));
    if (!outcome.ok) {
      world.dispose();
      throw new Error(`replay step ${i + 1}: ${reasonKeyText(outcome.error)}`);
    }
  }
  return world;
}
