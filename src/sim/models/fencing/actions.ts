/**
 * The fencing lab's action vocabulary (documented in labs/L07/README.md).
 *
 * Tokens: `A_acquire`, `A_renew`, `A_release`, `A_write`, `A_pause`, `A_wake`, `A_resend`
 * (sends again a write that got no verdict; and the same for B). The SPEC 9.7 card object `{"token","current","now","lease_until"}` is a
 * probe: it sets the authority to fence `current` until `lease_until`, moves the clock to
 * `now`, and presents a write carrying `token`.
 */
import { msg, type Message } from '../../../core/message';

export const WORKERS = ['A', 'B'] as const;
export type WorkerId = (typeof WORKERS)[number];

const VERBS = ['acquire', 'renew', 'release', 'write', 'pause', 'wake', 'resend'] as const;
export type WorkerVerb = (typeof VERBS)[number];

export type FencingAction =
  | { type: WorkerVerb; worker: WorkerId }
  | { type: 'probe'; token: number | null; current: number; now: number; lease_until: number };

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseFencingAction(raw: unknown): FencingAction | string {
  if (typeof raw === 'string') {
    const match = /^([AB])_([a-z]+)$/.exec(raw);
    if (match && (VERBS as readonly string[]).includes(match[2]!)) {
      return { type: match[2] as WorkerVerb, worker: match[1] as WorkerId };
    }
    return `unknown action '${raw}' (expected e.g. A_acquire, B_write, tick, deliver_next)`;
  }
  if (!isRecord(raw)) return `an action must be a token string or an object, got ${JSON.stringify(raw)}`;
  if (typeof raw.type === 'string' && (VERBS as readonly string[]).includes(raw.type)) {
    return (WORKERS as readonly unknown[]).includes(raw.worker)
      ? { type: raw.type as WorkerVerb, worker: raw.worker as WorkerId }
      : `action ${raw.type} needs worker A or B`;
  }
  if ('current' in raw || 'token' in raw) return parseProbe(raw);
  return `unknown action ${JSON.stringify(raw)}`;
}

function parseProbe(raw: Record<string, unknown>): FencingAction | string {
  const { token, current, now, lease_until: leaseUntil } = raw;
  if (!(token === null || isInt(token))) return 'probe: token must be a whole number or null';
  if (!isInt(current) || current < 1) return 'probe: current must be a positive whole number';
  if (!isInt(now)) return 'probe: now must be a whole number';
  if (!isInt(leaseUntil)) return 'probe: lease_until must be a whole number';
  return { type: 'probe', token, current, now, lease_until: leaseUntil };
}

/** The action's label as a message (namespace `actions`, src/lab/messages/<locale>/actions.json). */
export function describeFencingAction(action: FencingAction): Message {
  if (action.type === 'probe') return msg('actions.fencing.probe', { token: action.token, current: action.current, now: action.now, lease_until: action.lease_until });
  return msg(`actions.fencing.${action.type}`, { worker: action.worker });
}
