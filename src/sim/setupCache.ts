/**
 * Post-setup images, cached per model and config: opening a World from them costs a few
 * database opens instead of running every node's DDL and the model's setup again (a switch
 * flip, a replay, a fork of a fresh World, the explorer's restarts).
 *
 * Keyed by the model OBJECT, then by seed + starting state + switches, so a test's broken
 * variant of a model never shares images with the real one. Small and bounded: the oldest
 * config of a model is forgotten first.
 */
import type { Model } from './model';
import type { StoreImage, WorldState } from './history';
import type { TraceEntry } from './world';

export interface SetupImages {
  images: ReadonlyMap<string, Uint8Array>;
  state: WorldState;
  /** Trace entry 0, shared by every World opened from these images (entries are never mutated). */
  entry: TraceEntry;
}

const PER_MODEL = 32;

class SetupCache {
  private readonly byModel = new WeakMap<Model, Map<string, SetupImages>>();

  key(seed: number, initial: unknown, switches: Readonly<Record<string, string>>): string {
    return JSON.stringify([seed, initial, Object.entries(switches).sort(([a], [b]) => (a < b ? -1 : 1))]);
  }

  get(model: Model, key: string): SetupImages | undefined {
    return this.byModel.get(model)?.get(key);
  }

  /** Files a config's post-setup images; returns the entry (its World keeps it for forks). */
  put(model: Model, key: string, images: ReadonlyMap<string, StoreImage>, state: WorldState, entry: TraceEntry): SetupImages {
    let map = this.byModel.get(model);
    if (!map) this.byModel.set(model, (map = new Map()));
    if (map.size >= PER_MODEL) map.delete(map.keys().next().value as string);
    const filed: SetupImages = { images: new Map([...images].map(([id, s]) => [id, s.image])), state, entry };
    map.set(key, filed);
    return filed;
  }
}

export const setupCache = new SetupCache();
