/** Messages between the Search panel and its Web Workers (plain JSON, structured-clone safe). */
import type { Bounds } from '../../sim/explorer/bounds';
import type { ExploreResult, Progress } from '../../sim/explorer/result';
import type { Lab } from '../../lab/schema';

export interface SearchRequest {
  type: 'run';
  lab: Lab;
  switches: Record<string, string>;
  initial?: Record<string, unknown>;
  prefix?: unknown[];
  bounds: Partial<Bounds>;
  swarm?: { seed: number; runs: number; from: number };
  /** Also check that every reached state recovers (exhaustive search only). */
  recover?: boolean;
  /** Exhaustive search: how many pool workers to run it over (1: in the search worker itself). */
  workers?: number;
}

/** Sent while a run is going on: end it where it is and post what it covered (a result with `stoppedBy: 'cancelled'`). */
export interface StopRequest { type: 'stop' }

export type SearchReply =
  | { type: 'progress'; progress: Progress }
  | { type: 'result'; result: ExploreResult & { workers?: number }; cards: Record<string, unknown>[] }
  | { type: 'error'; message: string };
