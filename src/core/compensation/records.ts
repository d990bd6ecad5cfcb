/**
 * The agent's record of compensation (seed 002 §8: record its state, its AUTHORITY and its
 * result). Each compensation step is one row naming who may take it (and on what grant),
 * who took it, and what came back — so a later reader can tell an authorised cancellation
 * from a guess. The traveller's consent at booking lets the trip agent cancel what it
 * booked; closing a case by hand is a person's, at the operations desk.
 */
import type { Store } from '../db/store';
import { msg, type Message } from '../message';
import type { Clock } from '../time';

export const COMPENSATION_SCHEMA = `
-- One row per compensation step: the booking it undoes by a new action, who may take it
-- and under which grant, who took it, and the result.
CREATE TABLE compensations (
  seq        INTEGER PRIMARY KEY AUTOINCREMENT,
  action     TEXT NOT NULL,
  booking_id TEXT NOT NULL,
  may_act    TEXT NOT NULL,
  authority  TEXT NOT NULL,
  done_by    TEXT NOT NULL,
  result     TEXT NOT NULL,
  at         INTEGER NOT NULL
);
-- The starting state's knobs (fare, cancellation fee, cancellation window).
CREATE TABLE settings (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
`;

export const Actor = { agent: 'trip-agent', desk: 'ops-desk' } as const;

export interface CompensationRecord {
  action: string;
  bookingId: string;
  mayAct: string[];
  authority: string;
  doneBy: string;
  result: string;
}

/**
 * Who may cancel `bookingId`: the trip agent, on the traveller's consent given when it
 * booked; and the operations desk, always. (Whether the airline still accepts a
 * cancellation is the airline's rule, recorded in the result.)
 */
export function cancelAuthority(bookingId: string): { mayAct: string[]; authority: string } {
  return { mayAct: [Actor.agent, Actor.desk], authority: `traveller consent given when ${bookingId} was booked; the operations desk always` };
}

/** Only a person may close a case by hand. */
export function closeByHandAuthority(): { mayAct: string[]; authority: string } {
  return { mayAct: [Actor.desk], authority: 'manual handling is the operations desk\'s' };
}

export function recordCompensation(agent: Store, clock: Clock, record: CompensationRecord): void {
  agent.tx('record_compensation', () => agent.run(
    'INSERT INTO compensations (action, booking_id, may_act, authority, done_by, result, at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    [record.action, record.bookingId, record.mayAct.join(','), record.authority, record.doneBy, record.result, clock.now]));
}

export function compensationRecords(agent: Store): CompensationRecord[] {
  return agent.all('SELECT action, booking_id, may_act, authority, done_by, result FROM compensations ORDER BY seq').map((r) => ({
    action: String(r.action), bookingId: String(r.booking_id), mayAct: String(r.may_act).split(',').filter(Boolean),
    authority: String(r.authority), doneBy: String(r.done_by), result: String(r.result),
  }));
}

/**
 * COMP-3's check: every step names who may act and on what grant, who acted (one of them)
 * and the result; and a trip that says it was compensated or closed has such a step.
 */
export function unauthorisedSteps(records: readonly CompensationRecord[], tripState: string): Message[] {
  const missing = (tripState === 'COMPENSATED' || tripState === 'CLOSED_BY_HAND') && records.length === 0
    ? [msg('violations.compensation.no_step_recorded', { state: tripState })] : [];
  return missing.concat(records.flatMap((r, i) => {
    const step = { step: i + 1, action: r.action };
    if (r.mayAct.length === 0 || !r.authority) return [msg('violations.compensation.no_authority', step)];
    if (!r.mayAct.includes(r.doneBy)) return [msg('violations.compensation.not_allowed', { ...step, by: r.doneBy, may: r.mayAct.join(', ') })];
    if (!r.result) return [msg('violations.compensation.no_result', step)];
    return [];
  }));
}
