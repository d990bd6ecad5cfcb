/**
 * The LangGraph worker's own tables besides the checkpoints: which nodes really started
 * (committed when a node starts, so a crash later does not hide that it ran), the chat
 * history (the only memory of the "messages only" design), and each time the customer was
 * asked for an approval.
 */
import type { Store } from '../db/store';
import type { Clock } from '../time';

/** The refund graph's nodes (refundWorkflow.ts), named here so the lab can list them without loading LangGraph. */
export const NODES = ['draft_note', 'check_order', 'approve', 'submit', 'reconcile'] as const;

export const WORKER_LOG_SCHEMA = `
-- How many times each graph node started, whatever became of the run.
CREATE TABLE lg_node_run (
  node TEXT PRIMARY KEY,
  runs INTEGER NOT NULL
);
-- The conversation, one line per message (kept durably only by the "messages only" design).
CREATE TABLE chat_message (
  seq INTEGER PRIMARY KEY,
  line TEXT NOT NULL,
  at INTEGER NOT NULL
);
-- Each time the run stopped at the approval breakpoint and asked the customer.
CREATE TABLE approval_request (
  seq INTEGER PRIMARY KEY,
  approvals_before INTEGER NOT NULL,       -- approvals the shop already held when the customer was asked
  at INTEGER NOT NULL
);
`;

export function countNodeRun(worker: Store, node: string): void {
  worker.tx('lg.node_started', () => {
    worker.run('INSERT INTO lg_node_run (node, runs) VALUES (?, 1) ON CONFLICT (node) DO UPDATE SET runs = runs + 1', [node]);
  });
}

export function nodeRuns(worker: Store): Record<string, number> {
  return Object.fromEntries(worker.all('SELECT node, runs FROM lg_node_run ORDER BY node').map((r) => [String(r.node), Number(r.runs)]));
}

/** Whether the run ever started (one of its first super-step's nodes ran), whatever became of it. */
export function runStarted(worker: Store): boolean {
  const runs = nodeRuns(worker);
  return runs.draft_note !== undefined || runs.check_order !== undefined;
}

export function saveMessage(worker: Store, clock: Clock, line: string): void {
  worker.tx('chat.save_message', () => {
    const n = Number(worker.get('SELECT count(*) AS n FROM chat_message')!.n);
    worker.run('INSERT INTO chat_message (seq, line, at) VALUES (?, ?, ?)', [n + 1, line, clock.now]);
  });
}

export function loadMessages(worker: Store): string[] {
  return worker.all('SELECT line FROM chat_message ORDER BY seq').map((r) => String(r.line));
}

export function recordApprovalRequest(worker: Store, clock: Clock, approvalsBefore: number): void {
  worker.tx('lg.ask_approval', () => {
    const n = Number(worker.get('SELECT count(*) AS n FROM approval_request')!.n);
    worker.run('INSERT INTO approval_request (seq, approvals_before, at) VALUES (?, ?, ?)', [n + 1, approvalsBefore, clock.now]);
  });
}

/** Requests for an approval the customer had already given (the run lost its pause). */
export function repeatedApprovalRequests(worker: Store): number {
  return Number(worker.get('SELECT count(*) AS n FROM approval_request WHERE approvals_before > 0')!.n);
}

export function approvalRequests(worker: Store): number {
  return Number(worker.get('SELECT count(*) AS n FROM approval_request')!.n);
}
