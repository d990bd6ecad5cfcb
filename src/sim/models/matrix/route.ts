/**
 * L06's executor switch picks the World's MODEL: the fault matrix runs against the
 * hand-written executor (`matrix`: the refund model) or the refund as a LangGraph.js graph
 * (`matrix_langgraph`: the workflow model). A World has one model — its nodes, edges,
 * actions and whether it steps asynchronously all come from it — so the switch cannot live
 * inside one model; `configFor` (src/lab/config.ts) routes by it instead.
 *
 * Pure data: the lab layer imports this on its start-up path without loading any model.
 */

export const EXECUTOR_SWITCH_KEY = 'executor';

/** Lab model id → the model each executor value selects. */
const ROUTES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  matrix: { handwritten: 'matrix', langgraph: 'matrix_langgraph' },
  matrix_langgraph: { handwritten: 'matrix', langgraph: 'matrix_langgraph' },
};

/** The model a World of `modelId` runs under `switches` (a model without routes: itself). */
export function routeModel(modelId: string, switches: Readonly<Record<string, string>>): string {
  const routes = ROUTES[modelId];
  if (!routes) return modelId;
  return routes[switches[EXECUTOR_SWITCH_KEY] ?? ''] ?? modelId;
}

/** Every model a lab naming `modelId` can run (itself first). */
export function routedModels(modelId: string): string[] {
  return [...new Set([modelId, ...Object.values(ROUTES[modelId] ?? {})])];
}
