/**
 * Every move the Search panel's explorer may take from the current state that the lab's
 * palette has no button for: a counterexample is made of these, so a student must be able
 * to take each of its steps by hand too. Business moves the model offers (a takeover, a
 * lookup) come apart from what the environment does (deliver, drop or duplicate a frame in
 * flight, arm a crash point, restart a node, cut or heal a link, move the clock), and each
 * comes with its words, the way a counterexample's steps are described.
 */
import { EMPTY_BUDGET } from '../sim/explorer/budget';
import { worldEnabled } from '../sim/explorer/enabled';
import type { Message } from '../core/message';
import type { ModelAction } from '../sim/model';
import { parseActionFor } from '../sim/parseAction';
import { describeWorldAction, isWorldAction } from '../sim/worldActions';
import type { World } from '../sim/world';
import canonicalize from 'canonicalize';
import { labBounds } from './search';
import type { Lab, PaletteEntry } from './schema';

export interface OtherMove {
  /** The step as the World takes it (a model action or a World action). */
  action: ModelAction;
  /** What it does, in words (a message for the page's language). */
  words: Message;
  kind: 'business' | 'environment';
}

const key = (action: unknown) => canonicalize(action) ?? '';

/**
 * The moves the search could take from `world` (within the lab's search bounds, nothing of
 * its fault budget spent) that no palette entry makes. Empty for a model without search hooks.
 */
export function otherMoves(lab: Lab, world: World, palette: readonly PaletteEntry[]): OtherMove[] {
  if (!world.model.enabled) return [];
  const onPalette = new Set(palette.map((entry) => key(parseActionFor(world.model, entry.action))));
  const bounds = labBounds(lab, {}, world.config.switches);
  const out: OtherMove[] = [];
  const seen = new Set<string>();
  for (const action of worldEnabled(world, bounds, EMPTY_BUDGET)) {
    const k = key(action);
    if (onPalette.has(k) || seen.has(k)) continue;
    seen.add(k);
    const environment = isWorldAction(action);
    out.push({
      action,
      words: environment ? describeWorldAction(action) : world.model.describeAction(action),
      kind: environment ? 'environment' : 'business',
    });
  }
  return out;
}
