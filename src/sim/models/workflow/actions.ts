/**
 * The LangGraph workflow's action vocabulary (L05): `ask` (the customer asks for a refund:
 * a run starts and stops at the approval breakpoint), `approve` (the approval event),
 * `duplicate_approval` (the same approval event delivered again), `retry` (resume a run
 * that failed), `shop_unavailable` (the shop read of the next run fails once — a node
 * failure, not a crash), `lose_response` (the provider's next answer is lost). Crashes and
 * restarts are the World's own `{"crash_at": point}` and `{"restart": "A"}`.
 * For L06's fault matrix: `grant` (the approval is recorded in the shop, its event has not
 * reached the worker yet — `retry` delivers it), `expire`, `edit_order`, `resubmit_changed`
 * (the caller re-submits the intent with another amount), `approve_to_two` (the approval
 * event reaches two workers, which resume the same thread at once), and fault 6:
 * `stall_after_check` (A's next submit node stalls after its epoch check, request built),
 * `takeover` (worker B takes the operation over — owner epoch + 1 — and resumes the thread
 * from the same checkpoints), `wake` (A's stalled run carries on and sends).
 */
export const WORKFLOW_ACTIONS = [
  'ask', 'approve', 'duplicate_approval', 'retry', 'shop_unavailable', 'lose_response',
  'grant', 'expire', 'edit_order', 'resubmit_changed', 'approve_to_two',
  'stall_after_check', 'takeover', 'wake',
] as const;
export type WorkflowAction = { type: (typeof WORKFLOW_ACTIONS)[number] };

export function parseWorkflowAction(raw: unknown): WorkflowAction | string {
  const verb = typeof raw === 'string' ? raw
    : typeof raw === 'object' && raw !== null && typeof (raw as { type?: unknown }).type === 'string' ? (raw as { type: string }).type : null;
  if (verb !== null && (WORKFLOW_ACTIONS as readonly string[]).includes(verb)) return { type: verb as WorkflowAction['type'] };
  return `unknown action ${JSON.stringify(raw)} (expected one of ${WORKFLOW_ACTIONS.join(', ')})`;
}

export function describeWorkflowAction(action: WorkflowAction): string {
  switch (action.type) {
    case 'ask': return 'The customer asks for a refund (a LangGraph run starts)';
    case 'approve': return 'A supervisor approves (the approval event resumes the run)';
    case 'duplicate_approval': return 'The same approval event is delivered again';
    case 'retry': return 'The worker resumes the failed run';
    case 'shop_unavailable': return 'The next shop read fails once (a node failure)';
    case 'lose_response': return "The provider's next answer will be lost";
    case 'grant': return 'A supervisor approves; the event has not reached the worker yet';
    case 'expire': return 'The approval expires';
    case 'edit_order': return 'The order is edited (new version)';
    case 'resubmit_changed': return 'The caller re-submits the intent with a different amount';
    case 'approve_to_two': return 'The approval event reaches two workers; both resume the run at once';
    case 'stall_after_check': return "Worker A's next submit stalls after its epoch check, request in hand";
    case 'takeover': return 'Worker B takes the operation over (epoch + 1) and resumes the thread';
    case 'wake': return 'Worker A wakes and sends the request it built';
  }
}
