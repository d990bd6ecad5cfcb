/**
 * A worker's attempt log: every submit or lookup it sent, and what became of it. A timed-
 * out attempt is indefinite (the request may or may not have been applied), never "failed".
 */
import type { Store } from '../db/store';

export interface Attempt {
  attemptId: string;
  operationId: string;
  kind: 'submit' | 'lookup';
  idemKey: string | null;
  epoch: number;
  sentAt: number;
  state: 'in_flight' | 'answered' | 'timed_out' | 'lost';
}

export function recordAttempt(worker: Store, attempt: Omit<Attempt, 'attemptId' | 'state'>): Attempt {
  return worker.tx('record_attempt', () => {
    const n = Number(worker.get('SELECT count(*) AS n FROM attempts')!.n) + 1;
    const full: Attempt = { ...attempt, attemptId: `${worker.name}-att-${n}`, state: 'in_flight' };
    worker.run("INSERT INTO attempts (attempt_id, operation_id, kind, idem_key, epoch, sent_at, state) VALUES (?, ?, ?, ?, ?, ?, 'in_flight')",
      [full.attemptId, full.operationId, full.kind, full.idemKey, full.epoch, full.sentAt]);
    return full;
  });
}

/** The next attempt's ID, for the wrong "key per attempt" variant. */
export function nextAttemptId(worker: Store): string {
  return `${worker.name}-att-${Number(worker.get('SELECT count(*) AS n FROM attempts')!.n) + 1}`;
}

export function settleAttempt(worker: Store, attemptId: string, state: 'answered' | 'timed_out' | 'lost', answer: string | null): boolean {
  return worker.tx('settle_attempt', () => worker.run(
    "UPDATE attempts SET state = ?, answer = COALESCE(?, answer) WHERE attempt_id = ? AND state IN ('in_flight', 'timed_out')",
    [state, answer, attemptId]) === 1);
}

export function attemptsIn(worker: Store, state: Attempt['state']): Attempt[] {
  return worker.all('SELECT * FROM attempts WHERE state = ? ORDER BY sent_at, attempt_id', [state]).map((r) => ({
    attemptId: String(r.attempt_id), operationId: String(r.operation_id), kind: r.kind as Attempt['kind'],
    idemKey: r.idem_key === null ? null : String(r.idem_key), epoch: Number(r.epoch), sentAt: Number(r.sent_at), state: r.state as Attempt['state'],
  }));
}

/** What the newest answered lookup for `operationId` under `epoch` said (e.g. 'NOT_FOUND'), or null. */
export function lastLookupAnswer(worker: Store, operationId: string, epoch: number): string | null {
  const row = worker.get("SELECT answer FROM attempts WHERE operation_id = ? AND epoch = ? AND kind = 'lookup' AND state = 'answered' ORDER BY sent_at DESC, attempt_id DESC LIMIT 1",
    [operationId, epoch]);
  return row?.answer === null || row?.answer === undefined ? null : String(row.answer);
}

/** A send a stalled worker holds (see WORKER_SCHEMA's held_dispatch). `request` is the built frame, as JSON. */
export interface HeldSend {
  operationId: string;
  epoch: number;
  phase: 'before_check' | 'after_check';
  request: string | null;
}

export function holdSend(worker: Store, held: HeldSend): void {
  worker.tx('hold_dispatch', () => worker.run('INSERT OR REPLACE INTO held_dispatch (operation_id, epoch, phase, request) VALUES (?, ?, ?, ?)',
    [held.operationId, held.epoch, held.phase, held.request]));
}

/** The send this worker holds, if any, without taking it (a read, for the end conditions). */
export function heldSend(worker: Store): HeldSend | null {
  const row = worker.get('SELECT operation_id, epoch, phase FROM held_dispatch LIMIT 1');
  return row ? { operationId: String(row.operation_id), epoch: Number(row.epoch), phase: row.phase === 'after_check' ? 'after_check' : 'before_check', request: null } : null;
}

/** Takes the held send out of the worker's database (it is about to be carried on), if any. */
export function takeHeldSend(worker: Store): HeldSend | null {
  const row = worker.get('SELECT operation_id, epoch, phase, request FROM held_dispatch LIMIT 1');
  if (!row) return null;
  // WHERE true, not a bare DELETE: SQLite empties a table deleted without WHERE in one go and
  // never calls the update hook, so the step's record would show the release as no write.
  worker.tx('release_held', () => worker.run('DELETE FROM held_dispatch WHERE true'));
  return { operationId: String(row.operation_id), epoch: Number(row.epoch), phase: row.phase === 'after_check' ? 'after_check' : 'before_check', request: row.request === null ? null : String(row.request) };
}

/** Attempts of every state, for the node summary. */
export function attemptCount(worker: Store): number {
  return Number(worker.get('SELECT count(*) AS n FROM attempts')!.n);
}
