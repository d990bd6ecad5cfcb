/**
 * Search over a lab (src/sim/explorer): its World config with switch overrides, its
 * default bounds, every design configuration its switches offer, and counterexamples as
 * cards. Used by `npm run explore`, `npm run soak`, the Search panel's worker and the
 * repair checker.
 *
 * A lab whose configuration runs an asynchronous model (L05; L06 with the LangGraph
 * executor, src/sim/models/matrix/route.ts) is searched with `searchLab`, which awaits
 * the engine inside each step; it takes any lab, so callers that may meet either use it.
 */
import { isAsyncModel } from '../sim/asyncStep';
import { boundsWith, type Bounds } from '../sim/explorer/bounds';
import { MODEL_BOUNDS } from '../sim/explorer/defaults';
import { explore, exploreAsync } from '../sim/explorer/explore';
import { exploreParallel, type ExpandPool } from '../sim/explorer/parallel';
import { counterexampleCard, type Counterexample, type ExploreResult, type Progress } from '../sim/explorer/result';
import { formatMessage } from './i18n/catalogRegistry';
import { swarm, swarmAsync } from '../sim/explorer/swarm';
import type { Model, SwitchOption } from '../sim/model';
import { getModel } from './models';
import { routeModel } from '../sim/models/matrix/route';
import type { WorldConfig } from '../sim/world';
import { switchesOf } from '../sim/switches';
import { configFor } from './config';
import type { Lab } from './schema';

export interface LabSearch {
  switches?: Record<string, string>;
  initial?: Record<string, unknown>;
  prefix?: unknown[];
  bounds?: Partial<Bounds>;
  /** Random walks instead of exhaustive search. */
  swarm?: { seed: number; runs: number; from?: number };
  stopAtFirst?: boolean;
  /** Exhaustive search only: also check that every reached state recovers (src/sim/explorer/recover.ts). */
  recover?: boolean;
  /** Exhaustive search only: partial-order reduction (src/sim/explorer/footprint.ts): same verdicts, fewer transitions. */
  reduce?: boolean;
  now?: () => number;
  onProgress?: (progress: Progress) => void;
  /** Exhaustive search: progress every this many transitions (default 500; an asynchronous step costs ≈10 ms). */
  progressEvery?: number;
  /** True ends the search where it is, with what it covered (`stoppedBy: 'cancelled'`). */
  stop?: () => boolean;
}

/**
 * The lab's default bounds (the entry of the model its switches pick — L06's LangGraph
 * executor has its own — over the general defaults), with overrides.
 */
export function labBounds(lab: Pick<Lab, 'model'> & { world?: Pick<Lab['world'], 'switches'> }, overrides: Partial<Bounds> = {},
  switches: Record<string, string> = {}): Bounds {
  const model = routeModel(lab.model, { ...lab.world?.switches, ...switches });
  return boundsWith({ ...MODEL_BOUNDS[model], ...overrides });
}

/** Why a lab's model cannot be searched yet, or null when it can (asynchronous models too). */
export function unsearchable(modelId: string): string | null {
  const model = getModel(modelId);
  const missing = [!model.enabled && 'enabled()', !model.fingerprint && 'fingerprint()'].filter(Boolean);
  return missing.length ? `model '${modelId}' has no ${missing.join(' and ')} search hook yet` : null;
}

/** Whether this lab, with these switches, runs an asynchronous model (its search must be awaited). */
export function isAsyncSearch(lab: Lab, switches: Record<string, string> = {}): boolean {
  return isAsyncModel(getModel(configFor(lab, { switches }).model));
}

function prepare(lab: Lab, options: LabSearch): { config: WorldConfig; common: Parameters<typeof explore>[0] } {
  const config = configFor(lab, { switches: options.switches, initial: options.initial });
  const bounds = labBounds(lab, options.bounds, options.switches);
  return { config, common: { config, prefix: options.prefix, bounds, now: options.now, onProgress: options.onProgress, progressEvery: options.progressEvery, stop: options.stop } };
}

/**
 * Search over any lab on this thread: a synchronous model's search runs at once (the
 * explorer's generator driven synchronously, src/sim/explorer/drive.ts); an asynchronous
 * model's engine is awaited inside each step.
 */
export async function searchLab(lab: Lab, options: LabSearch = {}): Promise<ExploreResult> {
  const { config, common } = prepare(lab, options);
  const run = { ...common, stopAtFirst: options.stopAtFirst, recover: options.recover, reduce: options.reduce };
  if (!isAsyncModel(getModel(config.model))) return options.swarm ? swarm({ ...common, ...options.swarm }) : explore(run);
  return options.swarm ? swarmAsync({ ...common, ...options.swarm }) : exploreAsync(run);
}

/**
 * Exhaustive search over a pool of workers (src/sim/explorer/parallel.ts): the same result
 * as `searchLab` on one thread, plus how many workers ran it. Each worker takes the
 * model from its own registry.
 */
export async function searchLabParallel(lab: Lab, options: Omit<LabSearch, 'swarm'>, pool: ExpandPool): Promise<ExploreResult & { workers: number }> {
  const { config, common } = prepare(lab, options);
  return exploreParallel({
    ...common, stopAtFirst: options.stopAtFirst, recover: options.recover, reduce: options.reduce,
    asynchronous: isAsyncModel(getModel(config.model)),
  }, pool);
}

/** A counterexample as a card for this lab (replays to the broken state). */
export function labCard(lab: Lab, result: ExploreResult, found: Counterexample, initial?: Record<string, unknown>): Record<string, unknown> {
  const card = counterexampleCard(lab.id, configFor(lab, { switches: result.switches, initial }), found, result.boundsText, (v) => formatMessage(v));
  return initial ? { ...card, initial } : card;
}

export interface Design {
  /** Every switch of the model, set. */
  switches: Record<string, string>;
  /** 'wrong' if any chosen option is presented as wrong, 'right' if any is right and none wrong, else null. */
  presented: 'right' | 'wrong' | null;
  /** The options presented as wrong in this design. */
  wrong: string[];
}

/** Every design configuration the model's switches offer (the network switch included). */
export function designs(modelOrId: Model | string): Design[] {
  const model = typeof modelOrId === 'string' ? getModel(modelOrId) : modelOrId;
  let out: { switches: Record<string, string>; options: SwitchOption[]; keys: string[] }[] = [{ switches: {}, options: [], keys: [] }];
  for (const spec of switchesOf(model)) {
    out = out.flatMap((partial) => spec.options.map((option) => ({
      switches: { ...partial.switches, [spec.key]: option.value },
      options: [...partial.options, option],
      keys: [...partial.keys, `${spec.key}=${option.value}`],
    })));
  }
  return out.map(({ switches, options, keys }) => {
    const wrong = keys.filter((_, i) => options[i]!.presented === 'wrong');
    const right = options.some((o) => o.presented === 'right');
    return { switches, presented: wrong.length ? 'wrong' : right ? 'right' : null, wrong };
  });
}
