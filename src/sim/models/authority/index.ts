/**
 * The authority model (lab L09): clients `lead`, `agent-1`, `agent-2` sign commands and
 * send them over the network; the authority runs `accept` — one transaction — and replies.
 * Every outcome on screen is the real result code from the accept transaction.
 */
import { accept, AcceptFaultPoint, registerActorKey } from '../../../core/authority/accept';
import { CLIENT_SCHEMA, lastSent, recordReply, recordSent, unanswered } from '../../../core/authority/client';
import { digestOf, signCommand, type CommandContent, type SignedCommand } from '../../../core/authority/commands';
import { currentRevision, HANDLERS } from '../../../core/authority/handlers';
import { seededKeyPair, signDigest } from '../../../core/authority/keys';
import type { AcceptResult } from '../../../core/authority/outcomes';
import { AUTHORITY_SCHEMA } from '../../../core/authority/schema';
import { workItemMachine } from '../../../core/authority/workItemMachine';
import { callTool, TOOL_SCHEMA } from '../../../core/authority/tool';
import { keepAsEvidence, sweepCommands } from '../../../core/authority/evidence';
import { lastAcceptedSent } from '../../../core/authority/inspect';
import { readState } from '../../../core/authority/fold';
import { commandBody, parseAuthorityFrame, resultBody } from '../../../core/authority/frames';
import { msg, type Message } from '../../../core/message';
import type { Model, ModelContext } from '../../model';
import { CLIENTS, describeAuthorityAction, parseAuthorityAction, type AuthorityAction } from './actions';
import { authorityInitialSchema, setupCommands, validateAuthorityInitial } from './initial';
import { authorityRuledInvariants } from './invariants';
import { designInvariants } from './designInvariants';
import { toolInvariants } from './toolAudit';
import { AUTHORITY_SWITCHES } from './switches';
import { designFrom } from '../../../core/authority/design';
import { authorityEndConditions, authorityRecoveryMoves } from './recovery';
import { attemptKey, toolGuard } from './toolCall';
import { authorityCandidates, authorityFingerprint, authorityFrameFingerprint } from './search';
import { footprintAuthority } from './footprint';
import { describeAuthorityNodes, groupOf, observeAuthority, workItemStates } from './view';

const AUTHORITY = 'authority';
const TOOL = 'tool';


export const authorityModel: Model<AuthorityAction> = {
  id: 'authority',
  switches: AUTHORITY_SWITCHES,
  faultPoints: [
    { point: AcceptFaultPoint.afterStateChange, node: AUTHORITY, label: 'crash after the state change' },
    { point: AcceptFaultPoint.afterEventAppend, node: AUTHORITY, label: 'crash after the event append' },
    { point: AcceptFaultPoint.beforeCommit, node: AUTHORITY, label: 'crash just before commit' },
    { point: AcceptFaultPoint.afterCommit, node: AUTHORITY, label: 'crash after commit, before the reply' },
  ],
  nodes: () => [
    { id: 'lead', kind: 'worker', label: msg('view.authority.node.lead'), schema: CLIENT_SCHEMA },
    { id: 'agent-1', kind: 'worker', label: 'agent-1', schema: CLIENT_SCHEMA },
    { id: 'agent-2', kind: 'worker', label: 'agent-2', schema: CLIENT_SCHEMA },
    { id: AUTHORITY, kind: 'authority', label: msg('view.authority.node.authority'), schema: AUTHORITY_SCHEMA },
    { id: TOOL, kind: 'service', label: msg('view.authority.node.tool'), schema: TOOL_SCHEMA },
  ],
  edges: CLIENTS.map((c) => ({ from: c, to: AUTHORITY, label: msg('view.authority.edge.commands') })),
  validateInitial: validateAuthorityInitial,

  setup(ctx, raw) {
    const initial = authorityInitialSchema.parse(raw);
    if (initial.now) ctx.clock.advanceTo(initial.now);
    const store = ctx.store(AUTHORITY);
    for (const client of CLIENTS) registerActorKey(store, client, seededKeyPair(ctx.rng.seed, client).publicKeyHex);
    setupCommands(initial).forEach((step, i) => {
      const command = sign(ctx, { actor: 'lead', actionId: `setup-${i + 1}`, group: initial.group, ...step });
      const result = accept(store, ctx.clock, ctx.faults(AUTHORITY), command);
      if (result.code !== 'ACCEPTED') throw new Error(`setup command ${step.kind} was ${result.code}`);
    });
    ctx.note(msg('authority.setup', { group: initial.group, count: setupCommands(initial).length }));
  },

  parseAction: parseAuthorityAction,
  describeAction: describeAuthorityAction,

  precondition(ctx, action) {
    if (action.type === 'tool_call') return toolGuard(ctx, action.actor, action.work_item);
    if (action.type === 'send' || action.type === 'race_claim') return null;
    if (action.type === 'resend_unanswered') return unanswered(ctx.store(action.actor)).length > 0 ? null : msg('refusals.authority.all_answered', { actor: action.actor });
    if (action.type === 'stale_last') return lastAccepted(ctx) ? null : msg('refusals.authority.nothing_accepted');
    return lastCommand(ctx) ? null : msg('refusals.authority.nothing_sent');
  },

  apply(ctx, action) {
    switch (action.type) {
      case 'send': {
        const group = groupOf(ctx);
        // "auto" asks for a fresh Action ID: a new intent each time the button is pressed.
        const actionId = action.action_id === 'auto' ? `${action.actor}-${action.kind}-${ctx.clock.nextStamp()}` : action.action_id;
        const content: CommandContent = {
          actor: action.actor, actionId, group, kind: action.kind, payload: action.payload,
          expectedRevision: action.expected_revision === 'current' ? revisionNow(ctx, action.kind, action.payload, group) : action.expected_revision,
        };
        return send(ctx, sign(ctx, content));
      }
      case 'race_claim': {
        const group = groupOf(ctx);
        const revision = revisionNow(ctx, 'claim', { work_item: action.work_item }, group);
        const stamp = ctx.clock.nextStamp();
        for (const actor of ['agent-1', 'agent-2'] as const) {
          send(ctx, sign(ctx, { actor, actionId: `race-${stamp}-${actor}`, group, kind: 'claim', payload: { work_item: action.work_item }, expectedRevision: revision }));
        }
        ctx.note(msg('authority.race', { work_item: action.work_item, revision }));
        return;
      }
      case 'tool_call': {
        // The agent read its item from the authority just now (toolGuard): its key is built from that record.
        const state = readState(ctx.store(AUTHORITY));
        const key = attemptKey(ctx.switches, action.work_item, state.workItems[action.work_item]!)!;
        const authoritySeq = state.groups[groupOf(ctx)]?.sequence ?? 0;
        const { performed } = callTool(ctx.store(TOOL), key, ctx.clock.now, { actor: action.actor, workItem: action.work_item, authoritySeq });
        return ctx.note(msg(performed ? 'authority.tool_performed' : 'authority.tool_already_performed', { work_item: action.work_item, key }));
      }
      case 'resend_unanswered': {
        const first = unanswered(ctx.store(action.actor))[0]!.command;
        // The broken design retries under a fresh Action ID: a new intent, and the first one never answered.
        return send(ctx, ctx.switches.resend === 'new_action_id' ? sign(ctx, { ...first, actionId: `${first.actionId}-retry-${ctx.clock.nextStamp()}` }) : first);
      }
      case 'stale_last':
        return sendVariant(ctx, action.type, lastAccepted(ctx)!);
      default:
        return sendVariant(ctx, action.type, lastCommand(ctx)!);
    }
  },

  receive(ctx, frame) {
    const parsed = parseAuthorityFrame(frame.kind, frame.body);
    if (typeof parsed === 'string') throw new Error(`${frame.to}: malformed frame: ${parsed}`);
    if (parsed.kind === 'command') return authorityReceives(ctx, parsed.command);
    const r = parsed.result;
    recordReply(ctx.store(frame.to), {
      stamp: ctx.clock.nextStamp(), actionId: parsed.actionId, code: r.code, digest: r.digest,
      receiptId: 'receipt' in r ? r.receipt.receiptId : null,
      eventId: 'receipt' in r ? r.receipt.eventId : null,
      message: 'message' in r ? r.message : null,
    });
  },

  afterAdvance(ctx) {
    if (ctx.switches.lease_sweep !== 'on' && ctx.switches.lease_sweep !== 'leases_only') return;
    const store = ctx.store(AUTHORITY);
    for (const due of sweepCommands(store, groupOf(ctx), 'lead', ctx.clock.now)) {
      if (due.missedStart && ctx.switches.lease_sweep === 'leases_only') continue;
      const result = accept(store, ctx.clock, ctx.faults(AUTHORITY), sign(ctx, due.command), designFrom(ctx.switches));
      if (result.code === 'ACCEPTED') {
        ctx.note(msg(due.missedStart ? 'authority.swept_missed_start' : 'authority.swept_missed_renewal', { work_item: due.workItem, owner: due.owner, epoch: due.epoch }));
      }
    }
  },
  observe: observeAuthority,
  invariants: [...authorityRuledInvariants(), ...designInvariants, ...toolInvariants],
  machines: (ctx) => workItemStates(ctx).map(({ id, status }) => ({
    id: `work_item-${id}`, title: msg('view.authority.machine.work_item', { id }), machine: workItemMachine, state: status,
  })),
  describeNodes: describeAuthorityNodes,
  enabled: (ctx) => authorityCandidates(ctx).filter((action) => authorityModel.precondition(ctx, action) === null),
  fingerprint: authorityFingerprint,
  endConditions: authorityEndConditions,
  recoveryMoves: authorityRecoveryMoves,
  frameFingerprint: authorityFrameFingerprint,
  footprint: footprintAuthority,
};

function sign(ctx: ModelContext, content: CommandContent): SignedCommand {
  return signCommand(seededKeyPair(ctx.rng.seed, content.actor), content);
}

function send(ctx: ModelContext, command: SignedCommand): void {
  const digest = digestOf(command);
  recordSent(ctx.store(command.actor), ctx.clock.nextStamp(), command, digest);
  ctx.send(command.actor, AUTHORITY, 'command', commandBody(command));
  ctx.note(msg('authority.signs', { actor: command.actor, action_id: command.actionId, kind: command.kind, digest: short(digest) }));
}

/** The newest command any client sent. */
function lastCommand(ctx: ModelContext): { command: SignedCommand; stamp: number } | null {
  let newest: { command: SignedCommand; stamp: number } | null = null;
  for (const client of CLIENTS) {
    const last = lastSent(ctx.store(client));
    if (last && (!newest || last.stamp > newest.stamp)) newest = last;
  }
  return newest;
}

/** The newest command that the authority ACCEPTED (by the replies clients received). */
function lastAccepted(ctx: ModelContext): { command: SignedCommand; stamp: number } | null {
  let newest: { command: SignedCommand; stamp: number } | null = null;
  for (const client of CLIENTS) {
    const row = lastAcceptedSent(ctx.store(client));
    if (row && (!newest || row.stamp > newest.stamp)) newest = row;
  }
  return newest;
}

function sendVariant(ctx: ModelContext, variant: 'resend_last' | 'tamper_last' | 'stale_last' | 'forge_last', last: { command: SignedCommand; stamp: number }): void {
  const original = last.command;
  switch (variant) {
    case 'resend_last':
      return send(ctx, original);
    case 'tamper_last':
      return send(ctx, sign(ctx, { ...original, payload: flipOneByte(original.payload) }));
    case 'stale_last': {
      const expected = original.expectedRevision ?? Math.max(0, (revisionNow(ctx, original.kind, original.payload, original.group) ?? 1) - 1);
      return send(ctx, sign(ctx, { ...original, actionId: `${original.actionId}-again-${last.stamp}`, expectedRevision: expected }));
    }
    case 'forge_last': {
      const other = CLIENTS.find((c) => c !== original.actor)!;
      ctx.note(msg('authority.forged', { other, actor: original.actor }));
      return send(ctx, { ...original, signature: signDigest(seededKeyPair(ctx.rng.seed, other), digestOf(original)) });
    }
  }
}

/** Changes one character of the first string in the payload (by key order), or bumps a number. */
export function flipOneByte(payload: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(payload).sort();
  const key = keys.find((k) => typeof payload[k] === 'string' && (payload[k] as string).length > 0);
  if (key) {
    const text = payload[key] as string;
    return { ...payload, [key]: text.slice(0, -1) + String.fromCharCode(text.charCodeAt(text.length - 1) ^ 1) };
  }
  const numeric = keys.find((k) => typeof payload[k] === 'number');
  return numeric ? { ...payload, [numeric]: (payload[numeric] as number) + 1 } : { ...payload, note: 'x' };
}

/** The revision a client would read right now for the aggregate a command targets. */
function revisionNow(ctx: ModelContext, kind: CommandContent['kind'], payload: Record<string, unknown>, group: string): number | null {
  const target = HANDLERS[kind].target(payload, { actor: '', actionId: '', group, kind, expectedRevision: null, payload });
  if (typeof target.id !== 'string') return null;
  return currentRevision(ctx.store(AUTHORITY), target) ?? (target.creates ? 0 : null);
}

function authorityReceives(ctx: ModelContext, command: SignedCommand): void {
  const store = ctx.store(AUTHORITY);
  const result = accept(store, ctx.clock, ctx.faults(AUTHORITY), command, designFrom(ctx.switches));
  ctx.note(explain(command, result));
  if (keepAsEvidence(store, command, result, ctx.clock.now)) {
    ctx.note(msg('authority.kept_as_evidence', { actor: command.actor, work_item: String(command.payload.work_item ?? ''), kind: command.kind }));
  }
  ctx.send(AUTHORITY, command.actor, 'result', resultBody(command.actionId, result));
}

function explain(command: SignedCommand, result: AcceptResult): Message {
  const who = `${command.actor}/${command.actionId}`;
  switch (result.code) {
    case 'ACCEPTED':
      return msg('authority.accepted', {
        who, event: result.event.eventId, seq: result.event.seq, aggregate: result.event.aggregateId, revision: result.event.aggregateRevision, receipt: result.receipt.receiptId,
      });
    case 'DUPLICATE':
      return msg('authority.duplicate', { who, digest: short(result.digest), receipt: result.receipt.receiptId });
    case 'ACTION_ID_COLLISION':
      return msg('authority.collision', { who, digest: short(result.digest), message: result.reason ?? result.message });
    default:
      return msg('authority.rejected', { code: result.code, who, message: result.reason ?? result.message });
  }
}

const short = (digest: string) => `${digest.slice(0, 8)}…`;
