/**
 * The authority model's search hooks (src/sim/explorer): the business actions worth
 * trying in a state, and a canonical text of the logical state. Action IDs made with
 * "auto" carry a step stamp and receipts carry them too, so the text leaves both out: it
 * keeps the authority's state (deadlines relative to now), the tool's effects, Evidence,
 * each client's unanswered commands (what its recovery resends), and, for the "…_last" actions, what the newest and the newest accepted command ARE
 * (content without its Action ID; whether its signature is its actor's; whether the
 * authority already holds a receipt for its Action ID) — which is all those actions read.
 */
import { findReceipt } from '../../../core/authority/accept';
import { lastSent, unanswered } from '../../../core/authority/client';
import { digestOf, type SignedCommand } from '../../../core/authority/commands';
import { parseAuthorityFrame } from '../../../core/authority/frames';
import { readState, type AuthorityState } from '../../../core/authority/fold';
import { evidenceRows, lastAcceptedSent } from '../../../core/authority/inspect';
import { seededKeyPair, verifyDigest } from '../../../core/authority/keys';
import { toolEffects } from '../../../core/authority/tool';
import type { ModelContext } from '../../model';
import type { Frame } from '../../network';
import { CLIENTS, type AuthorityAction, type ClientId } from './actions';

const AGENTS = ['agent-1', 'agent-2'] as const;
const LIVE = new Set(['running', 'owned']);
type CandidateKind = 'claim' | 'renew_lease' | 'report_progress' | 'complete' | 'checkpoint' | 'report_failure' | 'resume' | 'block' | 'open_session';
/** Commands a client sends with the revision it just read (compare-and-set); the others name the lease instead. */
const CURRENT_REVISION = new Set<CandidateKind>(['claim', 'renew_lease', 'resume']);

/**
 * Candidate business actions: each agent claims what it does not own; an owner renews,
 * reports a little progress (and a charge past what is left of the budget), completes,
 * checkpoints, blocks, reports a failure, opens a new session, resumes what it checkpointed
 * and calls the tool; two agents race for a queued item; and the four replays
 * of the last command. Fresh Action IDs ("auto") so each is a
 * new intent; "current" revisions, the way a client that just read the item sends them
 * (stale revisions come from `stale_last`). Commands the lab's cards send by hand (members,
 * approvals, sessions, failures) are left to the cards: they do not touch AUTH-1…4's
 * mechanics any differently from these.
 */
export function authorityCandidates(ctx: ModelContext): AuthorityAction[] {
  const state = readState(ctx.store('authority'));
  const out: AuthorityAction[] = [];
  const send = (actor: ClientId, kind: CandidateKind, payload: Record<string, unknown>): AuthorityAction =>
    ({ type: 'send', actor, action_id: 'auto', kind, expected_revision: CURRENT_REVISION.has(kind) ? 'current' : null, payload });
  for (const [item, w] of Object.entries(state.workItems).sort(([a], [b]) => a.localeCompare(b))) {
    if (w.status === 'queued') out.push({ type: 'race_claim', work_item: item });
    for (const agent of AGENTS) {
      if (w.owner !== agent) {
        if (w.status === 'queued') out.push(send(agent, 'claim', { work_item: item }));
        continue;
      }
      // The owner's tool call is offered whatever the item's state: the design's guard decides (L12).
      if (w.status === 'owned') out.push(send(agent, 'resume', { work_item: item }));
      if (LIVE.has(w.status) && w.leaseId) {
        const lease = { work_item: item, lease_id: w.leaseId };
        const budget = state.missions[w.mission];
        out.push(send(agent, 'renew_lease', lease), send(agent, 'report_progress', { ...lease, cost_cents: 100, note: '' }), send(agent, 'complete', lease),
          send(agent, 'checkpoint', { ...lease, data: 'saved' }), send(agent, 'report_failure', { ...lease, reason: 'timeout' }),
          send(agent, 'block', { ...lease, needs: 'an answer', data: 'saved' }));
        // A report whose charge does not fit what is left of the budget (MWP-WRK-022).
        if (budget) out.push(send(agent, 'report_progress', { ...lease, cost_cents: budget.limit - budget.spent + 100, note: '' }));
        // The agent's process restarts and opens a new session while it holds work (MWP-WRK-014).
        out.push(send(agent, 'open_session', {}));
      }
      out.push({ type: 'tool_call', actor: agent, work_item: item });
    }
  }
  out.push({ type: 'resend_last' }, { type: 'tamper_last' }, { type: 'stale_last' }, { type: 'forge_last' });
  return out;
}

export function authorityFingerprint(ctx: ModelContext): string {
  const authority = ctx.store('authority');
  const newest = newestOf((client) => lastSent(ctx.store(client)));
  const accepted = newestOf((client) => lastAcceptedSent(ctx.store(client)));
  return [
    JSON.stringify(relativeState(readState(authority), ctx.clock.now)),
    `tool ${JSON.stringify(toolEffects(ctx.store('tool')).keys)}`,
    `evidence ${JSON.stringify(evidenceRows(authority))}`,
    `last ${newest ? commandText(ctx, newest.command) : '-'}`,
    `accepted ${accepted ? commandText(ctx, accepted.command) : '-'}`,
    // What each client still waits an answer for: the recovery resends it (AUTH-E1).
    ...CLIENTS.map((client) => `unanswered ${client} ${JSON.stringify(unanswered(ctx.store(client)).map((u) => commandText(ctx, u.command)))}`),
  ].join('\n');
}

/** Frames without Action IDs or receipt/event numbering: what they would do on arrival. */
export function authorityFrameFingerprint(ctx: ModelContext, frame: Frame): string {
  const parsed = parseAuthorityFrame(frame.kind, frame.body);
  if (typeof parsed === 'string') return `${frame.from}>${frame.to}:${frame.kind}:${JSON.stringify(frame.body)}`;
  if (parsed.kind === 'command') return `${frame.from}>${frame.to}:command ${commandText(ctx, parsed.command)}`;
  return `${frame.from}>${frame.to}:result ${parsed.result.code}`;
}

/** A command as what it would do: content without its Action ID, whose key signed it, and what the authority already holds for its Action ID. */
function commandText(ctx: ModelContext, command: SignedCommand): string {
  const digest = digestOf(command);
  const signedByActor = verifyDigest(seededKeyPair(ctx.rng.seed, command.actor).publicKeyHex, digest, command.signature);
  const receipt = findReceipt(ctx.store('authority'), command.actor, command.actionId);
  const held = receipt ? (receipt.digest === digest ? 'same' : 'other') : 'none';
  return `${command.actor} ${command.kind} ${command.expectedRevision ?? '-'} ${JSON.stringify(command.payload)} sig:${signedByActor ? 'own' : 'forged'} receipt:${held}`;
}

function newestOf(read: (client: ClientId) => { command: SignedCommand; stamp: number } | null): { command: SignedCommand; stamp: number } | null {
  let newest: { command: SignedCommand; stamp: number } | null = null;
  for (const client of CLIENTS) {
    const row = read(client);
    if (row && (!newest || row.stamp > newest.stamp)) newest = row;
  }
  return newest;
}

/** Deadlines as ticks from now (every one is compared with `now`; a passed one is just passed). */
function relativeState(state: AuthorityState, now: number): AuthorityState {
  const rel = (t: number | null) => (t === null ? null : Math.max(0, t - now));
  const workItems = Object.fromEntries(Object.entries(state.workItems).map(([id, w]) => [id, {
    ...w, leaseUntil: rel(w.leaseUntil), retryAt: rel(w.retryAt), resumeBy: rel(w.resumeBy), deadline: rel(w.deadline),
  }]));
  return { ...state, workItems };
}
