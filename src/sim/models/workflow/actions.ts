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
import { msg, type Message } from '../../../core/message';

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

/** The action's label as a message (namespace `actions`, src/lab/messages/<locale>/actions.json). */
export function describeWorkflowAction(action: WorkflowAction): Message {
  return msg(`actions.workflow.${action.type}`);
}
