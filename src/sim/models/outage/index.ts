/**
 * The outage model (lab L13, SPEC §7): agent-1 runs W1 under a lease and loses its link to
 * the authority. Offline it may only continue already-active, reversible work within a
 * grace period; new work and irreversible actions are refused (MWP-WRK-020). Commands it
 * prepares offline keep their bindings; on reconnect — a new session — it reclaims the
 * work, rebases the buffered commands onto the new lease and re-signs them under new Action
 * IDs (MWP-WRK-021, MWP-EXT-005). Progress and its charge commit together or not at all
 * (MWP-WRK-022). The "optimistic" policy is the wrong design: it acts offline anyway.
 */
import { z } from 'zod';
import { zodProblem } from '../../zodProblem';
import { accept, registerActorKey } from '../../../core/authority/accept';
import { signCommand, type CommandContent, type CommandKind } from '../../../core/authority/commands';
import { readState } from '../../../core/authority/fold';
import { seededKeyPair } from '../../../core/authority/keys';
import type { AcceptResult } from '../../../core/authority/outcomes';
import { AUTHORITY_SCHEMA } from '../../../core/authority/schema';
import { workItemMachine } from '../../../core/authority/workItemMachine';
import type { Model, ModelAction, ModelContext } from '../../model';
import type { Frame } from '../../network';
import { authorityInvariants } from '../authority/invariants';
import { OUTAGE_AGENT_SCHEMA } from './agentSchema';

const AUTHORITY = 'authority';
const AGENT = 'agent-1';
const GROUP = 'G1';
const ITEM = 'W1';

const VERBS = ['disconnect', 'reconnect', 'work', 'start_new_work', 'email_customer', 'report_progress', 'big_charge', 'complete'] as const;
type OutageAction = { type: (typeof VERBS)[number] } & ModelAction;

const initialSchema = z.object({ grace_ticks: z.number().int().min(1), budget_cents: z.number().int().min(0), lease_ticks: z.number().int().min(1) }).strict();

const link = (ctx: ModelContext) => ctx.store(AGENT).get('SELECT * FROM link WHERE id = 1')!;
const offline = (ctx: ModelContext) => link(ctx).offline_since !== null;
const graceLeft = (ctx: ModelContext) => {
  const l = link(ctx);
  return l.offline_since === null ? null : Math.max(0, Number(l.offline_since) + Number(l.grace) - ctx.clock.now);
};

export const outageModel: Model<OutageAction> = {
  id: 'outage',
  switches: [{ key: 'offline_policy', label: 'While offline the agent', options: [
    { value: 'bounded', label: 'stays within the rules (correct)' }, { value: 'optimistic', label: 'carries on as if online (wrong)' }], default: 'bounded' }],
  faultPoints: [],
  nodes: () => [
    { id: AGENT, kind: 'worker', label: 'agent-1 (offline-capable)', schema: OUTAGE_AGENT_SCHEMA },
    { id: AUTHORITY, kind: 'authority', label: 'Authority (group service)', schema: AUTHORITY_SCHEMA },
  ],
  edges: [{ from: AGENT, to: AUTHORITY, label: 'commands' }],
  validateInitial: (raw) => zodProblem(initialSchema, raw),
  setup(ctx, raw) {
    const initial = initialSchema.parse(raw);
    const store = ctx.store(AUTHORITY);
    for (const actor of ['lead', AGENT]) registerActorKey(store, actor, seededKeyPair(ctx.rng.seed, actor).publicKeyHex);
    const run = (actor: string, n: number, kind: CommandKind, payload: Record<string, unknown>, expectedRevision: number | null = null) => {
      const result = accept(store, ctx.clock, ctx.faults(AUTHORITY), sign(ctx, { actor, actionId: `setup-${n}`, group: GROUP, kind, payload, expectedRevision }));
      if (result.code !== 'ACCEPTED') throw new Error(`setup ${kind}: ${result.code}`);
      return result;
    };
    run('lead', 1, 'create_group', { org: 'acme' });
    run('lead', 2, 'add_member', { agent: AGENT, role: 'worker' }, 1);
    run('lead', 3, 'create_mission', { mission: 'M1', budget_cents: initial.budget_cents });
    run('lead', 4, 'create_work_item', { work_item: ITEM, mission: 'M1' });
    run(AGENT, 5, 'open_session', {});
    const claim = run(AGENT, 6, 'claim', { work_item: ITEM, lease_ticks: initial.lease_ticks }, 1);
    const lease = String((claim as Extract<AcceptResult, { code: 'ACCEPTED' }>).event.payload.lease_id);
    ctx.store(AGENT).tx('setup_link', () => ctx.store(AGENT).run('INSERT INTO link (id, offline_since, session, lease_id, epoch, grace) VALUES (1, NULL, 1, ?, 1, ?)', [lease, initial.grace_ticks]));
    ctx.note(`agent-1 runs ${ITEM} under ${lease} (session 1). Offline it allows itself ${initial.grace_ticks} ticks of grace; the mission budget is ${initial.budget_cents}¢.`);
  },
  parseAction(raw) {
    const verb = typeof raw === 'string' ? raw : typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
    return (VERBS as readonly unknown[]).includes(verb) ? { type: verb as OutageAction['type'] } : `unknown action ${JSON.stringify(raw)} (expected ${VERBS.join(', ')})`;
  },
  describeAction: (a) => ({
    disconnect: 'agent-1 loses its link to the authority', reconnect: 'agent-1 reconnects (a new session)',
    work: 'agent-1 continues its reversible work on W1', start_new_work: 'agent-1 tries to start new work',
    email_customer: 'agent-1 tries to email the customer (irreversible)', report_progress: 'agent-1 reports progress (charge 100¢)',
    big_charge: 'agent-1 reports progress (charge 5000¢)', complete: 'agent-1 submits W1',
  })[a.type],
  precondition(ctx, action) {
    if (action.type === 'disconnect' && offline(ctx)) return 'agent-1 is already offline.';
    if (action.type === 'reconnect' && !offline(ctx)) return 'agent-1 is online.';
    return null;
  },
  apply(ctx, action) {
    const agent = ctx.store(AGENT);
    const bounded = ctx.switches.offline_policy === 'bounded';
    const refuse = (what: string, reason: string) => {
      agent.tx('refuse', () => agent.run('INSERT INTO refusals (what, reason, at) VALUES (?, ?, ?)', [what, reason, ctx.clock.now]));
      ctx.note(`agent-1 refuses to ${what}: ${reason}.`);
    };
    switch (action.type) {
      case 'disconnect':
        ctx.partition(AGENT, AUTHORITY);
        agent.tx('go_offline', () => agent.run('UPDATE link SET offline_since = ? WHERE id = 1', [ctx.clock.now]));
        return ctx.note(`agent-1 is offline from t=${ctx.clock.now}; its grace period ends at t=${ctx.clock.now + Number(link(ctx).grace)}.`);
      case 'reconnect':
        ctx.heal();
        agent.tx('go_online', () => agent.run("UPDATE link SET offline_since = NULL, phase = 'reopening' WHERE id = 1"));
        ctx.note('agent-1 is back. A new connection life is a new session: it must reconcile before it submits anything.');
        return sendCommand(ctx, 'open_session', {}, null, `session-${ctx.clock.nextStamp()}`);
      case 'work':
        if (offline(ctx) && bounded && graceLeft(ctx) === 0) return refuse('continue W1', 'the grace period is over (MWP-WRK-020)');
        agent.tx('local_step', () => agent.run('INSERT INTO local_work (step, at, offline) VALUES ((SELECT COALESCE(MAX(step), 0) + 1 FROM local_work), ?, ?)', [ctx.clock.now, offline(ctx) ? 1 : 0]));
        return ctx.note(`agent-1 computes another reversible step of ${ITEM}${offline(ctx) ? ` offline (${graceLeft(ctx)} tick(s) of grace left)` : ''}.`);
      case 'start_new_work':
        if (offline(ctx) && bounded) return refuse('start new work', 'no current lease or token while offline (MWP-WRK-020)');
        return ctx.note(offline(ctx) ? 'agent-1 starts new work it was never granted.' : 'There is no other queued work to start.');
      case 'email_customer':
        if (offline(ctx) && bounded) return refuse('email the customer', 'an externally visible action needs a current lease and token (MWP-WRK-020)');
        agent.tx('irreversible', () => agent.run('INSERT INTO irreversible (what, lease_id, offline, at) VALUES (?, ?, ?, ?)', ['email the customer', link(ctx).lease_id ?? null, offline(ctx) ? 1 : 0, ctx.clock.now]));
        return ctx.note(`agent-1 emails the customer${offline(ctx) ? ' while offline — it cannot know whether its lease still stands' : ` under ${link(ctx).lease_id}`}.`);
      case 'report_progress':
      case 'big_charge':
      case 'complete': {
        const kind: CommandKind = action.type === 'complete' ? 'complete' : 'report_progress';
        const payload = kind === 'complete' ? { work_item: ITEM, lease_id: link(ctx).lease_id }
          : { work_item: ITEM, lease_id: link(ctx).lease_id, cost_cents: action.type === 'big_charge' ? 5000 : 100, note: `step at t=${ctx.clock.now}` };
        const actionId = `${kind}-${ctx.clock.nextStamp()}`;
        if (offline(ctx) && bounded) {
          agent.tx('buffer_command', () => agent.run("INSERT INTO buffered (action_id, kind, payload, session, lease_id, status) VALUES (?, ?, ?, ?, ?, 'buffered')",
            [actionId, kind, JSON.stringify(payload), Number(link(ctx).session), link(ctx).lease_id ?? null]));
          return ctx.note(`Offline: ${kind} ${actionId} is buffered with its bindings (session ${link(ctx).session}, ${link(ctx).lease_id}).`);
        }
        return sendCommand(ctx, kind, payload, null, actionId);
      }
    }
  },
  receive(ctx, frame) {
    if (frame.to === AUTHORITY) return authorityReceives(ctx, frame);
    agentReceives(ctx, frame.body as unknown as { kind: CommandKind; actionId: string; result: AcceptResult });
  },
  afterAdvance: () => undefined,
  observe(ctx) {
    const agent = ctx.store(AGENT);
    const state = readState(ctx.store(AUTHORITY));
    const l = link(ctx);
    return {
      now: ctx.clock.now,
      offline: l.offline_since !== null,
      grace_left: graceLeft(ctx),
      session: Number(l.session),
      lease_id: l.lease_id,
      local_steps: Number(agent.get('SELECT count(*) AS n FROM local_work')!.n),
      buffered: agent.all('SELECT action_id, status, sent_as, result FROM buffered ORDER BY n').map((r) => ({ action_id: r.action_id, status: r.status, sent_as: r.sent_as, result: r.result })),
      refusals: agent.all('SELECT what FROM refusals ORDER BY n').map((r) => String(r.what)),
      irreversible: agent.all('SELECT what, offline FROM irreversible ORDER BY n').map((r) => ({ what: r.what, offline: r.offline === 1 })),
      work_item: (({ status, owner, epoch, leaseId, sessionEpoch, progress }) => ({ status, owner, epoch, lease_id: leaseId, session: sessionEpoch, progress }))(state.workItems[ITEM]!),
      spent_cents: state.missions.M1!.spent,
      last_code: String(agent.get("SELECT result FROM buffered WHERE result IS NOT NULL ORDER BY n DESC LIMIT 1")?.result ?? ''),
    };
  },
  invariants: [
    ...authorityInvariants,
    {
      id: 'OUT-1', statement: 'No irreversible or externally visible action is taken offline.', rule: 'MWP-WRK-020',
      check: (ctx) => ctx.store(AGENT).all('SELECT what, at FROM irreversible WHERE offline = 1').map((r) => `agent-1 did "${r.what}" offline at t=${r.at}`),
    },
    {
      id: 'OUT-2', statement: 'Offline work stays within the grace period.', rule: 'MWP-WRK-020',
      check(ctx) {
        const since = link(ctx).offline_since;
        const grace = Number(link(ctx).grace);
        return ctx.store(AGENT).all('SELECT step, at FROM local_work WHERE offline = 1').filter((r) => since !== null && Number(r.at) >= Number(since) + grace)
          .map((r) => `step ${r.step} ran offline at t=${r.at}, after the grace period`);
      },
    },
  ],
  machines: (ctx) => [{ id: 'work_item', title: `Work item ${ITEM} (authority)`, machine: workItemMachine, state: readState(ctx.store(AUTHORITY)).workItems[ITEM]!.status }],
  describeNodes(ctx) {
    const l = link(ctx);
    const w = readState(ctx.store(AUTHORITY)).workItems[ITEM]!;
    return {
      [AGENT]: [l.offline_since === null ? `online · session ${l.session}` : `OFFLINE · grace left ${graceLeft(ctx)}`, `holds ${l.lease_id ?? 'no lease'}`,
        `buffered: ${Number(ctx.store(AGENT).get("SELECT count(*) AS n FROM buffered WHERE status = 'buffered'")!.n)}`],
      [AUTHORITY]: [`${ITEM} ${w.status}${w.owner ? ` · ${w.owner} · epoch ${w.epoch}` : ''}`, `lease ${w.leaseId ?? '–'} · session ${w.sessionEpoch ?? '–'}`],
    };
  },
};

function sign(ctx: ModelContext, content: CommandContent) {
  return signCommand(seededKeyPair(ctx.rng.seed, content.actor), content);
}

function sendCommand(ctx: ModelContext, kind: CommandKind, payload: Record<string, unknown>, expectedRevision: number | null, actionId: string): void {
  const command = sign(ctx, { actor: AGENT, actionId, group: GROUP, kind, payload, expectedRevision });
  ctx.send(AGENT, AUTHORITY, 'command', { command: command as unknown as Record<string, unknown> });
}

function authorityReceives(ctx: ModelContext, frame: Frame): void {
  const command = frame.body.command as ReturnType<typeof sign>;
  const result = accept(ctx.store(AUTHORITY), ctx.clock, ctx.faults(AUTHORITY), command);
  ctx.note(`Authority: ${command.kind} ${command.actionId} → ${result.code}${'message' in result ? ` (${result.message})` : ''}.`);
  ctx.send(AUTHORITY, AGENT, 'result', { kind: command.kind, actionId: command.actionId, result: result as unknown as Record<string, unknown> });
}

/** Reconciliation on reconnect: new session → reclaim → rebase and re-sign the buffer. */
function agentReceives(ctx: ModelContext, body: { kind: CommandKind; actionId: string; result: AcceptResult }): void {
  const agent = ctx.store(AGENT);
  const { result } = body;
  agent.tx('record_result', () => agent.run('UPDATE buffered SET result = ? WHERE sent_as = ?', [result.code, body.actionId]));
  if (result.code !== 'ACCEPTED') {
    if (body.kind === 'claim') abandonBuffered(ctx, `the work could not be reclaimed (${result.code})`);
    return;
  }
  const payload = result.event.payload;
  if (body.kind === 'open_session') {
    agent.tx('new_session', () => agent.run('UPDATE link SET session = ?, lease_id = NULL WHERE id = 1', [Number(payload.epoch)]));
    ctx.note(`New session ${payload.epoch}: the old lease was revoked (${(payload.revoked as string[]).join(', ') || 'nothing'} back to queued). agent-1 claims ${ITEM} again.`);
    const revision = readState(ctx.store(AUTHORITY)).workItems[ITEM]!.revision; // the revision it would read in a fresh sync
    return sendCommand(ctx, 'claim', { work_item: ITEM }, revision, `reclaim-${ctx.clock.nextStamp()}`);
  }
  if (body.kind === 'claim') {
    agent.tx('new_lease', () => agent.run('UPDATE link SET lease_id = ?, epoch = ? WHERE id = 1', [String(payload.lease_id), Number(payload.epoch)]));
    rebaseBuffered(ctx, String(payload.lease_id), Number(payload.session));
  }
}

function rebaseBuffered(ctx: ModelContext, leaseId: string, session: number): void {
  const agent = ctx.store(AGENT);
  for (const row of agent.all("SELECT n, action_id, kind, payload, lease_id FROM buffered WHERE status = 'buffered' ORDER BY n")) {
    const payload = { ...(JSON.parse(String(row.payload)) as Record<string, unknown>), lease_id: leaseId };
    // The binding changed (session and fence), so this is a NEW command: new Action ID, new signature (MWP-EXT-005).
    const actionId = `${row.action_id}-rebased-s${session}`;
    agent.tx('rebase_command', () => agent.run("UPDATE buffered SET status = 'rebased', sent_as = ? WHERE n = ?", [actionId, Number(row.n)]));
    ctx.note(`Rebased ${row.action_id} from ${row.lease_id} onto ${leaseId} (session ${session}) and re-signed it as ${actionId}.`);
    sendCommand(ctx, row.kind as CommandKind, payload, null, actionId);
  }
}

/** Reconciliation found the work is no longer ours: the buffer is not sent, and says why. */
function abandonBuffered(ctx: ModelContext, reason: string): void {
  const agent = ctx.store(AGENT);
  const n = agent.tx('abandon_buffered', () => agent.run("UPDATE buffered SET status = 'abandoned', result = ? WHERE status = 'buffered'", [`NOT_SENT: ${reason}`]));
  if (n > 0) ctx.note(`Reconciliation: ${reason}. ${n} buffered command(s) are kept as a record and not sent.`);
}
