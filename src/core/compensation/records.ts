/**
 * The agent's record of compensation (seed 002 §8: record its state, its AUTHORITY and its
 * result). Authority is data: a grant names who may take which compensation step on which
 * booking and on what basis, and it can be withdrawn. The traveller's consent, given when
 * the agent books, lets the trip agent cancel that booking until the traveller takes it
 * back; the operations desk's standing grant lets it cancel and close cases by hand.
 * Each compensation step is one row naming who took it, the grant it relied on (or none,
 * when it was refused for lack of one), whether it acted, and what came back — so a later
 * reader can tell an authorised cancellation from a guess.
 */
import type { Store } from '../db/store';
import { msg, type Message } from '../message';
import type { Clock } from '../time';

export const COMPENSATION_SCHEMA = `
-- Who may take which compensation step, on which booking ('*' = any), on what basis.
-- A grant is withdrawn, never deleted: withdrawn_stamp orders it against the steps.
CREATE TABLE grants (
  grant_id        TEXT PRIMARY KEY,
  actor           TEXT NOT NULL,
  action          TEXT NOT NULL,
  booking_id      TEXT NOT NULL,
  basis           TEXT NOT NULL,
  granted_stamp   INTEGER NOT NULL,
  withdrawn_stamp INTEGER
);
-- One row per compensation step: the booking it concerns, who took it, the grant it relied
-- on (NULL when none was live and the step was refused), whether it acted, and the result.
-- may_act lists who held a live grant for the step when it was taken.
CREATE TABLE compensations (
  seq        INTEGER PRIMARY KEY AUTOINCREMENT,
  stamp      INTEGER NOT NULL,
  action     TEXT NOT NULL,
  booking_id TEXT NOT NULL,
  may_act    TEXT NOT NULL,
  grant_id   TEXT,
  authority  TEXT NOT NULL,
  done_by    TEXT NOT NULL,
  acted      INTEGER NOT NULL CHECK (acted IN (0, 1)),
  result     TEXT NOT NULL,
  at         INTEGER NOT NULL
);
-- The starting state's knobs (fare, cancellation fee, cancellation window).
CREATE TABLE settings (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
`;

export const Actor = { agent: 'trip-agent', desk: 'ops-desk' } as const;
export const Step = { cancel: 'cancel_flight', closeByHand: 'close_by_hand' } as const;

export interface Grant {
  grantId: string;
  actor: string;
  action: string;
  bookingId: string;
  basis: string;
  grantedStamp: number;
  withdrawnStamp: number | null;
}

export interface CompensationRecord {
  stamp: number;
  action: string;
  bookingId: string;
  mayAct: string[];
  grantId: string | null;
  authority: string;
  doneBy: string;
  acted: boolean;
  result: string;
}

const grantOf = (r: Record<string, unknown>): Grant => ({
  grantId: String(r.grant_id), actor: String(r.actor), action: String(r.action), bookingId: String(r.booking_id), basis: String(r.basis),
  grantedStamp: Number(r.granted_stamp), withdrawnStamp: r.withdrawn_stamp === null ? null : Number(r.withdrawn_stamp),
});

function addGrant(agent: Store, clock: Clock, actor: string, action: string, bookingId: string, basis: string): string {
  const id = `G-${Number(agent.get('SELECT count(*) AS n FROM grants')!.n) + 1}`;
  agent.run('INSERT INTO grants (grant_id, actor, action, booking_id, basis, granted_stamp) VALUES (?, ?, ?, ?, ?, ?)',
    [id, actor, action, bookingId, basis, clock.nextStamp()]);
  return id;
}

/** The operations desk's standing grants, written once when the trip is set up. */
export function grantDeskPolicy(agent: Store, clock: Clock): void {
  agent.tx('grant_desk_policy', () => {
    addGrant(agent, clock, Actor.desk, Step.cancel, '*', 'operations desk policy');
    addGrant(agent, clock, Actor.desk, Step.closeByHand, '*', 'operations desk policy');
  });
}

/** The traveller's consent, given when the agent books: the agent may cancel this booking. */
export function grantTravellerConsent(agent: Store, clock: Clock, bookingId: string): string {
  return agent.tx('grant_consent', () => addGrant(agent, clock, Actor.agent, Step.cancel, bookingId, `traveller consent given when ${bookingId} was booked`));
}

/** The traveller takes back the agent's consent to cancel: returns how many grants it withdrew. */
export function withdrawTravellerConsent(agent: Store, clock: Clock): number {
  return agent.tx('withdraw_consent', () => agent.run(
    'UPDATE grants SET withdrawn_stamp = ? WHERE actor = ? AND action = ? AND withdrawn_stamp IS NULL',
    [clock.nextStamp(), Actor.agent, Step.cancel]));
}

export function grants(agent: Store): Grant[] {
  return agent.all('SELECT * FROM grants ORDER BY granted_stamp').map(grantOf);
}

const covers = (g: Grant, actor: string, action: string, bookingId: string) =>
  g.actor === actor && g.action === action && (g.bookingId === bookingId || g.bookingId === '*');
const liveAt = (g: Grant, stamp: number) => g.grantedStamp < stamp && (g.withdrawnStamp === null || g.withdrawnStamp > stamp);

/** The grant `actor` holds now for `action` on `bookingId`, or null. */
export function liveGrant(agent: Store, actor: string, action: string, bookingId: string): Grant | null {
  return grants(agent).find((g) => covers(g, actor, action, bookingId) && g.withdrawnStamp === null) ?? null;
}

/** The first grant ever given to `actor` for `action` on `bookingId`, withdrawn or not. */
export function firstGrant(agent: Store, actor: string, action: string, bookingId: string): Grant | null {
  return grants(agent).find((g) => covers(g, actor, action, bookingId)) ?? null;
}

/** Who holds a live grant for `action` on `bookingId` now. */
export function whoMayAct(agent: Store, action: string, bookingId: string): string[] {
  return [...new Set(grants(agent).filter((g) => g.withdrawnStamp === null && (g.bookingId === bookingId || g.bookingId === '*') && g.action === action).map((g) => g.actor))];
}

export interface NewRecord {
  action: string;
  bookingId: string;
  grant: Grant | null;
  doneBy: string;
  acted: boolean;
  result: string;
}

/** Records one compensation step, with who may take it now and the grant it relied on. */
export function recordCompensation(agent: Store, clock: Clock, record: NewRecord): void {
  agent.tx('record_compensation', () => agent.run(
    'INSERT INTO compensations (stamp, action, booking_id, may_act, grant_id, authority, done_by, acted, result, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    [clock.nextStamp(), record.action, record.bookingId, whoMayAct(agent, record.action, record.bookingId).join(','), record.grant?.grantId ?? null,
      record.grant?.basis ?? '', record.doneBy, record.acted ? 1 : 0, record.result, clock.now]));
}

export function compensationRecords(agent: Store): CompensationRecord[] {
  return agent.all('SELECT * FROM compensations ORDER BY seq').map((r) => ({
    stamp: Number(r.stamp), action: String(r.action), bookingId: String(r.booking_id), mayAct: String(r.may_act).split(',').filter(Boolean),
    grantId: r.grant_id === null ? null : String(r.grant_id), authority: String(r.authority), doneBy: String(r.done_by), acted: r.acted === 1, result: String(r.result),
  }));
}

/**
 * COMP-3's check, against the grants as they stood: every step that acted names a grant
 * that covers who took it, that step and that booking, and that was live when it was taken
 * (given before, not withdrawn before); every step records its result; and a trip that
 * says it was compensated or closed has a step that acted.
 */
export function unauthorisedSteps(agent: Store, tripState: string): Message[] {
  const records = compensationRecords(agent);
  const all = grants(agent);
  const missing = (tripState === 'COMPENSATED' || tripState === 'CLOSED_BY_HAND') && !records.some((r) => r.acted)
    ? [msg('violations.compensation.no_step_recorded', { state: tripState })] : [];
  return missing.concat(records.flatMap((r, i) => {
    const step = { step: i + 1, action: r.action };
    if (!r.result) return [msg('violations.compensation.no_result', step)];
    if (!r.acted) return [];
    const grant = all.find((g) => g.grantId === r.grantId);
    if (!grant) return [msg('violations.compensation.no_authority', step)];
    if (!covers(grant, r.doneBy, r.action, r.bookingId)) return [msg('violations.compensation.not_allowed', { ...step, by: r.doneBy, grant: grant.grantId })];
    if (!liveAt(grant, r.stamp)) return [msg('violations.compensation.grant_withdrawn', { ...step, by: r.doneBy, grant: grant.grantId })];
    return [];
  }));
}
