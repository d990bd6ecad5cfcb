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

export function describeRefundAction(action: RefundAction): string {
  switch (action.type) {
    case 'approve': return 'A supervisor approves the refund';
    case 'duplicate_approval': return 'The same approval is delivered again';
    case 'expire': return 'The approval expires';
    case 'edit_order': return 'The order is edited (new version)';
    case 'lose_request': return 'The next request to the provider will be lost';
    case 'lose_response': return "The provider's next response will be lost";
    case 'resubmit_changed': return 'The caller re-submits the operation with a different amount';
    case 'resolve_manually': return 'An operator reconciles the parked operation against the provider';
    case 'submit': return `${action.worker} submits the refund`;
    case 'retry': return `${action.worker} retries`;
    case 'crash_before_commit': return `${action.worker} submits and crashes before the refund commits, then restarts`;
    case 'crash_after_commit': return `${action.worker} submits; the refund commits; ${action.worker} crashes before saving the answer, then restarts`;
    case 'takeover': return `${action.worker} takes the operation over under a higher epoch`;
    case 'pause_before_dispatch': return `${action.worker} persists the intent, then stalls before checking its epoch and sending`;
    case 'pause_after_fence_check': return `${action.worker} persists the intent, passes the epoch check, then stalls before sending`;
    case 'wake': return `${action.worker} wakes and carries on with the send it was about to make`;
  }
}
