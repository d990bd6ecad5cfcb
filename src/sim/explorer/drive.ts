/**
 * One search, two ways of stepping. A search is written ONCE as a generator that yields
 * requests ("open this path", "probe this action", "replay this step log", "step this
 * World") and gets the answers back; `driveSync` answers them with synchronous Worlds
 * (World.step, World.probe, World.replay), `driveAsync` with Worlds whose model awaits an
 * engine (runStep, replaySteps, asyncSpace.ts). The frontier, the visited set, the bounds,
 * the walks and the counterexamples never know which.
 */
import type { ModelAction } from '../model';
import type { StepOutcome, World, WorldConfig } from '../world';

/** What a search asks for. `open` / `probe` go to a search space (space.ts, asyncSpace.ts). */
export type SearchRequest =
  | { kind: 'open'; path: readonly ModelAction[] }
  | { kind: 'probe'; world: World; action: ModelAction; visit: (child: World, outcome: StepOutcome) => unknown }
  | { kind: 'replay'; config: WorldConfig; actions: readonly unknown[] }
  | { kind: 'step'; world: World; action: unknown };

export type Search<R> = Generator<SearchRequest, R, unknown>;

/** Answers each request at once; a thrown error is thrown back INTO the search at its yield. */
export function driveSync<R>(search: Search<R>, answer: (request: SearchRequest) => unknown): R {
  let next = search.next();
  while (!next.done) {
    let value: unknown;
    try {
      value = answer(next.value);
    } catch (error) {
      next = search.throw(error);
      continue;
    }
    next = search.next(value);
  }
  return next.value;
}

/** The same, awaiting each answer. */
export async function driveAsync<R>(search: Search<R>, answer: (request: SearchRequest) => unknown): Promise<R> {
  let next = search.next();
  while (!next.done) {
    let value: unknown;
    try {
      value = await answer(next.value);
    } catch (error) {
      next = search.throw(error);
      continue;
    }
    next = search.next(value);
  }
  return next.value;
}

// Inside a search: `const world = yield* open(path)` and so on.
export function* open(path: readonly ModelAction[]): Search<World> {
  return (yield { kind: 'open', path }) as World;
}

export function* probe<T>(world: World, action: ModelAction, visit: (child: World, outcome: StepOutcome) => T): Search<T> {
  return (yield { kind: 'probe', world, action, visit }) as T;
}

export function* replay(config: WorldConfig, actions: readonly unknown[]): Search<World> {
  return (yield { kind: 'replay', config, actions }) as World;
}

export function* step(world: World, action: unknown): Search<StepOutcome> {
  return (yield { kind: 'step', world, action }) as StepOutcome;
}
