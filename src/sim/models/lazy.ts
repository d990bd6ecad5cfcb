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
import { registered, type Model } from '../model';

const LOADERS: Readonly<Record<string, () => Promise<Model>>> = {
  fencing: async () => registered((await import('./fencing')).fencingModel),
  authority: async () => registered((await import('./authority')).authorityModel),
  refund: async () => registered((await import('./refund')).refundModel),
  compensation: async () => registered((await import('./compensation')).compensationModel),
  projection: async () => registered((await import('./projection')).projectionModel),
  outage: async () => registered((await import('./outage')).outageModel),
  workflow: async () => registered((await import('./workflow')).workflowModel),
  matrix: async () => registered((await import('./matrix')).matrixModel),
  matrix_langgraph: async () => registered((await import('./matrix')).matrixLangGraphModel),
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
