/**
 * Search judges every lab's designs, within each model's default bounds
 * (src/sim/explorer/defaults.ts):
 * - every switch option a model presents as WRONG yields a counterexample. An option is
 *   wrong in some setting (a fence matters only with per-epoch keys): the WITNESS table
 *   names, per option, the lab it starts from, the other switches that make it matter
 *   and, where the break needs a long setup, a step log to start from. An option without
 *   an entry fails the test, so a new wrong option must say where it breaks;
 * - every lab's own configuration that chooses no wrong option yields NONE, and the
 *   search must have completed its bounds (every depth, not cut off by a limit) — and so
 *   does every other right configuration a lab offers through a model switch (L06 with the
 *   LangGraph executor).
 * - … and from every state that search reaches in a right configuration, the system's own
 *   recovery settles the World within the model's recovery bound (recoverability).
 * Asynchronous models (the LangGraph workflow: L05, L06's LangGraph executor) are searched
 * like the others, awaiting the engine inside each step (`searchLab`).
 * Run time is reported in the report of the session that wrote it; no timed assertion.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../test/sqljs';
import { getModel } from './models';
import { switchesOf } from '../sim/switches';
import { loadLabsFromDir } from './nodeFiles';
import { isAsyncSearch, labBounds, searchLab, unsearchable } from './search';
import type { Lab } from './schema';

useSqlJs();

const labs = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : []));
const labById = new Map(labs.map((lab) => [lab.id, lab]));

interface Witness { lab: string; switches?: Record<string, string>; prefix?: unknown[]; skip?: string; /** Wrong because it does not settle: found by recovery search. */ recover?: boolean }
const CRASH_BETWEEN = ['approve', { crash_at: 'kv.between_systems' }];
const EMIT = { type: 'emit', count: 1, group: 'G1' };
const WITNESS: Record<string, Witness> = {
  'fencing resource=external': { lab: 'L07' },
  'fencing renewal=holder_only': { lab: 'L07' },
  'fencing takeover_fence=same': { lab: 'L07' },
  // Both get stuck rather than break a property: a stalled holder keeps the lease; a worker waits forever.
  'fencing lease_expiry=until_released': { lab: 'L07', recover: true },
  'fencing no_answer=wait': { lab: 'L07', recover: true },
  'refund retry_policy=new_key_each_attempt': { lab: 'L01', prefix: ['approve'] },
  // Resending at once is wrong against a provider that cannot dedupe (seed 002 §1–§3).
  'refund retry_policy=blind_resend': { lab: 'L01', switches: { idempotency: 'off' }, prefix: ['approve'] },
  // Never resending, never looking up: safe, but a lost answer leaves the operation UNKNOWN
  // for good (seed 002 §1) — recovery search finds it stuck.
  'refund retry_policy=wait_for_answer': { lab: 'L01', recover: true },
  // The fence and the takeover matter when keys are per owner epoch (L14's setting).
  'refund fence=off': { lab: 'L14', prefix: ['approve'] },
  'refund takeover=start_fresh': { lab: 'L14', prefix: ['approve'] },
  // Two systems with a crash between them: armed at the start, search finds the rest.
  'refund refund_mode=kv_flag_first': { lab: 'L01', prefix: CRASH_BETWEEN },
  'refund refund_mode=kv_flag_after': { lab: 'L01', prefix: CRASH_BETWEEN },
  // Search DISAGREES with this label: with the executor presented right (look it up before
  // any resend; past the window it parks, card L03 retention-known) a provider that forgets
  // keys after 5 ticks never refunds twice within the bounds. It breaks only beside an
  // executor that trusts the key forever (card L03 retention-too-short), so that is its
  // witness here; the label is the refund model owner's to fix (reported).
  'refund retention=5': { lab: 'L01', switches: { lookup: 'off', retry_policy: 'blind_resend' }, prefix: ['approve', 'lose_response', 'submit', { advance: 6 }] },
  'compensation compensation=pretend_rollback': { lab: 'L08' },
  'compensation cancel_authority=consent_at_booking': { lab: 'L08' },
  'compensation compensation=wait_for_room': { lab: 'L08', recover: true },
  // A retry breaks COMP-2 when the cancellation fails (here: the airline's error).
  'compensation cancel_failure=retry': { lab: 'L08', switches: { airline_cancel: 'fails' } },
  // From one emitted event (two for redaction: a report to tombstone needs a history).
  'projection apply=no_dedupe': { lab: 'L10', prefix: [EMIT] },
  'projection apply=cursor_on_receipt': { lab: 'L10' },
  'projection apply=ack_before_commit': { lab: 'L10', prefix: [EMIT] },
  'projection redaction=flag_only': { lab: 'L10', prefix: [EMIT, EMIT] },
  'projection redaction=delete_event': { lab: 'L10', prefix: [EMIT, EMIT] },
  // Liveness only: a lost ACK is never replaced; a worker never told of a tombstone keeps the note.
  'projection apply=ack_new_only': { lab: 'L10', recover: true },
  'projection redaction=history_only': { lab: 'L11', prefix: [EMIT, EMIT], recover: true },
  'projection archive=stays_open': { lab: 'L11' },
  // Receipts only in the worker's store: emit, emit, rebuild carries the claim out twice (frames at once).
  'projection receipts=worker': { lab: 'L10', switches: { network: 'auto' } },
  'outage offline_policy=optimistic': { lab: 'L13' },
  'outage reconcile=one_by_one': { lab: 'L13' },
  'outage rebase=same_action_id': { lab: 'L13' },
  'outage rebase=as_made': { lab: 'L13' },
  // A lost answer needs frames held in flight (a cut link swallows it); these designs break no
  // invariant on the way, they fail to settle: recovery search finds them.
  'outage lost_answer=leave': { lab: 'L13', switches: { network: 'manual' }, recover: true },
  'outage lost_answer=retry_new_id': { lab: 'L13', switches: { network: 'manual' }, recover: true },
  // The authority's broken designs, from the lab whose rule each breaks (its lab.json variants).
  'authority transaction=per_write': { lab: 'L09' },
  'authority dedupe=action_id': { lab: 'L09' },
  'authority cas=ignored': { lab: 'L09' },
  'authority charge=separate': { lab: 'L09' },
  'authority tool_guard=owner': { lab: 'L12' },
  'authority block=keeps_slot': { lab: 'L12' },
  'authority takeover_epoch=same': { lab: 'L12' },
  // The claim and the first call: the rest (checkpoint, resume, the call again) is search's.
  'authority attempt_key=lease': { lab: 'L12', prefix: [{ send: { actor: 'agent-1', action_id: 'auto', kind: 'claim', expected_revision: 'current', payload: { work_item: 'W1' } } }, { tool_call: { actor: 'agent-1', work_item: 'W1' } }] },
  // Designs that break no invariant but get stuck: recovery search finds the state they cannot settle.
  'authority resend=new_action_id': { lab: 'L09', recover: true },
  'authority new_session=keeps_work': { lab: 'L12', recover: true },
  'authority lease_sweep=leases_only': { lab: 'L12', recover: true },
};

// L06's hand-written executor is the refund model under the name `matrix`: same witnesses,
// from L06. Its LangGraph executor's own options apply only to that (asynchronous) engine.
for (const [name, witness] of Object.entries(WITNESS)) {
  // The witness lab's own switches come along (L14's per-epoch keys for the fence and the takeover).
  const from = labById.get(witness.lab)?.world.switches ?? {};
  if (name.startsWith('refund ')) WITNESS[name.replace('refund ', 'matrix ')] = { ...witness, lab: 'L06', switches: { ...from, ...witness.switches } };
}
// The LangGraph workflow (L05). Messages only, or checkpoints without a key: the approval event
// reaching two workers refunds twice. A key without durable checkpoints: from the asked run with a
// crash armed in submit, the approval, a restart — the run is gone, starts over and asks for the
// approval again (the crash armed in the prefix: search at depth 3 finds it from ['ask'] too, in ≈20 s).
WITNESS['workflow recovery=messages_only'] = { lab: 'L05' };
// Checkpoints without a key: the second worker's submit is refused by the epoch check, so the double refund needs
// the crash after the provider answered and a restart (armed in the prefix: from ['ask'] alone search takes ≈50 s).
WITNESS['workflow recovery=current_node'] = { lab: 'L05', prefix: ['ask', { crash_at: 'workflow.after_provider_answer' }] };
WITNESS['workflow recovery=key_only'] = { lab: 'L05', prefix: ['ask', { crash_at: 'workflow.before_submit' }] };
// A check against the epoch just read: the approval event reaching a second worker lets it move A's intent.
WITNESS['workflow epoch_check=read'] = { lab: 'L05' };
// A run that ends on an UNKNOWN outcome breaks no invariant: it never finishes (ask, lose the answer, approve).
WITNESS['workflow unknown_outcome=leave'] = { lab: 'L05', recover: true };
// L06's LangGraph executor is the workflow model: the same witnesses, from L06 with that executor.
for (const value of ['recovery=messages_only', 'recovery=current_node', 'recovery=key_only', 'epoch_check=read', 'unknown_outcome=leave']) {
  WITNESS[`matrix ${value}`] = { ...WITNESS[`workflow ${value}`]!, lab: 'L06', switches: { executor: 'langgraph' } };
}

/** Right configurations a lab offers besides its own starting one (a switch that picks another model). */
const ALSO_RIGHT: { lab: string; switches: Record<string, string> }[] = [
  { lab: 'L06', switches: { executor: 'langgraph' } },
];

/**
 * Right configurations searched again from a later start, where the lab's default depth from
 * its empty start does not reach: a tombstone after the group was archived sits five moves
 * from an empty feed (search found the tombstone design serving a redacted note from the
 * archive there; src/core/feed/redaction.ts re-seals it now).
 */
const RIGHT_FROM: Record<string, unknown[][]> = {
  L10: [[EMIT]],
  L11: [[EMIT, EMIT]],
};

const models = [...new Set(labs.map((lab) => lab.model))].sort();

for (const modelId of models) {
  const skip = unsearchable(modelId);
  const modelLabs = labs.filter((lab) => lab.model === modelId);
  describe(`search judges the ${modelId} designs (${modelLabs.map((l) => l.id).join(', ')})`, () => {
    // No model may escape search: every lab's model has the search hooks.
    it('has the search hooks', () => expect(skip).toBeNull());
    if (skip) return;
    const model = getModel(modelId);
    for (const spec of switchesOf(model)) {
      for (const option of spec.options.filter((o) => o.presented === 'wrong')) {
        const name = `${modelId} ${spec.key}=${option.value}`;
        it(`presented wrong, search breaks it: ${spec.key}=${option.value}`, async () => {
          const witness = WITNESS[name];
          expect(witness, `no witness for ${name}: say in which lab setting it breaks`).toBeDefined();
          const lab = labById.get(witness!.lab)!;
          expect(lab.model).toBe(modelId);
          const result = await searchLab(lab, { switches: { ...witness!.switches, [spec.key]: option.value }, prefix: witness!.prefix, stopAtFirst: true, recover: witness!.recover });
          expect(result.counterexamples.length + (result.unrecoverable ?? []).length, `no counterexample within ${result.boundsText}`).toBeGreaterThan(0);
        }, 600_000);
      }
    }
    const rightConfigurations = [
      ...modelLabs.map((lab) => ({ lab, switches: {} as Record<string, string> })),
      ...ALSO_RIGHT.flatMap((also) => modelLabs.filter((lab) => lab.id === also.lab).map((lab) => ({ lab, switches: also.switches }))),
    ];
    for (const { lab, switches } of rightConfigurations) {
      const wrong = chosenWrong(lab, switches);
      if (wrong.length > 0) continue; // a lab that starts in a wrong design is judged above
      // From the lab's start, and (its own configuration only) from the later starts RIGHT_FROM names.
      const starts: (unknown[] | undefined)[] = [undefined, ...(Object.keys(switches).length > 0 ? [] : RIGHT_FROM[lab.id] ?? [])];
      for (const prefix of starts) {
        const from = prefix ? ` from ${JSON.stringify(prefix)}` : '';
        it(`${lab.id}'s configuration ${JSON.stringify({ ...lab.world.switches, ...switches })} is right${from}: search finds nothing, and every crash recovers`, async () => {
          const bounds = labBounds(lab, {}, switches);
          // Safety and liveness: no invariant broken, and from every reached state the system's
          // own recovery settles the World (the model's end conditions, src/sim/explorer/recover.ts).
          const result = await searchLab(lab, { switches, prefix, recover: true });
          expect(result.counterexamples.map((c) => `${c.invariant}: ${JSON.stringify(c.actions)}`)).toEqual([]);
          expect((result.unrecoverable ?? []).map((c) => `${c.invariant} (${c.why}) after ${c.steps - c.recovery} + ${c.recovery}: ${JSON.stringify(c.actions)}`)).toEqual([]);
          expect(result.recovered, 'recovery ran from every reached state').toBe(result.states);
          expect(result.stoppedBy, result.boundsText).toBeNull();
          // "Nothing found" means something only if the search went somewhere.
          expect(result.depthCompleted, result.boundsText).toBe(bounds.depth);
          expect(result.states, result.boundsText).toBeGreaterThan(2 * bounds.depth);
          // An asynchronous engine stepped synchronously runs none of its jobs and breaks nothing: it must be awaited.
          if (isAsyncSearch(lab, switches)) expect(result.replays, 'searched by the asynchronous explorer').toBeDefined();
        }, 600_000);
      }
    }
  });
}

function chosenWrong(lab: Lab, switches: Record<string, string> = {}): string[] {
  return switchesOf(getModel(lab.model)).flatMap((spec) => {
    const value = switches[spec.key] ?? lab.world.switches[spec.key] ?? spec.default;
    return spec.options.some((o) => o.value === value && o.presented === 'wrong') ? [`${spec.key}=${value}`] : [];
  });
}
