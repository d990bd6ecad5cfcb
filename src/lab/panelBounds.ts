/**
 * The Search panel's starting bounds per lab: deeper than the CI bounds (src/sim/explorer/
 * defaults.ts, which judge every design in CI), because the panel's exhaustive search runs
 * over a pool of Web Workers. Each depth is the deepest
 * the lab's own design completed within 20 s on ONE worker, unreduced, on a lightly loaded
 * two-core machine (`npm run explore -- <lab> --depth N --max-ms 20000`); the pool only
 * makes it sooner, so a student's first search ends with a claim, not a
 * limit, within the panel's time bound. `npm run bench` prints the current reach per lab.
 * Only depth rises; the rest of the environment (crashes, drops, clock moves) stays the
 * model's. An asynchronous engine (L05; L06 with the LangGraph executor) keeps its model's
 * bounds: a LangGraph run per step.
 */
import type { Bounds } from '../sim/explorer/bounds';
import { routeModel } from '../sim/models/matrix/route';

const PANEL_DEPTH: Readonly<Record<string, number>> = {
  L01: 6, L02: 5, L03: 5, L04: 6, L06: 5, L07: 8, L08: 12, L09: 4, L10: 5, L11: 5, L12: 6, L13: 7, L14: 7,
};

const ASYNC_MODELS = new Set(['workflow', 'matrix_langgraph']);

/** The panel's default bounds for `lab` under `switches` (empty: the model's own). */
export function panelBounds(lab: { id: string; model: string; world?: { switches?: Record<string, string> } }, switches: Record<string, string> = {}): Partial<Bounds> {
  const model = routeModel(lab.model, { ...lab.world?.switches, ...switches });
  const depth = PANEL_DEPTH[lab.id];
  return depth === undefined || ASYNC_MODELS.has(model) ? {} : { depth };
}
