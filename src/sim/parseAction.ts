/**
 * Parsing an action for a model without a World: lab files and cards are validated at load
 * time, before any database exists. The World parses with the same function.
 */
import type { Model, ModelAction, RefusalReason } from './model';
import { parseWorldAction, type WorldAction } from './worldActions';

export function parseActionFor(model: Model, raw: unknown): ModelAction | RefusalReason {
  const worldAction = parseWorldAction(raw);
  if (worldAction !== null) {
    if (typeof worldAction === 'string') return worldAction;
    return checkFaultPoint(model, worldAction) ?? (worldAction as WorldAction & ModelAction);
  }
  return model.parseAction(raw);
}

function checkFaultPoint(model: Model, action: WorldAction): string | null {
  if (action.type !== 'crash_at') return null;
  if (model.faultPoints.some((f) => f.point === action.point)) return null;
  return `unknown fault point '${action.point}' (known: ${model.faultPoints.map((f) => f.point).join(', ')})`;
}
