/**
 * A client of the authority (an agent or the lead): its own small database of the commands
 * it signed and sent, and the replies it got. "Resend" reads from here — a client resends
 * exactly what it sent, signature and all.
 */
import type { Store } from '../db/store';
import type { SignedCommand } from './commands';

export const CLIENT_SCHEMA = `
-- Every command this client sent, exactly as sent. stamp orders sends across the World.
CREATE TABLE sent (
  stamp     INTEGER PRIMARY KEY,
  action_id TEXT NOT NULL,
  kind      TEXT NOT NULL,
  digest    TEXT NOT NULL,
  command   TEXT NOT NULL
);
-- Replies from the authority, in arrival order. A crash can leave a send without a reply.
CREATE TABLE replies (
  stamp      INTEGER PRIMARY KEY,
  action_id  TEXT NOT NULL,
  code       TEXT NOT NULL,
  receipt_id TEXT,
  event_id   TEXT,
  digest     TEXT NOT NULL,
  message    TEXT
);
`;

export interface SentCommand {
  stamp: number;
  command: SignedCommand;
  digest: string;
}

export interface Reply {
  stamp: number;
  actionId: string;
  code: string;
  receiptId: string | null;
  eventId: string | null;
  digest: string;
  message: string | null;
}

export function recordSent(store: Store, stamp: number, command: SignedCommand, digest: string): void {
  store.tx('record_sent', () => store.run('INSERT INTO sent (stamp, action_id, kind, digest, command) VALUES (?, ?, ?, ?, ?)',
    [stamp, command.actionId, command.kind, digest, JSON.stringify(command)]));
}

export function recordReply(store: Store, reply: Reply): void {
  store.tx('record_reply', () => store.run(
    'INSERT INTO replies (stamp, action_id, code, receipt_id, event_id, digest, message) VALUES (?, ?, ?, ?, ?, ?, ?)',
    [reply.stamp, reply.actionId, reply.code, reply.receiptId, reply.eventId, reply.digest, reply.message]));
}

export function lastSent(store: Store): SentCommand | null {
  const row = store.get('SELECT stamp, digest, command FROM sent ORDER BY stamp DESC LIMIT 1');
  return row ? { stamp: Number(row.stamp), digest: String(row.digest), command: JSON.parse(String(row.command)) as SignedCommand } : null;
}

export function replies(store: Store): Reply[] {
  return store.all('SELECT * FROM replies ORDER BY stamp').map((r) => ({
    stamp: Number(r.stamp), actionId: String(r.action_id), code: String(r.code),
    receiptId: r.receipt_id === null ? null : String(r.receipt_id), eventId: r.event_id === null ? null : String(r.event_id),
    digest: String(r.digest), message: r.message === null ? null : String(r.message),
  }));
}

/**
 * Commands this client sent that no reply has answered yet (a lost frame, a crash inside
 * the accept), oldest first, one per Action ID: what a client resends unchanged, so the
 * authority answers with the original receipt or the original refusal (MWP-EVT-003).
 */
export function unanswered(store: Store): SentCommand[] {
  return store.all(`SELECT MIN(stamp) AS stamp, digest, command FROM sent
    WHERE action_id NOT IN (SELECT action_id FROM replies) GROUP BY action_id ORDER BY MIN(stamp)`)
    .map((row) => ({ stamp: Number(row.stamp), digest: String(row.digest), command: JSON.parse(String(row.command)) as SignedCommand }));
}
