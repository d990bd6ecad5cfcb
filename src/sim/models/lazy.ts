/**
 * Loading a model's code when its lab opens: one dynamic import() per model, so a bundler
 * puts each model (and what only it uses, e.g. LangGraph for `workflow`) in its own chunk.
 * Pass the result to the World: `World.create(config, { model: await loadModel(id) })`.
 *
 * This module imports no model statically. The synchronous registry (./index.ts: tests,
 * CLIs, and today the app's lab loader, which validates every lab's cards at start-up)
 * still imports them all; a page only gets separate chunks once nothing on its start-up
 * path imports ./index.ts (see src/sim/CONTEXT.md).
 */
import type { Model } from '../model';

const LOADERS: Readonly<Record<string, () => Promise<Model>>> = {
  fencing: async () => (await import('./fencing')).fencingModel as unknown as Model,
  authority: async () => (await import('./authority')).authorityModel as unknown as Model,
  refund: async () => (await import('./refund')).refundModel as unknown as Model,
  compensation: async () => (await import('./compensation')).compensationModel as unknown as Model,
  projection: async () => (await import('./projection')).projectionModel as unknown as Model,
  outage: async () => (await import('./outage')).outageModel as unknown as Model,
  workflow: async () => (await import('./workflow')).workflowModel as unknown as Model,
  matrix: async () => (await import('./matrix')).matrixModel as unknown as Model,
  matrix_langgraph: async () => (await import('./matrix')).matrixLangGraphModel as unknown as Model,
};

const loading = new Map<string, Promise<Model>>();

/** The model `id`, its code fetched on first use (once per page). */
export function loadModel(id: string): Promise<Model> {
  const loader = LOADERS[id];
  if (!loader) return Promise.reject(new Error(`unknown model '${id}' (known: ${lazyModelIds().join(', ')})`));
  let promise = loading.get(id);
  if (!promise) {
    promise = loader();
    promise.catch(() => loading.delete(id));
    loading.set(id, promise);
  }
  return promise;
}

export function lazyModelIds(): string[] {
  return Object.keys(LOADERS).sort();
}
