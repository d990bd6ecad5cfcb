/**
 * Actions every World understands, whatever the lab: time, the network, crashes.
 * Each accepts a short token or object (for cards and lab files) and the normalised
 * `{ type, … }` form the step log stores.
 */
import { msg, type Message } from '../core/message';
import type { ModelAction } from './model';

export type WorldAction =
  | { type: 'advance'; by: number }
  | { type: 'deliver'; frame?: number }
  | { type: 'drop'; frame?: number }
  | { type: 'duplicate'; frame?: number }
  | { type: 'crash_at'; point: string }
  | { type: 'restart'; node: string }
  | { type: 'partition'; nodes: [string, string] }
  | { type: 'heal' };

const WORLD_TYPES = new Set(['advance', 'deliver', 'drop', 'duplicate', 'crash_at', 'restart', 'partition', 'heal']);

/** The largest clock move one action may make: far past any lab's deadlines, far below where time stops being exact. */
export const MAX_ADVANCE = 1_000_000;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/**
 * Parses a World-level action. Returns the action, an error message for a malformed one,
 * or null when `raw` is not a World action at all (the model gets to try it then).
 */
export function parseWorldAction(raw: unknown): WorldAction | string | null {
  if (raw === 'tick') return { type: 'advance', by: 1 };
  if (raw === 'deliver_next') return { type: 'deliver' };
  if (raw === 'drop_next') return { type: 'drop' };
  if (raw === 'duplicate_next') return { type: 'duplicate' };
  if (raw === 'heal') return { type: 'heal' };
  if (!isRecord(raw)) return null;
  const entries = Object.keys(raw);
  if (typeof raw.type === 'string') {
    if (!WORLD_TYPES.has(raw.type)) return null;
    return fromShorthand(raw.type, raw[fieldOf(raw.type)], true);
  }
  if (entries.length !== 1) return null;
  const key = entries[0]!;
  if (!WORLD_TYPES.has(key)) return null;
  return fromShorthand(key, raw[key], false);
}

function fieldOf(type: string): string {
  switch (type) {
    case 'advance': return 'by';
    case 'crash_at': return 'point';
    case 'restart': return 'node';
    case 'partition': return 'nodes';
    default: return 'frame';
  }
}

function fromShorthand(type: string, value: unknown, normalised: boolean): WorldAction | string {
  switch (type) {
    case 'advance':
      return isCount(value) && value > 0 && value <= MAX_ADVANCE ? { type, by: value }
        : `advance needs a whole number of ticks from 1 to ${MAX_ADVANCE}, got ${JSON.stringify(value)}`;
    case 'crash_at':
      return typeof value === 'string' && value ? { type, point: value } : 'crash_at needs a fault point name';
    case 'restart':
      return typeof value === 'string' && value ? { type, node: value } : 'restart needs a node name';
    case 'partition':
      return Array.isArray(value) && value.length === 2 && value.every((n) => typeof n === 'string')
        ? { type, nodes: [value[0], value[1]] as [string, string] } : 'partition needs two node names, e.g. ["authority", "worker"]';
    case 'heal':
      return { type };
    case 'deliver':
    case 'drop':
    case 'duplicate':
      if (value === undefined && normalised) return { type };
      return isCount(value) ? { type, frame: value } : `${type} needs a frame number, got ${JSON.stringify(value)}`;
    default:
      return `unknown action ${type}`;
  }
}

export function isWorldAction(action: ModelAction): action is WorldAction & ModelAction {
  return WORLD_TYPES.has(action.type);
}

/**
 * A World action's label as a message (namespace `steps`, src/lab/messages/<locale>/steps.json);
 * `frame` absent means "the next frame".
 */
export function describeWorldAction(action: WorldAction): Message {
  switch (action.type) {
    case 'advance': return msg('steps.advance', { by: action.by });
    case 'deliver': return action.frame === undefined ? msg('steps.deliver_next') : msg('steps.deliver', { frame: action.frame });
    case 'drop': return action.frame === undefined ? msg('steps.drop_next') : msg('steps.drop', { frame: action.frame });
    case 'duplicate': return action.frame === undefined ? msg('steps.duplicate_next') : msg('steps.duplicate', { frame: action.frame });
    case 'crash_at': return msg('steps.crash_at', { point: action.point });
    case 'restart': return msg('steps.restart', { node: action.node });
    case 'partition': return msg('steps.partition', { a: action.nodes[0], b: action.nodes[1] });
    case 'heal': return msg('steps.heal');
  }
}
