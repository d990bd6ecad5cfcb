/**
 * The palette buttons the World a learner is in can run. A lab's palette may hold actions
 * of more than one model — L06's offers both executors' (src/sim/models/matrix/route.ts),
 * since its Executor switch picks the model — so the page shows only those the model the
 * current switches pick understands: its own vocabulary, and World actions naming one of
 * its fault points or nodes. Every other lab keeps its whole palette (its one model parses
 * every button: the loader checked that).
 */
import { getModel } from './models';
import { parseActionFor } from '../sim/parseAction';
import { isRefusal } from '../sim/model';
import { configFor } from './config';
import type { Lab, PaletteEntry } from './schema';

export function offeredActions(lab: Lab, switches: Readonly<Record<string, string>>): PaletteEntry[] {
  const config = configFor(lab, { switches: { ...switches } });
  const model = getModel(config.model);
  const nodes = new Set(model.nodes(config.switches).map((n) => n.id));
  return lab.actions.filter((entry) => {
    const parsed = parseActionFor(model, entry.action);
    if (isRefusal(parsed)) return false;
    return parsed.type !== 'restart' || nodes.has(String(parsed.node));
  });
}
