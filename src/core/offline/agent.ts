/**
 * The offline-capable agent of lab L13 (SPEC §7), over its own database. It decides; the
 * model wiring sends the commands it returns and tells the notes.
 *
 * Offline (MWP-WRK-020) it may only continue already-active, reversible work within its
 * grace period; new work and irreversible or externally visible actions need a current
 * lease and token, so they are refused; commands are buffered with the bindings they were
 * made under (MWP-WRK-021). Back online it is a new session: it claims the work again and
 * then RECONCILES — the whole buffer rebased onto the new lease and re-signed under new
 * Action IDs (MWP-EXT-005), sent as ONE `reconcile` command so the progress and its charge
 * land together or not at all (MWP-WRK-022).
 *
 * Wrong designs, as policies: `optimistic` acts offline as if online; `one_by_one` sends
 * each rebased command on its own, so an overflow rejects only some and leaves the rest.
 */
import type { CommandContent, CommandKind } from '../authority/commands';
import type { Store } from '../db/store';
import { msg, type Message } from '../message';

export type OfflinePolicy = 'bounded' | 'optimistic';
export type ReconcileMode = 'one_transaction' | 'one_by_one';

export interface Link {
  offlineSince: number | null;
  session: number;
  leaseId: string | null;
  epoch: number;
  grace: number;
}

export function readLink(store: Store): Link {
  const l = store.get('SELECT * FROM link WHERE id = 1')!;
  return {
    offlineSince: l.offline_since === null ? null : Number(l.offline_since), session: Number(l.session),
    leaseId: l.lease_id === null ? null : String(l.lease_id), epoch: Number(l.epoch), grace: Number(l.grace),
  };
}

export const isOffline = (store: Store) => readLink(store).offlineSince !== null;

export function graceLeft(store: Store, now: number): number | null {
  const l = readLink(store);
  return l.offlineSince === null ? null : Math.max(0, l.offlineSince + l.grace - now);
}

export function startLink(store: Store, leaseId: string, grace: number): void {
  store.tx('setup_link', () => store.run('INSERT INTO link (id, offline_since, session, lease_id, epoch, grace) VALUES (1, NULL, 1, ?, 1, ?)', [leaseId, grace]));
}

export function goOffline(store: Store, now: number): Message {
  store.tx('go_offline', () => store.run('UPDATE link SET offline_since = ? WHERE id = 1', [now]));
  return msg('outage.offline', { at: now, until: now + readLink(store).grace });
}

export function goOnline(store: Store): Message {
  store.tx('go_online', () => store.run('UPDATE link SET offline_since = NULL WHERE id = 1'));
  return msg('outage.online');
}

// The refusals table keeps the English words (the inspector shows the database as it is);
// the note carries descriptors so the timeline reads in the student's language.
function refuse(store: Store, now: number, what: string, reason: string, said: { what: Message | string; reason: Message }): Message {
  store.tx('refuse', () => store.run('INSERT INTO refusals (what, reason, at) VALUES (?, ?, ?)', [what, reason, now]));
  return msg('outage.refused', said);
}

/** One reversible step of the active work. */
export function continueWork(store: Store, now: number, policy: OfflinePolicy, item: string): Message {
  const offlineSince = readLink(store).offlineSince;
  const offline = offlineSince !== null;
  if (offline && policy === 'bounded' && graceLeft(store, now) === 0) return refuse(store, now, `continue ${item}`, 'the grace period is over (MWP-WRK-020)',
    { what: msg('outage.what.continue', { item }), reason: msg('reasons.outage.grace_over') });
  store.tx('local_step', () => store.run('INSERT INTO local_work (step, at, offline_since) VALUES ((SELECT COALESCE(MAX(step), 0) + 1 FROM local_work), ?, ?)', [now, offlineSince]));
  return msg(offline ? 'outage.work_offline' : 'outage.work', { item, grace: graceLeft(store, now) });
}

export function startNewWork(store: Store, now: number, policy: OfflinePolicy): Message {
  const offline = isOffline(store);
  if (offline && policy === 'bounded') return refuse(store, now, 'start new work', 'no current lease or token while offline (MWP-WRK-020)',
    { what: msg('outage.what.start_new_work'), reason: msg('reasons.outage.no_lease_offline') });
  return msg(offline ? 'outage.new_work_ungranted' : 'outage.no_other_work');
}

/** `label` names the action in the notes (a descriptor); `what` is what the agent's tables record. */
export function irreversibleAction(store: Store, now: number, policy: OfflinePolicy, what: string, label: Message | string = what): Message {
  const offline = isOffline(store);
  if (offline && policy === 'bounded') {
    return refuse(store, now, what, 'an externally visible action needs a current lease and token (MWP-WRK-020)', { what: label, reason: msg('reasons.outage.external_needs_lease') });
  }
  const lease = readLink(store).leaseId;
  store.tx('irreversible', () => store.run('INSERT INTO irreversible (what, lease_id, offline, at) VALUES (?, ?, ?, ?)', [what, lease, offline ? 1 : 0, now]));
  return msg(offline ? 'outage.irreversible_offline' : 'outage.irreversible', { what: label, lease: lease ?? '' });
}

/** A command the agent wants to send: sent now when online, buffered with its bindings when offline (bounded). */
export function prepareCommand(store: Store, policy: OfflinePolicy, kind: CommandKind, payload: Record<string, unknown>, actionId: string): { send: boolean; note: Message | null } {
  if (!isOffline(store) || policy !== 'bounded') return { send: true, note: null };
  const l = readLink(store);
  store.tx('buffer_command', () => store.run("INSERT INTO buffered (action_id, kind, payload, session, lease_id, status) VALUES (?, ?, ?, ?, ?, 'buffered')",
    [actionId, kind, JSON.stringify(payload), l.session, l.leaseId]));
  return { send: false, note: msg('outage.buffered', { kind, action: actionId, session: l.session, lease: l.leaseId ?? '' }) };
}

export function recordResult(store: Store, batchOrActionId: string, code: string): void {
  store.tx('record_result', () => store.run('UPDATE buffered SET result = ? WHERE batch = ?', [code, batchOrActionId]));
}

export function newSession(store: Store, epoch: number): void {
  store.tx('new_session', () => store.run('UPDATE link SET session = ?, lease_id = NULL WHERE id = 1', [epoch]));
}

export function newLease(store: Store, leaseId: string, epoch: number): void {
  store.tx('new_lease', () => store.run('UPDATE link SET lease_id = ?, epoch = ? WHERE id = 1', [leaseId, epoch]));
}

/**
 * Rebases the buffer onto the new lease and session and returns the commands to send (each
 * with a new Action ID: its binding changed, MWP-EXT-005). `one_transaction`: one
 * `reconcile` command for all of it; `one_by_one` (the wrong design): each row alone.
 */
export function reconcileBuffer(store: Store, opts: { leaseId: string; session: number; actor: string; group: string; item: string; mode: ReconcileMode }): { commands: CommandContent[]; notes: Message[] } {
  const rows = store.all("SELECT n, action_id, kind, payload, session, lease_id FROM buffered WHERE status = 'buffered' ORDER BY n");
  if (rows.length === 0) return { commands: [], notes: [] };
  const rebasedAs = (actionId: unknown) => `${String(actionId)}-rebased-s${opts.session}`;
  const notes: Message[] = [];
  const commands: CommandContent[] = [];
  if (opts.mode === 'one_by_one') {
    store.tx('rebase_commands', () => {
      for (const row of rows) {
        const sentAs = rebasedAs(row.action_id);
        store.run("UPDATE buffered SET status = 'rebased', sent_as = ?, batch = ? WHERE n = ?", [sentAs, sentAs, Number(row.n)]);
        commands.push({ actor: opts.actor, actionId: sentAs, group: opts.group, kind: String(row.kind) as CommandKind, expectedRevision: null,
          payload: { ...(JSON.parse(String(row.payload)) as Record<string, unknown>), lease_id: opts.leaseId } });
      }
    });
    notes.push(msg('outage.rebased_one_by_one', { count: rows.length, lease: opts.leaseId, session: opts.session }));
    return { commands, notes };
  }
  const batch = `reconcile-s${opts.session}`;
  const reports = rows.filter((r) => r.kind === 'report_progress').map((r) => {
    const p = JSON.parse(String(r.payload)) as { cost_cents: number; note: string };
    return { rebased_as: rebasedAs(r.action_id), offline_action_id: String(r.action_id), offline_session: Number(r.session), offline_lease: r.lease_id === null ? null : String(r.lease_id), cost_cents: p.cost_cents, note: p.note };
  });
  const submit = rows.some((r) => r.kind === 'complete');
  store.tx('rebase_commands', () => {
    for (const row of rows) store.run("UPDATE buffered SET status = 'rebased', sent_as = ?, batch = ? WHERE n = ?", [rebasedAs(row.action_id), batch, Number(row.n)]);
  });
  commands.push({ actor: opts.actor, actionId: batch, group: opts.group, kind: 'reconcile', expectedRevision: null, payload: { work_item: opts.item, lease_id: opts.leaseId, submit, reports } });
  notes.push(msg('outage.reconcile', { count: rows.length, lease: opts.leaseId, session: opts.session, action: batch }));
  return { commands, notes };
}

/** Reconciliation found the work is no longer ours: the buffer is not sent, and says why. */
export function abandonBuffered(store: Store, reason: string, said: Message | string = reason): Message | null {
  const n = store.tx('abandon_buffered', () => store.run("UPDATE buffered SET status = 'abandoned', result = ? WHERE status = 'buffered'", [`NOT_SENT: ${reason}`]));
  return n > 0 ? msg('outage.abandoned', { reason: said, count: n }) : null;
}

/** The rows of one reconciliation (by session) whose answers disagree: a partial landing (MWP-WRK-022). */
export function partialReconciliations(store: Store): Message[] {
  const bySession = new Map<string, { id: string; result: string }[]>();
  for (const r of store.all("SELECT action_id, sent_as, result FROM buffered WHERE status = 'rebased' AND result IS NOT NULL ORDER BY n")) {
    const session = String(r.sent_as).replace(/^.*-rebased-/, '');
    bySession.set(session, [...(bySession.get(session) ?? []), { id: String(r.action_id), result: String(r.result) }]);
  }
  const out: Message[] = [];
  for (const [session, rows] of bySession) {
    const results = new Set(rows.map((r) => r.result === 'ACCEPTED'));
    if (results.size > 1) out.push(msg('violations.outage.partial_reconciliation', { session, results: rows.map((r) => `${r.id} ${r.result}`).join(', ') }));
  }
  return out;
}

export function observeAgent(store: Store, now: number) {
  const l = readLink(store);
  return {
    offline: l.offlineSince !== null,
    grace_left: graceLeft(store, now),
    session: l.session,
    lease_id: l.leaseId,
    local_steps: Number(store.get('SELECT count(*) AS n FROM local_work')!.n),
    buffered: store.all('SELECT action_id, status, sent_as, result FROM buffered ORDER BY n').map((r) => ({ action_id: r.action_id, status: r.status, sent_as: r.sent_as, result: r.result })),
    refusals: store.all('SELECT what FROM refusals ORDER BY n').map((r) => String(r.what)),
    irreversible: store.all('SELECT what, offline FROM irreversible ORDER BY n').map((r) => ({ what: r.what, offline: r.offline === 1 })),
    last_code: String(store.get('SELECT result FROM buffered WHERE result IS NOT NULL ORDER BY n DESC LIMIT 1')?.result ?? ''),
  };
}

/** Commands still waiting in the buffer (the agent's node line). */
export function pendingCount(store: Store): number {
  return Number(store.get("SELECT count(*) AS n FROM buffered WHERE status = 'buffered'")!.n);
}

/** Offline steps and irreversible actions that broke MWP-WRK-020 (OUT-1, OUT-2). */
export function offlineIrreversible(store: Store): Message[] {
  // The lab's one irreversible action has its own line, so it reads in the reader's language (a
  // violation's params stay scalars: verdicts save it); any other `what` is quoted as recorded.
  return store.all('SELECT what, at FROM irreversible WHERE offline = 1').map((r) => (String(r.what) === 'email the customer'
    ? msg('violations.outage.emailed_offline', { agent: 'agent-1', at: String(r.at) })
    : msg('violations.outage.irreversible_offline', { agent: 'agent-1', what: String(r.what), at: String(r.at) })));
}

/** Each offline step judged against its own outage's grace period, so a breach stays on the record after reconnecting. */
export function workPastGrace(store: Store): Message[] {
  const grace = readLink(store).grace;
  return store.all('SELECT step, at, offline_since FROM local_work WHERE offline_since IS NOT NULL')
    .filter((r) => Number(r.at) >= Number(r.offline_since) + grace)
    .map((r) => msg('violations.outage.past_grace', { step: String(r.step), at: String(r.at) }));
}

export function agentFingerprint(store: Store): string {
  const q = (sql: string) => JSON.stringify(store.all(sql).map((r) => Object.values(r)));
  return [q('SELECT offline_since IS NOT NULL, session, lease_id, epoch FROM link'), q('SELECT count(*) FROM local_work'),
    q('SELECT action_id, kind, status, result FROM buffered ORDER BY n'), q('SELECT what, offline FROM irreversible ORDER BY n'), q('SELECT what FROM refusals ORDER BY n')].join('\n');
}
