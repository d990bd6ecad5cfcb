/**
 * Refusals in every language. The World's and the models' refusals are messages
 * (namespace `refusals`), L06's executor-only parse refusals included: a real World is
 * driven to each one, which must come back as its key, read in English exactly as the
 * string it used to be (graders, cards and the CLI print it), and have a template in every
 * locale.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { World, type WorldConfig } from '../../sim/world';
import { getModel } from '../models';
import { useSqlJs } from '../../test/sqljs';
import { configFor } from '../config';
import { loadLabsFromDir } from '../nodeFiles';
import { createMessageI18n, renderIn, type Catalog } from '../messages/render';
import { isMessage, type Message } from '../../core/message';
import type { RefusalReason } from '../../sim/model';
import { LOCALES } from './locales';
import { formatMessage } from './catalogRegistry';
import { formatMessageIn, MESSAGE_CATALOGS } from './messageCatalogs';

useSqlJs();

const CONFIG: WorldConfig = {
  model: 'fencing',
  seed: 7,
  initial: { current_token: 1, lease_until: 10, now: 0, workers: { A: 1, B: null } },
  switches: {},
};

/** What the World answers to `action` after `before` (its refusal: a message, or a parse error's text). */
function refusalAfter(before: unknown[], action: unknown, switches: Record<string, string> = {}): RefusalReason {
  const world = World.replay({ ...CONFIG, switches }, before);
  const outcome = world.step(action);
  if (outcome.ok) throw new Error(`${JSON.stringify(action)} was not refused`);
  return outcome.error;
}

const LABS = () => new Map(loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [[l.lab.id, l.lab] as const] : [])));

/** What lab `id`'s World (its own lab file, `switches` laid over) answers to `action` after `before`. */
function labRefusal(id: string, before: unknown[], action: unknown, switches: Record<string, string> = {}): RefusalReason {
  const world = World.replay(configFor(LABS().get(id)!, { switches }), before);
  try {
    const outcome = world.step(action);
    if (outcome.ok) throw new Error(`${id}: ${JSON.stringify(action)} was not refused`);
    return outcome.error;
  } finally {
    world.dispose();
  }
}

const point = () => getModel('fencing').faultPoints[0]!.point;

/**
 * Each refusal the World and the models give, how to get it, and the English text it had
 * as a string (graders, cards and the CLI print it; it must read the same).
 */
const MESSAGES: [string, () => RefusalReason, string][] = [
  ['refusals.no_such_frame', () => refusalAfter([], { deliver: 42 }), 'No frame #42 in flight.'],
  ['refusals.no_frame_deliverable', () => refusalAfter([], 'deliver_next', { network: 'manual' }), 'No frame can be delivered now.'],
  ['refusals.no_frame_in_flight', () => refusalAfter([], 'drop_next', { network: 'manual' }), 'No frame is in flight.'],
  ['refusals.no_link_cut', () => refusalAfter([], 'heal'), 'No link is cut.'],
  ['refusals.not_crashed', () => refusalAfter([], { restart: 'A' }), 'A is not crashed.'],
  ['refusals.no_node', () => refusalAfter([], { restart: 'Z' }), "No node 'Z'."],
  ['refusals.crash_already_armed', () => refusalAfter([{ crash_at: point() }], { crash_at: point() }), `A crash is already armed at ${point()}.`],
  ['refusals.cannot_cut', () => refusalAfter([], { partition: ['A', 'A'] }), 'Cannot cut A – A.'],
  ['refusals.node_not_paused', () => refusalAfter([], 'A_wake'), 'A is not paused.'],
  ['refusals.fencing.probe_time', () => refusalAfter([{ advance: 11 }], { token: 1, current: 2, now: 5, lease_until: 20 }), 'probe: time only moves forward (now t=11)'],
  ['refusals.fencing.probe_fence', () => refusalAfter([{ token: 1, current: 3, now: 1, lease_until: 20 }], { token: 1, current: 2, now: 2, lease_until: 20 }), 'probe: the current fence is already 3; fences never go back'],
  ['refusals.node_is_paused', () => labRefusal('L07', ['A_pause'], 'A_write'), 'A is paused.'],
  ['refusals.node_is_crashed', () => labRefusal('L04', [{ crash_at: 'local.before_commit' }, 'approve', 'submit'], 'submit'), 'worker-1 is crashed.'],
  ['refusals.node_not_stalled', () => labRefusal('L06', [], 'wake'), 'worker-1 is not stalled.'],
  ['refusals.refund.no_approval', () => labRefusal('L06', [], 'expire'), 'There is no approval yet.'],
  ['refusals.refund.no_operation', () => labRefusal('L03', [], 'resubmit_changed'), 'There is no operation yet.'],
  ['refusals.refund.nothing_to_reconcile', () => labRefusal('L02', [], 'resolve_manually'), 'Nothing is waiting for manual reconciliation.'],
  ['refusals.refund.nothing_to_retry', () => labRefusal('L01', [], 'retry'), 'There is no operation to retry yet; submit first.'],
  ['refusals.refund.still_in_flight', () => labRefusal('L01', ['approve', 'submit'], 'retry', { retry_policy: 'reconcile_first', network: 'manual' }), 'op-1 is still in flight; wait for an answer or the timeout.'],
  ['refusals.refund.nothing_to_take_over', () => labRefusal('L06', [], 'takeover'), 'There is no operation to take over.'],
  ['refusals.refund.already_owns', () => labRefusal('L14', ['approve', 'submit', { takeover: { worker: 'worker-2' } }], { takeover: { worker: 'worker-2' } }), 'worker-2 already owns op-1.'],
  ['refusals.projection.already_disconnected', () => labRefusal('L10', ['disconnect'], 'disconnect'), 'The worker is already disconnected.'],
  ['refusals.projection.no_group', () => labRefusal('L10', [], { emit: { count: 1, group: 'G9' } }), 'There is no group G9.'],
  ['refusals.projection.no_running_item', () => labRefusal('L11', [], 'report'), 'No work item is running in that group: emit until one is claimed.'],
  ['refusals.outage.online', () => labRefusal('L13', [], 'reconnect'), 'agent-1 is online.'],
  ['refusals.outage.already_offline', () => labRefusal('L13', ['disconnect'], 'disconnect'), 'agent-1 is already offline.'],
  ['refusals.authority.nothing_sent', () => labRefusal('L09', [], 'resend_last'), 'Nothing has been sent yet.'],
  ['refusals.authority.nothing_accepted', () => labRefusal('L09', [], 'stale_last'), 'No command has been accepted yet.'],
  ['refusals.authority.not_owner', () => labRefusal('L12', [], { tool_call: { actor: 'agent-1', work_item: 'W1' } }), 'agent-1 does not own W1: it has no attempt to make.'],
  ['refusals.compensation.not_now', () => labRefusal('L08', [], 'cancel_flight'), 'Not now: the trip is PLANNED.'],
  ['refusals.workflow.no_one_waiting', () => labRefusal('L06', [], 'grant', { executor: 'langgraph' }), 'Nobody is waiting for an approval.'],
  ['refusals.workflow.worker_not_stalled', () => labRefusal('L06', [], 'wake', { executor: 'langgraph' }), 'Worker A is not stalled.'],
  ['refusals.workflow.nobody_stalled', () => labRefusal('L06', [], 'takeover', { executor: 'langgraph' }), 'Nobody is stalled: B takes over only from a worker that stopped answering.'],
  ['refusals.workflow.no_approval_given', () => labRefusal('L06', [], 'duplicate_approval', { executor: 'langgraph' }), 'No approval has been given yet.'],
  ['refusals.workflow.no_open_approval', () => labRefusal('L06', [], 'expire', { executor: 'langgraph' }), 'No approval is open.'],
  ['refusals.workflow.no_intent', () => labRefusal('L06', [], 'resubmit_changed', { executor: 'langgraph' }), 'There is no intent to re-submit.'],
  // An action of the other executor is refused where it is parsed (src/sim/models/matrix/vocabulary.ts).
  ['refusals.handwritten_only', () => labRefusal('L06', [], 'submit', { executor: 'langgraph' }), 'Only the hand-written executor has submit: switch the Executor to run it.'],
  ['refusals.langgraph_only', () => labRefusal('L06', [], 'ask', { executor: 'handwritten' }), 'Only the LangGraph executor has ask: switch the Executor to run it.'],
];

/** What is wrong with a refusal message in each catalog: a missing template or an unfilled parameter. */
function untranslated(message: Message, catalogs: Readonly<Record<string, Catalog>>): string[] {
  const words = createMessageI18n(catalogs);
  return Object.entries(catalogs).flatMap(([locale, catalog]) => (catalog[message.key] === undefined ? [`${locale}: no ${message.key}`]
    : /\{\{/.test(renderIn(words, locale, message)) ? [`${locale}: ${message.key} leaves a parameter unfilled`] : []));
}

describe('refusals as messages', () => {
  it.each(MESSAGES)('%s: the World gives the message, its English reads as before, every locale has it', (key, get, english) => {
    const reason = get();
    if (!isMessage(reason)) throw new Error(`${key}: the refusal is still text: ${reason}`);
    expect(reason.key).toBe(key);
    expect(formatMessage(reason)).toBe(english);
    expect(untranslated(reason, MESSAGE_CATALOGS)).toEqual([]);
    for (const locale of LOCALES.filter((l) => l !== 'en')) expect(formatMessageIn(locale, reason)).not.toBe(english);
  });

  it('the check fails on a catalog that lacks a refusal', () => {
    const { ['refusals.outage.online']: _dropped, ...lacking } = MESSAGE_CATALOGS.ja;
    expect(untranslated({ key: 'refusals.outage.online', params: { agent: 'agent-1' } }, { ...MESSAGE_CATALOGS, ja: lacking })).toEqual(['ja: no refusals.outage.online']);
  });
});
