/**
 * The refund course's action vocabulary (documented in each lab's README):
 * `approve`, `duplicate_approval`, `expire`, `edit_order`, `submit`, `retry`,
 * `crash_before_commit`, `crash_after_commit` (SPEC 9.1 card tokens: submit with a crash
 * on the worker before / after the refund commits, then the worker restarts),
 * `lose_request`, `lose_response`, `resubmit_changed`, `takeover`, `resolve_manually`,
 * `pause_before_dispatch` and `pause_after_fence_check` (a worker stalls holding a prepared
 * send, before or after checking its epoch in the shop) and `wake` (it resumes).
 * `submit`, `retry`, `takeover` also take `{"<verb>": {"worker": "worker-2"}}`.
 */
import { msg, type Message } from '../../../core/message';

export const WORKERS = ['worker-1', 'worker-2'] as const;
export type WorkerId = (typeof WORKERS)[number];

const SIMPLE = ['approve', 'duplicate_approval', 'expire', 'edit_order', 'lose_request', 'lose_response', 'resubmit_changed', 'resolve_manually'] as const;
const BY_WORKER = ['submit', 'retry', 'crash_before_commit', 'crash_after_commit', 'takeover', 'pause_before_dispatch', 'pause_after_fence_check', 'wake'] as const;

export type RefundAction =
  | { type: (typeof SIMPLE)[number] }
  | { type: (typeof BY_WORKER)[number]; worker: WorkerId };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseRefundAction(raw: unknown): RefundAction | string {
  if (typeof raw === 'string') {
    if ((SIMPLE as readonly string[]).includes(raw)) return { type: raw as (typeof SIMPLE)[number] };
    if ((BY_WORKER as readonly string[]).includes(raw)) return { type: raw as (typeof BY_WORKER)[number], worker: raw === 'takeover' ? 'worker-2' : 'worker-1' };
    return `unknown action '${raw}' (expected one of ${[...SIMPLE, ...BY_WORKER].join(', ')})`;
  }
  if (!isRecord(raw)) return `an action must be a token or an object, got ${JSON.stringify(raw)}`;
  const [verb, arg] = typeof raw.type === 'string' ? [raw.type, raw] : Object.entries(raw)[0] ?? ['', undefined];
  if ((SIMPLE as readonly string[]).includes(verb)) return { type: verb as (typeof SIMPLE)[number] };
  if ((BY_WORKER as readonly string[]).includes(verb)) {
    const worker = isRecord(arg) ? arg.worker : undefined;
    return (WORKERS as readonly unknown[]).includes(worker) ? { type: verb as (typeof BY_WORKER)[number], worker: worker as WorkerId } : `${verb} needs worker worker-1 or worker-2`;
  }
  return `unknown action ${JSON.stringify(raw)}`;
}

/** The action's label as a message (namespace `actions`, src/lab/messages/<locale>/actions.json). */
export function describeRefundAction(action: RefundAction): Message {
  return 'worker' in action ? msg(`actions.refund.${action.type}`, { worker: action.worker }) : msg(`actions.refund.${action.type}`);
}
