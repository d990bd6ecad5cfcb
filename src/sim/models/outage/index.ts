/**
 * The outage model (lab L13, SPEC §7) — wiring only; the agent's rules are in
 * `core/offline/agent.ts`. agent-1 runs W1 under a lease and loses its link to the
 * authority. Offline it may only continue already-active, reversible work within a grace
 * period (MWP-WRK-020); commands are buffered with their bindings (MWP-WRK-021). On
 * reconnect — a new session — it reclaims the work and reconciles: the buffer rebased,
 * re-signed under new Action IDs (MWP-EXT-005) and accepted as one transaction with its
 * charge, or rejected whole (MWP-WRK-022).
 */
import { z } from 'zod';
import { zodProblem } from '../../zodProblem';
import { accept, registerActorKey } from '../../../core/authority/accept';
import { signCommand, type CommandContent, type CommandKind, type SignedCommand } from '../../../core/authority/commands';
import { readState } from '../../../core/authority/fold';
import { seededKeyPair } from '../../../core/authority/keys';
import type { AcceptResult } from '../../../core/authority/outcomes';
import { AUTHORITY_SCHEMA } from '../../../core/authority/schema';
import { workItemMachine } from '../../../core/authority/workItemMachine';
import { msg, statusWord } from '../../../core/message';
import {
  abandonBuffered, acceptedCharges, agentFingerprint, continueWork, finishReconciling, goOffline, goOnline, graceLeft, irreversibleAction, isOffline, leaseReleased,
  newLease, newSession, notRebased, observeAgent, partialReconciliations, pendingCount, prepareCommand, readLink, readyToClaim, reconcileBuffer, recordResult, sentAheadOfBuffer,
  startLink, startNewWork, unguardedIrreversible, unsettledCommands, workPastGrace,
  type LostAnswerMode, type OfflinePolicy, type RebaseMode, type ReconcileMode,
} from '../../../core/offline/agent';
import { OUTAGE_AGENT_SCHEMA } from '../../../core/offline/schema';
import type { EndCondition, Model, ModelAction, ModelContext } from '../../model';
import type { Frame } from '../../network';
import { authorityInvariants } from '../authority/invariants';
import { rerunOnWrites } from '../projection/onWrites';
import { footprintOutage } from './footprint';

const AUTHORITY = 'authority';
const AGENT = 'agent-1';
const GROUP = 'G1';
const ITEM = 'W1';

/** What each progress report charges the mission: the label shows it, the command sends it. */
const CHARGE_CENTS = { report_progress: 100, big_charge: 5000 } as const;
const VERBS = ['disconnect', 'reconnect', 'work', 'start_new_work', 'email_customer', 'report_progress', 'big_charge', 'complete'] as const;
type OutageAction = { type: (typeof VERBS)[number] } & ModelAction;

const initialSchema = z.object({ grace_ticks: z.number().int().min(1), budget_cents: z.number().int().min(0), lease_ticks: z.number().int().min(1) }).strict();

/** Frames validated where they enter. */
const commandFrame = z.object({ command: z.object({ actor: z.string(), actionId: z.string(), group: z.string(), kind: z.string(), expectedRevision: z.number().int().nullable(), payload: z.record(z.string(), z.unknown()), signature: z.string() }) });
const resultFrame = z.object({ kind: z.string(), actionId: z.string(), code: z.string(), event: z.object({ payload: z.record(z.string(), z.unknown()) }).nullable() });

/** Signs as `content.actor` with its seeded key (core's `seededKeyPair` caches the pair). */
function sign(ctx: ModelContext, content: CommandContent): SignedCommand {
  return signCommand(seededKeyPair(ctx.rng.seed, content.actor), content);
}

const agentOf = (ctx: ModelContext) => ctx.store(AGENT);
const policy = (ctx: ModelContext) => ctx.switches.offline_policy as OfflinePolicy;

export const outageModel: Model<OutageAction> = {
  id: 'outage',
  switches: [
    { key: 'offline_policy', label: 'While offline the agent', options: [
      { value: 'bounded', label: 'keeps to its lease, token and grace period', presented: 'right' },
      { value: 'optimistic', label: 'carries on as if online', presented: 'wrong' }], default: 'bounded' },
    { key: 'reconcile', label: 'On reconnect the buffer is sent', options: [
      { value: 'one_transaction', label: 'as one reconciliation with its charge', presented: 'right' },
      { value: 'one_by_one', label: 'one command at a time', presented: 'wrong' }], default: 'one_transaction' },
    { key: 'rebase', label: 'Each buffered command goes out', options: [
      { value: 'resign', label: 'on the current session and lease, under a new Action ID', presented: 'right' },
      { value: 'same_action_id', label: 'on the current session and lease, under the Action ID it was made with', presented: 'wrong' },
      { value: 'as_made', label: 'with the session and lease it was made under', presented: 'wrong' }], default: 'resign' },
    { key: 'lost_answer', label: 'A command whose answer was lost with the link', options: [
      { value: 'resend_same', label: 'is sent again unchanged after reconnecting, to learn whether it landed', presented: 'right' },
      { value: 'leave', label: 'is left as it is', presented: 'wrong' },
      { value: 'retry_new_id', label: 'is retried after reconnecting under a new Action ID', presented: 'wrong' }], default: 'resend_same' },
  ],
  faultPoints: [],
  nodes: () => [
    { id: AGENT, kind: 'worker', label: msg('view.outage.node.agent'), schema: OUTAGE_AGENT_SCHEMA },
    { id: AUTHORITY, kind: 'authority', label: msg('view.authority.node.authority'), schema: AUTHORITY_SCHEMA },
  ],
  edges: [{ from: AGENT, to: AUTHORITY, label: msg('view.authority.edge.commands') }],
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
    startLink(agentOf(ctx), lease, initial.grace_ticks);
    ctx.note(msg('outage.setup', { item: ITEM, lease, grace: initial.grace_ticks, budget: initial.budget_cents }));
  },
  parseAction(raw) {
    const verb = typeof raw === 'string' ? raw : typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
    return (VERBS as readonly unknown[]).includes(verb) ? { type: verb as OutageAction['type'] } : `unknown action ${JSON.stringify(raw)} (expected ${VERBS.join(', ')})`;
  },
  // Labels: namespace `actions` (src/lab/messages/<locale>/actions.json).
  describeAction: (a) => {
    const charge = CHARGE_CENTS[a.type as keyof typeof CHARGE_CENTS];
    return charge === undefined ? msg(`actions.outage.${a.type}`) : msg(`actions.outage.${a.type}`, { charge });
  },
  precondition(ctx, action) {
    if (action.type === 'disconnect' && isOffline(agentOf(ctx))) return msg('refusals.outage.already_offline', { agent: AGENT });
    if (action.type === 'reconnect' && !isOffline(agentOf(ctx))) return msg('refusals.outage.online', { agent: AGENT });
    return null;
  },
  apply(ctx, action) {
    const agent = agentOf(ctx);
    const now = ctx.clock.now;
    switch (action.type) {
      case 'disconnect':
        ctx.partition(AGENT, AUTHORITY);
        return ctx.note(goOffline(agent, now));
      case 'reconnect':
        ctx.heal();
        ctx.note(goOnline(agent));
        return sendCommand(ctx, { kind: 'open_session', payload: {}, expectedRevision: null, actionId: `session-${ctx.clock.nextStamp()}` });
      case 'work':
        return ctx.note(continueWork(agent, now, policy(ctx), ITEM));
      case 'start_new_work':
        return ctx.note(startNewWork(agent, now, policy(ctx)));
      case 'email_customer':
        return ctx.note(irreversibleAction(agent, now, policy(ctx), 'email the customer', msg('outage.what.email_customer')));
      case 'report_progress':
      case 'big_charge':
      case 'complete': {
        const kind: CommandKind = action.type === 'complete' ? 'complete' : 'report_progress';
        const lease = readLink(agent).leaseId;
        const payload = kind === 'complete' ? { work_item: ITEM, lease_id: lease }
          : { work_item: ITEM, lease_id: lease, cost_cents: CHARGE_CENTS[action.type === 'big_charge' ? 'big_charge' : 'report_progress'], note: `step at t=${now}` };
        const actionId = `${kind}-${ctx.clock.nextStamp()}`;
        const prepared = prepareCommand(agent, now, policy(ctx), kind, payload, actionId);
        if (prepared.note) ctx.note(prepared.note);
        if (prepared.send) sendCommand(ctx, { kind, payload, expectedRevision: null, actionId });
        return;
      }
    }
  },
  receive(ctx, frame) {
    if (frame.to === AUTHORITY) return authorityReceives(ctx, frame);
    agentReceives(ctx, resultFrame.parse(frame.body));
  },
  afterAdvance: () => undefined,
  observe(ctx) {
    const state = readState(ctx.store(AUTHORITY));
    return {
      now: ctx.clock.now,
      ...observeAgent(agentOf(ctx), ctx.clock.now),
      work_item: (({ status, owner, epoch, leaseId, sessionEpoch, progress }) => ({ status, owner, epoch, lease_id: leaseId, session: sessionEpoch, progress }))(state.workItems[ITEM]!),
      spent_cents: state.missions.M1!.spent,
    };
  },
  invariants: [
    ...authorityInvariants,
    // checkStep: each re-runs only on a step that wrote a table it reads (agreement: oracle.test.ts).
    { id: 'OUT-1', statement: 'No irreversible or externally visible action without a current lease: none offline, none after a reconnect before the buffered work is reconciled.',
      rule: 'MWP-WRK-020', rules: ['MWP-WRK-020'], ...rerunOnWrites({ [AGENT]: ['irreversible'] }, (ctx) => unguardedIrreversible(agentOf(ctx))) },
    { id: 'OUT-2', statement: 'Offline work stays within the grace period.', rule: 'MWP-WRK-020', rules: ['MWP-WRK-020'], ...rerunOnWrites({ [AGENT]: ['link', 'local_work'] }, (ctx) => workPastGrace(agentOf(ctx))) },
    { id: 'OUT-3', statement: 'A reconciliation lands whole or not at all: no buffered report is accepted while another of the same reconciliation is rejected.',
      rule: 'MWP-WRK-022', rules: ['MWP-WRK-022'], ...rerunOnWrites({ [AGENT]: ['buffered'] }, (ctx) => partialReconciliations(agentOf(ctx))) },
    { id: 'OUT-4', statement: 'Reconcile before submitting: no report or submission goes out offline, without a lease, or after a reconnect before the buffered work is reconciled.',
      rule: 'MWP-WRK-020', rules: ['MWP-WRK-020'], ...rerunOnWrites({ [AGENT]: ['sent'] }, (ctx) => sentAheadOfBuffer(agentOf(ctx))) },
    { id: 'OUT-5', statement: 'Every buffered command goes out rebased onto the current session and lease and re-signed under a new Action ID; its offline binding stays on record.',
      rule: 'MWP-WRK-021, MWP-EXT-005', rules: ['MWP-WRK-021', 'MWP-EXT-005'], ...rerunOnWrites({ [AGENT]: ['buffered'] }, (ctx) => notRebased(agentOf(ctx))) },
  ],
  endConditions: outageEndConditions(),
  // The agent's own way back: it reconnects (a new session), and the answers that follow
  // rebase, re-sign and reconcile the buffer; the explorer delivers those frames itself.
  recoveryMoves: (ctx) => (isOffline(agentOf(ctx)) ? [{ type: 'reconnect' }] : []),
  // In manual delivery: reconnect; open_session, each command in doubt sent again, claim and
  // reconcile, each a frame there and one back (7 + 2 per command in doubt; two fit in 12).
  recoveryBound: 12,
  machines: (ctx) => [{ id: 'work_item', title: msg('view.authority.machine.work_item', { id: ITEM }), machine: workItemMachine, state: readState(ctx.store(AUTHORITY)).workItems[ITEM]!.status }],
  describeNodes(ctx) {
    const l = readLink(agentOf(ctx));
    const w = readState(ctx.store(AUTHORITY)).workItems[ITEM]!;
    return {
      [AGENT]: [
        l.offlineSince !== null ? msg('view.outage.offline', { grace: graceLeft(agentOf(ctx), ctx.clock.now) })
          : l.reconciling ? msg('view.outage.reconciling', { session: l.session, stage: l.stage ?? '' }) : msg('view.outage.online', { session: l.session }),
        l.leaseId ? msg('view.outage.holds', { lease: l.leaseId }) : msg('view.outage.no_lease'),
        msg('view.outage.buffered', { count: pendingCount(agentOf(ctx)) }),
      ],
      [AUTHORITY]: [
        w.owner ? msg('view.outage.item_owned', { id: ITEM, status: statusWord(w.status), owner: w.owner, epoch: w.epoch }) : msg('view.outage.item', { id: ITEM, status: statusWord(w.status) }),
        msg('view.outage.lease', { lease: w.leaseId ?? '–', session: w.sessionEpoch ?? '–' }),
      ],
    };
  },
  enabled: (ctx) => VERBS.filter((type) => (type === 'disconnect' ? !isOffline(agentOf(ctx)) : type === 'reconnect' ? isOffline(agentOf(ctx)) : true)).map((type) => ({ type })),
  fingerprint: (ctx) => `${agentFingerprint(agentOf(ctx), ctx.clock.now)}\n--\n${JSON.stringify(readState(ctx.store(AUTHORITY)))}`,
  footprint: footprintOutage,
};

/** What a settled L13 looks like once the outage is over (liveness). */
function outageEndConditions(): EndCondition[] {
  return [
    { id: 'OUT-END-1', statement: 'The outage is over and nothing is left half-way: agent-1 is back and done reconciling; each buffered command reconciled, refused with its whole reconciliation, or kept back with a reason; each command it sent answered; no lease on W1 at the authority that agent-1 does not hold.',
      rules: ['MWP-WRK-020', 'MWP-WRK-021', 'M07-1'], check: (ctx) => {
        const l = readLink(agentOf(ctx));
        const w = readState(ctx.store(AUTHORITY)).workItems[ITEM]!;
        const out = [];
        if (l.offlineSince !== null) out.push(msg('violations.outage.still_offline', { agent: AGENT }));
        else if (l.reconciling) out.push(msg('violations.outage.still_reconciling', { agent: AGENT }));
        out.push(...unsettledCommands(agentOf(ctx)));
        // The authority still counts a lease as held that agent-1 (gone, or past it) does not hold.
        if (w.leaseId !== null && w.leaseId !== undefined && (w.owner !== AGENT || w.leaseId !== l.leaseId || l.offlineSince !== null)) {
          out.push(msg('violations.outage.lease_left', { lease: String(w.leaseId), agent: AGENT }));
        }
        return out;
      } },
    { id: 'OUT-END-2', statement: "The mission's spending equals the charges of the reports that agent-1 knows the authority accepted.",
      rules: ['MWP-WRK-022', 'M07-1'], check: (ctx) => {
        const spent = readState(ctx.store(AUTHORITY)).missions.M1!.spent;
        const accepted = acceptedCharges(agentOf(ctx));
        return spent === accepted ? [] : [msg('violations.outage.charges_differ', { spent, accepted })];
      } },
  ];
}

function sendCommand(ctx: ModelContext, c: Pick<CommandContent, 'kind' | 'payload' | 'expectedRevision' | 'actionId'>): void {
  const command = sign(ctx, { actor: AGENT, group: GROUP, ...c });
  ctx.send(AGENT, AUTHORITY, 'command', { command: { ...command } });
}

function authorityReceives(ctx: ModelContext, frame: Frame): void {
  const command = commandFrame.parse(frame.body).command as SignedCommand;
  const result = accept(ctx.store(AUTHORITY), ctx.clock, ctx.faults(AUTHORITY), command);
  ctx.note(msg('outage.authority_answer', { kind: command.kind, action: command.actionId, code: result.code, detail: 'message' in result ? result.reason ?? result.message : '' }));
  ctx.send(AUTHORITY, AGENT, 'result', { kind: command.kind, actionId: command.actionId, code: result.code, event: result.code === 'ACCEPTED' ? { payload: result.event.payload } : null });
}

/**
 * Reconciliation on reconnect: new session → the commands whose answer was lost sent again
 * as they were (their fate learnt from the authority's receipts) → reclaim → one reconcile
 * command for the buffer.
 */
function agentReceives(ctx: ModelContext, body: z.infer<typeof resultFrame>): void {
  const agent = agentOf(ctx);
  recordResult(agent, body.actionId, body.code);
  const accepted = body.code === 'ACCEPTED' && body.event !== null;
  const payload = body.event?.payload ?? {};
  if (body.kind === 'open_session') {
    if (!accepted) return;
    const doubt = newSession(agent, Number(payload.epoch), (ctx.switches.lost_answer ?? 'resend_same') as LostAnswerMode);
    const revoked = ((payload.revoked as string[]) ?? []).join(', ');
    ctx.note(revoked ? msg('outage.new_session', { epoch: Number(payload.epoch), revoked, item: ITEM }) : msg('outage.new_session_none', { epoch: Number(payload.epoch), item: ITEM }));
    if (doubt.length > 0) ctx.note(msg('outage.in_doubt', { count: doubt.length, actions: doubt.map((d) => d.actionId).join(', ') }));
    for (const c of doubt) sendCommand(ctx, { ...c, expectedRevision: null });
    return claimWhenReady(ctx);
  }
  if (body.kind === 'claim') {
    if (!accepted) {
      const note = abandonBuffered(agent, `the work could not be reclaimed (${body.code})`, msg('reasons.outage.not_reclaimed', { code: body.code }));
      if (note) ctx.note(note);
      return finishReconciling(agent);
    }
    newLease(agent, String(payload.lease_id), Number(payload.epoch));
    const { commands, notes } = reconcileBuffer(agent, {
      now: ctx.clock.now, leaseId: String(payload.lease_id), session: Number(payload.session), actor: AGENT, group: GROUP, item: ITEM,
      mode: ctx.switches.reconcile as ReconcileMode, rebase: (ctx.switches.rebase ?? 'resign') as RebaseMode,
    });
    for (const note of notes) ctx.note(note);
    for (const c of commands) sendCommand(ctx, c);
    return finishReconciling(agent);
  }
  // A submission the authority accepted ended the lease (MWP-WRK-014): the agent holds none now.
  if (accepted && (body.kind === 'complete' || (body.kind === 'reconcile' && payload.submitted === true))) leaseReleased(agent);
  claimWhenReady(ctx);
  finishReconciling(agent);
}

/** Claims the work again once the new session knows what became of every command in doubt. */
function claimWhenReady(ctx: ModelContext): void {
  if (!readyToClaim(agentOf(ctx))) return;
  const revision = readState(ctx.store(AUTHORITY)).workItems[ITEM]!.revision; // the revision it would read in a fresh sync
  sendCommand(ctx, { kind: 'claim', payload: { work_item: ITEM }, expectedRevision: revision, actionId: `reclaim-${ctx.clock.nextStamp()}` });
}
