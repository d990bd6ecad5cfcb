/**
 * The offline-capable agent of lab L13 (SPEC §7), over its own database. It decides; the
 * model wiring sends the commands it returns and tells the notes.
 *
 * Offline (MWP-WRK-020) it may only continue already-active, reversible work within its
 * grace period; new work and irreversible or externally visible actions need a current
 * lease and token, so they are refused; commands are buffered with the bindings they were
 * made under (MWP-WRK-021). Back online it is a new session: it first learns the fate of
 * every command whose answer was lost with the link (sent again unchanged: the authority's
 * receipt answers), claims the work again and then RECONCILES — the whole buffer rebased
 * onto the new lease and re-signed under new Action IDs (MWP-EXT-005), sent as ONE
 * `reconcile` command so the progress and its charge land together or not at all
 * (MWP-WRK-022). Until that is answered it is `reconciling`: the old lease is being revoked,
 * so it sends, submits and emails nothing (MWP-WRK-020: it reconciles before submitting or
 * causing further side effects).
 *
 * Wrong designs, as policies: `optimistic` acts offline as if online; `one_by_one` sends
 * each rebased command on its own, so an overflow rejects only some and leaves the rest;
 * `RebaseMode` and `LostAnswerMode` below name theirs.
 */
import type { CommandContent, CommandKind } from '../authority/commands';
import type { Store } from '../db/store';
import { msg, type Message } from '../message';

export type OfflinePolicy = 'bounded' | 'optimistic';
export type ReconcileMode = 'one_transaction' | 'one_by_one';
/**
 * How a buffered command is bound when it is sent after reconnecting: `resign` rebases its
 * session and lease onto the current ones and signs it under a new Action ID (MWP-WRK-021,
 * MWP-EXT-005); the wrong designs keep the Action ID it was made under (`same_action_id`)
 * or send it with the bindings it was made under (`as_made`).
 */
export type RebaseMode = 'resign' | 'same_action_id' | 'as_made';
/**
 * What a new session does with a command whose answer was lost with the link (seed 002 §1:
 * two worlds, landed or not, that look alike from inside): `resend_same` sends it again
 * unchanged (same Action ID, same content) and learns from the authority's receipt whether it
 * landed. Wrong designs: `leave` never asks, so it never knows; `retry_new_id` retries under
 * a new Action ID, which the receipts cannot match, and reads the refusal of its stale lease
 * as "it never landed".
 */
export type LostAnswerMode = 'resend_same' | 'leave' | 'retry_new_id';

export interface Link {
  offlineSince: number | null;
  session: number;
  leaseId: string | null;
  epoch: number;
  grace: number;
  /** From a reconnect until its reconciliation is answered (or found impossible). */
  reconciling: boolean;
  /** Where that reconnect is (schema.ts). */
  stage: 'session' | 'in_doubt' | 'claim' | 'reconcile' | null;
}

export function readLink(store: Store): Link {
  const l = store.get('SELECT * FROM link WHERE id = 1')!;
  return {
    offlineSince: l.offline_since === null ? null : Number(l.offline_since), session: Number(l.session),
    leaseId: l.lease_id === null ? null : String(l.lease_id), epoch: Number(l.epoch), grace: Number(l.grace), reconciling: Number(l.reconciling) === 1,
    stage: l.stage === null ? null : (String(l.stage) as Link['stage']),
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

/** Back online: a new session is on its way, so the agent is reconciling until its buffer is answered. */
export function goOnline(store: Store): Message {
  store.tx('go_online', () => store.run("UPDATE link SET offline_since = NULL, reconciling = 1, stage = 'session' WHERE id = 1"));
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
  if (readLink(store).reconciling && policy === 'bounded') return refuse(store, now, 'start new work', RECONCILE_FIRST,
    { what: msg('outage.what.start_new_work'), reason: msg('reasons.outage.reconcile_first') });
  return msg(offline ? 'outage.new_work_ungranted' : 'outage.no_other_work');
}

const RECONCILE_FIRST = 'the buffered work is not reconciled yet since the reconnect (MWP-WRK-020)';
const NO_LEASE = 'the agent holds no current lease on the work (MWP-WRK-020)';

/**
 * Why the bounded agent may not act on the work outside now (MWP-WRK-020): a reconnect still
 * reconciling (its old lease is being revoked and the buffer has not landed), or no lease.
 */
function notCurrent(l: Link): { reason: string; said: Message } | null {
  if (l.reconciling) return { reason: RECONCILE_FIRST, said: msg('reasons.outage.reconcile_first') };
  if (l.leaseId === null) return { reason: NO_LEASE, said: msg('reasons.outage.no_current_lease') };
  return null;
}

/** `label` names the action in the notes (a descriptor); `what` is what the agent's tables record. */
export function irreversibleAction(store: Store, now: number, policy: OfflinePolicy, what: string, label: Message | string = what): Message {
  const offline = isOffline(store);
  if (offline && policy === 'bounded') {
    return refuse(store, now, what, 'an externally visible action needs a current lease and token (MWP-WRK-020)', { what: label, reason: msg('reasons.outage.external_needs_lease') });
  }
  const l = readLink(store);
  const stale = policy === 'bounded' ? notCurrent(l) : null;
  if (stale) return refuse(store, now, what, stale.reason, { what: label, reason: stale.said });
  const lease = l.leaseId;
  store.tx('irreversible', () => store.run('INSERT INTO irreversible (what, lease_id, offline, reconciling, at) VALUES (?, ?, ?, ?, ?)',
    [what, lease, offline ? 1 : 0, l.reconciling ? 1 : 0, now]));
  return msg(offline ? 'outage.irreversible_offline' : 'outage.irreversible', { what: label, lease: lease ?? '' });
}

/**
 * A command the agent wants to send: sent now when online (recorded in `sent` with what the
 * agent knew then), buffered with its bindings when offline (bounded).
 */
export function prepareCommand(store: Store, now: number, policy: OfflinePolicy, kind: CommandKind, payload: Record<string, unknown>, actionId: string): { send: boolean; note: Message | null } {
  const l = readLink(store);
  const stale = policy === 'bounded' && l.offlineSince === null ? notCurrent(l) : null;
  if (stale) return { send: false, note: refuse(store, now, kind === 'complete' ? 'submit' : 'report progress', stale.reason, { what: msg(`outage.what.${kind}`), reason: stale.said }) };
  if (l.offlineSince === null || policy !== 'bounded') {
    store.tx('send_command', () => store.run("INSERT INTO sent (action_id, kind, source, payload, cost_cents, lease_id, offline, reconciling, at) VALUES (?, ?, 'direct', ?, ?, ?, ?, ?, ?)",
      [actionId, kind, JSON.stringify(payload), Number(payload.cost_cents ?? 0), l.leaseId, l.offlineSince === null ? 0 : 1, l.reconciling ? 1 : 0, now]));
    return { send: true, note: null };
  }
  store.tx('buffer_command', () => store.run("INSERT INTO buffered (action_id, kind, payload, session, lease_id, status) VALUES (?, ?, ?, ?, ?, 'buffered')",
    [actionId, kind, JSON.stringify(payload), l.session, l.leaseId]));
  return { send: false, note: msg('outage.buffered', { kind, action: actionId, session: l.session, lease: l.leaseId ?? '' }) };
}

/**
 * The authority's answer to a command the agent sent: on the command and on the buffered rows
 * it carried. DUPLICATE means the same command had landed before (its receipt, MWP-EVT-003).
 * A command sent again after a lost answer that did NOT land (any other answer: its old lease
 * is revoked by now) carried nothing: its buffered rows go back to the buffer, to be rebased
 * in this session's reconciliation.
 */
export function recordResult(store: Store, batchOrActionId: string, code: string): void {
  const landed = code === 'ACCEPTED' || code === 'DUPLICATE';
  const resent = Number(store.get('SELECT resent FROM sent WHERE action_id = ? AND result IS NULL', [batchOrActionId])?.resent ?? 0) === 1;
  store.tx('record_result', () => {
    store.run('UPDATE sent SET result = ? WHERE action_id = ? AND result IS NULL', [landed ? 'ACCEPTED' : code, batchOrActionId]);
    if (resent && !landed) {
      store.run("UPDATE buffered SET status = 'buffered', sent_as = NULL, batch = NULL, sent_session = NULL, sent_lease = NULL, current_session = NULL, current_lease = NULL WHERE batch = ? AND result IS NULL", [batchOrActionId]);
    } else {
      store.run('UPDATE buffered SET result = ? WHERE batch = ? AND result IS NULL', [landed ? 'ACCEPTED' : code, batchOrActionId]);
    }
  });
}

/**
 * A new session (its old lease revoked): commands whose answer was lost with the link are in
 * doubt. Reconcile before any retry: the very same commands go out again (same Action ID,
 * same content), so the authority answers from its receipt if they landed. Returns them.
 */
export function newSession(store: Store, epoch: number, lostAnswers: LostAnswerMode = 'resend_same'): { actionId: string; kind: CommandKind; payload: Record<string, unknown> }[] {
  const doubt = lostAnswers === 'leave' ? [] : store.all('SELECT action_id, kind, payload FROM sent WHERE result IS NULL ORDER BY n');
  const retryId = (id: unknown) => (lostAnswers === 'retry_new_id' ? `${String(id)}-retry-s${epoch}` : String(id));
  store.tx('new_session', () => {
    store.run("UPDATE link SET session = ?, lease_id = NULL, stage = 'in_doubt' WHERE id = 1", [epoch]);
    for (const r of doubt) {
      store.run('UPDATE sent SET resent = 1, action_id = ? WHERE action_id = ? AND result IS NULL', [retryId(r.action_id), String(r.action_id)]);
      store.run('UPDATE buffered SET batch = ? WHERE batch = ? AND result IS NULL', [retryId(r.action_id), String(r.action_id)]);
    }
  });
  return doubt.map((r) => ({ actionId: retryId(r.action_id), kind: String(r.kind) as CommandKind, payload: JSON.parse(String(r.payload)) as Record<string, unknown> }));
}

/** True once, when the new session has learnt the fate of every command in doubt: time to claim the work again. */
export function readyToClaim(store: Store): boolean {
  if (readLink(store).stage !== 'in_doubt') return false;
  if (Number(store.get('SELECT count(*) AS n FROM sent WHERE resent = 1 AND result IS NULL')!.n) > 0) return false;
  store.tx('claim_again', () => store.run("UPDATE link SET stage = 'claim' WHERE id = 1"));
  return true;
}

/** Ends the reconnect's reconciliation once the claim was answered and no buffered command waits for an answer. */
export function finishReconciling(store: Store): void {
  if (readLink(store).stage !== 'reconcile') return;
  const waiting = Number(store.get("SELECT count(*) AS n FROM buffered WHERE status = 'buffered' OR (status = 'rebased' AND result IS NULL)")!.n);
  if (waiting === 0) store.tx('reconciled', () => store.run('UPDATE link SET reconciling = 0, stage = NULL WHERE id = 1'));
}

/** The lease ended at the authority by this agent's own submission: it holds none any more. */
export function leaseReleased(store: Store): void {
  store.tx('lease_released', () => store.run('UPDATE link SET lease_id = NULL WHERE id = 1'));
}

export function newLease(store: Store, leaseId: string, epoch: number): void {
  store.tx('new_lease', () => store.run("UPDATE link SET lease_id = ?, epoch = ?, stage = 'reconcile' WHERE id = 1", [leaseId, epoch]));
}

/**
 * Rebases the buffer onto the new lease and session and returns the commands to send (each
 * with a new Action ID: its binding changed, MWP-EXT-005). `one_transaction`: one
 * `reconcile` command for all of it; `one_by_one` (the wrong design): each row alone.
 */
export function reconcileBuffer(store: Store, opts: { now: number; leaseId: string; session: number; actor: string; group: string; item: string; mode: ReconcileMode; rebase?: RebaseMode }): { commands: CommandContent[]; notes: Message[] } {
  const rows = store.all("SELECT n, action_id, kind, payload, session, lease_id FROM buffered WHERE status = 'buffered' ORDER BY n");
  if (rows.length === 0) return { commands: [], notes: [] };
  const rebase = opts.rebase ?? 'resign';
  const rebasedAs = (actionId: unknown) => (rebase === 'resign' ? `${String(actionId)}-rebased-s${opts.session}` : String(actionId));
  // The lease a row is sent under: the current one, or (as_made) the one it was made under.
  const leaseOf = (row: Record<string, unknown>) => (rebase === 'as_made' ? (row.lease_id === null ? null : String(row.lease_id)) : opts.leaseId);
  const sessionOf = (row: Record<string, unknown>) => (rebase === 'as_made' ? Number(row.session) : opts.session);
  const mark = (row: Record<string, unknown>, sentAs: string, batch: string) => store.run(
    "UPDATE buffered SET status = 'rebased', sent_as = ?, batch = ?, sent_session = ?, sent_lease = ?, current_session = ?, current_lease = ? WHERE n = ?",
    [sentAs, batch, sessionOf(row), leaseOf(row), opts.session, opts.leaseId, Number(row.n)]);
  const notes: Message[] = [];
  const commands: CommandContent[] = [];
  // Each command that carries buffered rows is kept with its content: if its answer is lost,
  // the next session sends it again as it was to learn whether it landed.
  const keep = (c: CommandContent) => store.run("INSERT INTO sent (action_id, kind, source, payload, cost_cents, lease_id, offline, reconciling, at) VALUES (?, ?, 'reconcile', ?, 0, ?, 0, 1, ?)",
    [c.actionId, c.kind, JSON.stringify(c.payload), (c.payload.lease_id as string | null | undefined) ?? null, opts.now]);
  if (opts.mode === 'one_by_one') {
    store.tx('rebase_commands', () => {
      for (const row of rows) {
        const sentAs = rebasedAs(row.action_id);
        mark(row, sentAs, sentAs);
        commands.push({ actor: opts.actor, actionId: sentAs, group: opts.group, kind: String(row.kind) as CommandKind, expectedRevision: null,
          payload: { ...(JSON.parse(String(row.payload)) as Record<string, unknown>), lease_id: leaseOf(row) } });
        keep(commands[commands.length - 1]!);
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
  commands.push({ actor: opts.actor, actionId: batch, group: opts.group, kind: 'reconcile', expectedRevision: null, payload: { work_item: opts.item, lease_id: leaseOf(rows[0]!) ?? '', submit, reports } });
  store.tx('rebase_commands', () => {
    for (const row of rows) mark(row, rebasedAs(row.action_id), batch);
    keep(commands[0]!);
  });
  notes.push(msg('outage.reconcile', { count: rows.length, lease: opts.leaseId, session: opts.session, action: batch }));
  return { commands, notes };
}

/** Reconciliation found the work is no longer ours: the buffer is not sent, and says why. */
export function abandonBuffered(store: Store, reason: string, said: Message | string = reason): Message | null {
  const n = store.tx('abandon_buffered', () => {
    store.run("UPDATE link SET stage = 'reconcile' WHERE id = 1 AND stage = 'claim'");
    return store.run("UPDATE buffered SET status = 'abandoned', result = ? WHERE status = 'buffered'", [`NOT_SENT: ${reason}`]);
  });
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
    reconciling: l.reconciling,
    sent: store.all("SELECT action_id, kind, result FROM sent WHERE source = 'direct' ORDER BY n").map((r) => ({ action_id: r.action_id, kind: r.kind, result: r.result })),
    last_code: String(store.get('SELECT result FROM buffered WHERE result IS NOT NULL ORDER BY n DESC LIMIT 1')?.result ?? ''),
  };
}

/** Commands still waiting in the buffer (the agent's node line). */
export function pendingCount(store: Store): number {
  return Number(store.get("SELECT count(*) AS n FROM buffered WHERE status = 'buffered'")!.n);
}

/**
 * Irreversible, externally visible actions taken without a current lease (MWP-WRK-020, OUT-1):
 * offline; after a reconnect before its reconciliation was answered (the old lease being
 * revoked, the buffer not landed); or holding no lease at all.
 */
export function unguardedIrreversible(store: Store): Message[] {
  // The lab's one irreversible action has its own lines, so it reads in the reader's language (a
  // violation's params stay scalars: verdicts save it); any other `what` is quoted as recorded.
  return store.all('SELECT what, lease_id, offline, reconciling, at FROM irreversible WHERE offline = 1 OR reconciling = 1 OR lease_id IS NULL ORDER BY n').map((r) => {
    const at = String(r.at);
    const why = Number(r.offline) === 1 ? 'offline' : Number(r.reconciling) === 1 ? 'unreconciled' : 'no_lease';
    return String(r.what) === 'email the customer'
      ? msg(`violations.outage.emailed_${why}`, { agent: 'agent-1', at })
      : msg(`violations.outage.irreversible_${why}`, { agent: 'agent-1', what: String(r.what), at });
  });
}

/**
 * Commands sent ahead of the buffer (MWP-WRK-020, OUT-4: it reconciles before submitting or
 * causing further side effects): a report or submission sent offline, after a reconnect
 * before its reconciliation was answered, or without a lease.
 */
export function sentAheadOfBuffer(store: Store): Message[] {
  return store.all("SELECT action_id, kind, offline, reconciling, lease_id, at FROM sent WHERE source = 'direct' AND (offline = 1 OR reconciling = 1 OR lease_id IS NULL) ORDER BY n").map((r) => {
    const why = Number(r.offline) === 1 ? 'offline' : Number(r.reconciling) === 1 ? 'unreconciled' : 'no_lease';
    return msg(`violations.outage.sent_${why}`, { action: String(r.action_id), at: String(r.at) });
  });
}

/**
 * Buffered commands sent without being rebased and re-signed (OUT-5): each names the session
 * and lease current when it was sent (MWP-WRK-021) under a new Action ID (MWP-EXT-005); its
 * offline binding stays in its row.
 */
export function notRebased(store: Store): Message[] {
  const out: Message[] = [];
  for (const r of store.all("SELECT action_id, sent_as, sent_session, sent_lease, current_session, current_lease FROM buffered WHERE status = 'rebased' ORDER BY n")) {
    if (r.sent_session !== r.current_session || r.sent_lease !== r.current_lease) {
      out.push(msg('violations.outage.not_rebased', { action: String(r.action_id), session: String(r.sent_session), lease: String(r.sent_lease ?? '–'), current: String(r.current_lease ?? '–') }));
    }
    if (r.sent_as === r.action_id) out.push(msg('violations.outage.same_action_id', { action: String(r.action_id), session: String(r.current_session) }));
  }
  return out;
}

/**
 * End condition: commands the agent made that are not settled — buffered ones not yet
 * reconciled, refused with their reconciliation or kept back with a reason, and reports or
 * submissions it sent with no answer (MWP-WRK-021, MWP-WRK-022; a lost answer, seed 002 §1).
 */
export function unsettledCommands(store: Store): Message[] {
  const buffered = store.all("SELECT action_id, status FROM buffered WHERE status = 'buffered' OR (status = 'rebased' AND result IS NULL) ORDER BY n")
    .map((r) => msg(String(r.status) === 'buffered' ? 'violations.outage.still_buffered' : 'violations.outage.unanswered', { action: String(r.action_id) }));
  const sent = store.all("SELECT action_id FROM sent WHERE source = 'direct' AND result IS NULL ORDER BY n").map((r) => msg('violations.outage.unanswered', { action: String(r.action_id) }));
  return [...buffered, ...sent];
}

/** The charges of the progress reports the authority accepted, as the agent's answers record them (an end condition compares them with the mission). */
export function acceptedCharges(store: Store): number {
  let total = 0;
  for (const r of store.all("SELECT payload FROM buffered WHERE kind = 'report_progress' AND result = 'ACCEPTED'")) total += Number((JSON.parse(String(r.payload)) as { cost_cents: number }).cost_cents);
  total += Number(store.get("SELECT COALESCE(SUM(cost_cents), 0) AS c FROM sent WHERE source = 'direct' AND kind = 'report_progress' AND result = 'ACCEPTED'")!.c);
  return total;
}

/** Each offline step judged against its own outage's grace period, so a breach stays on the record after reconnecting. */
export function workPastGrace(store: Store): Message[] {
  const grace = readLink(store).grace;
  return store.all('SELECT step, at, offline_since FROM local_work WHERE offline_since IS NOT NULL')
    .filter((r) => Number(r.at) >= Number(r.offline_since) + grace)
    .map((r) => msg('violations.outage.past_grace', { step: String(r.step), at: String(r.at) }));
}

/**
 * The agent's logical state for search. Times count relative to now and to each outage: the
 * grace left, and how many offline steps ran past their grace period (what OUT-2 judges), so
 * two schedules that differ there are never taken for one state.
 */
export function agentFingerprint(store: Store, now: number): string {
  const q = (sql: string) => JSON.stringify(store.all(sql).map((r) => Object.values(r)));
  return [q('SELECT offline_since IS NOT NULL, session, lease_id, epoch, reconciling, stage FROM link'), JSON.stringify(graceLeft(store, now)),
    q('SELECT count(*), COALESCE(SUM(w.offline_since IS NOT NULL AND w.at >= w.offline_since + l.grace), 0) FROM local_work w, link l'),
    q('SELECT action_id, kind, status, sent_as, sent_lease, result FROM buffered ORDER BY n'), q('SELECT what, offline, reconciling, lease_id IS NULL FROM irreversible ORDER BY n'),
    q('SELECT kind, source, offline, reconciling, lease_id IS NULL, resent, result FROM sent ORDER BY n'), q('SELECT what FROM refusals ORDER BY n')].join('\n');
}
