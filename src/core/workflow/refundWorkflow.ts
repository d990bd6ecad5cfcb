/**
 * The refund operation as a LangGraph.js graph (the real library, browser entry), run by
 * a worker over the same shop database, provider and fault points as the hand-written
 * executor. This module is the lazily loaded chunk: nothing imports it statically except
 * tests and CLIs.
 *
 *   START ─▶ draft_note (model call) ─┐
 *        └▶ check_order (shop read)  ─┴▶ ‖approve‖ ─▶ submit ─▶ reconcile? ─▶ END
 *
 * - `draft_note` and `check_order` run in one super-step: if one fails, the other's write
 *   is kept as a pending write and reused on resume (no second model call).
 * - `‖approve‖` is a static breakpoint (`interruptBefore`): the run stops there durably and
 *   the approval EVENT resumes it — no thread waits for a human.
 * - `submit` checks the owner epoch its worker was granted against the shop's (ownership.ts:
 *   a worker that does not hold the intent's current epoch fails the node and sends
 *   nothing), moves the intent under that epoch (a conditional write), sends the refund with
 *   the intent key (by design) and records the answer under that same epoch; a crash inside
 *   re-runs the node whole on resume. A worker can stall between its check and its send
 *   (SPEC 9.9 fault 6): another worker takes the operation over and resumes the thread from
 *   the same checkpoints; the stalled run still holds its request and sends it when it
 *   wakes — LangGraph does not fence a late run, only the shop refuses its late record.
 * - `reconcile` looks an UNKNOWN outcome up before anything is sent again.
 *
 * The recovery design (L05) decides what survives a crash: LangGraph's checkpoints in the
 * worker's database (or only in process memory), the idempotency key, the chat messages.
 */
import { Annotation, END, START, StateGraph } from '@langchain/langgraph/web';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import type { BaseCheckpointSaver } from '@langchain/langgraph-checkpoint';
import type { Store } from '../db/store';
import type { FaultPoints } from '../faults';
import type { Clock } from '../time';
import { msg, type MessageParams } from '../message';
import {
  CALLER, createIntent, latestOperation, ORDER_ID, queueForReconciliation, readOperation, type Operation, type TransitionPatch,
} from '../effects/shop';
import type { OperationEvent } from '../effects/operationMachine';
import { heldEpoch, recordClaim, writeStatus, type EpochCheck } from './ownership';
import type { LookupAnswer, RefundAnswer } from '../effects/provider';
import { SqlJsSaver } from './sqlSaver';
import type { CheckpointNaming } from './checkpointIds';
import { billModelCall, modelCallCount } from './modelBill';
import { approvalGiven, approvalsGranted, orderBalance } from './reads';
import { countNodeRun, loadMessages, recordApprovalRequest, runStarted, saveMessage } from './workerLog';
import { describeGraph, type ThreadPosition } from './threadView';

/** What survives a crash of the worker process, by design (L05). */
export type RecoveryDesign = 'messages_only' | 'current_node' | 'key_only' | 'all_three';

export const WorkflowFault = {
  /** The model answered (and billed); the node has not returned, so nothing of it is saved. */
  afterModelAnswer: 'workflow.after_model_answer',
  beforeSubmit: 'workflow.before_submit',
  /** The provider's answer is in (the refund is booked); the node's result is not saved yet. */
  afterProviderAnswer: 'workflow.after_provider_answer',
} as const;


/** What one worker incarnation is lent to run the workflow. */
export interface WorkflowEnv {
  readonly worker: string;
  /** The worker's own database: its node-run log and the owner epochs the shop granted it. */
  readonly workerStore: Store;
  /**
   * The thread's durable database — worker A's: durable checkpoints, the chat history, the
   * approval requests. A second worker connects to it to resume the same thread (for A it is
   * its own `workerStore`).
   */
  readonly threadStore: Store;
  /** The worker's process memory (a database the World wipes when the worker crashes). */
  readonly memoryStore: Store;
  readonly shop: Store;
  /** The model vendor's side: every answered call is billed there, whatever the worker keeps. */
  readonly vendor: Store;
  readonly clock: Clock;
  /** The worker's crash points (a crash there ends this incarnation). */
  readonly faults: FaultPoints;
  /** False once this incarnation crashed: its graph is abandoned. */
  readonly alive: () => boolean;
  readonly design: RecoveryDesign;
  /** What the submit node checks before it sends (ownership.ts); default: the epoch this worker holds. */
  readonly epochCheck?: EpochCheck;
  /**
   * After no answer: `look_up` (default) routes to `reconcile`, which looks the operation up
   * or hands it to a person; `leave` ends the run with the outcome UNKNOWN and nobody to decide it.
   */
  readonly unknownOutcome?: 'look_up' | 'leave';
  /** How the saver stores LangGraph's ids (by sequence in the World, so bytes repeat); default: as they are. */
  readonly naming?: CheckpointNaming;
  /** Node faults that are failures, not crashes (`shop_unavailable`): true once when armed. */
  readonly consume: (fault: string) => boolean;
  /**
   * Fault 6: null, or a promise the submit node awaits after its epoch check and before its
   * send — the worker has stalled; the promise resolves when it wakes. Told the node it stalls in.
   */
  readonly stall?: (node: string) => Promise<void> | null;
  /** Sends a refund request over the network; the answer, or null if none came back. */
  readonly sendRefund: (request: { operationId: string; idemKey: string | null; amountCents: number; paramDigest: string }) => RefundAnswer | null;
  readonly sendLookup: (operationId: string) => LookupAnswer | null;
  readonly note: (key: string, params?: MessageParams) => void;
}

const State = Annotation.Root({
  messages: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
  note: Annotation<string | null>({ reducer: (_a, b) => b, default: () => null }),
  balanceCents: Annotation<number | null>({ reducer: (_a, b) => b, default: () => null }),
  operationId: Annotation<string | null>({ reducer: (_a, b) => b, default: () => null }),
  outcome: Annotation<string | null>({ reducer: (_a, b) => b, default: () => null }),
});
type WorkflowState = typeof State.State;
type WorkflowUpdate = typeof State.Update;

/**
 * Answers the model double gives, in turn: a re-run call gets the next one (a different
 * answer). The vendor's bill and the thread keep the text; the narration quotes answer n by
 * its message `workflow.model_answer_<n>` (whose English is this text), so it reads in the
 * reader's language.
 */
export const MODEL_ANSWERS = [
  'Refund approved in principle: 100.00 back to the original card.',
  'We will refund 100.00; expect it in 3-5 business days.',
  'A refund of 100.00 is on its way.',
];

/** Durable checkpoints for designs that keep them; process memory otherwise. */
function saverFor(env: WorkflowEnv): BaseCheckpointSaver {
  const durable = env.design === 'all_three' || env.design === 'current_node';
  return new SqlJsSaver(durable ? env.threadStore : env.memoryStore, { faults: env.faults, now: () => env.clock.now, alive: env.alive, naming: env.naming });
}

const keyed = (env: WorkflowEnv) => env.design === 'all_three' || env.design === 'key_only';

function say(env: WorkflowEnv, line: string): string[] {
  if (env.design === 'messages_only') saveMessage(env.threadStore, env.clock, line);
  return [line];
}

/** The static breakpoint: the run stops before `approve` until the approval event resumes it. */
export const BREAKPOINTS = ['approve'] as const;

/** Builds (compiles) the graph for one incarnation over its saver. */
export function compileWorkflow(env: WorkflowEnv) {
  const started = (node: string) => {
    if (!env.alive()) throw new Error('abandoned');
    countNodeRun(env.workerStore, node);
  };

  const draftNote = async (state: WorkflowState): Promise<WorkflowUpdate> => {
    started('draft_note');
    const n = modelCallCount(env.vendor);
    const answer = n % MODEL_ANSWERS.length;
    const model = new FakeListChatModel({ responses: [MODEL_ANSWERS[answer]!] });
    const reply = await model.invoke(state.messages.join('\n') || 'Refund order ord-1, please.');
    const text = String(reply.content);
    if (!env.alive()) throw new Error('abandoned');
    billModelCall(env.vendor, env.clock, env.worker, text);
    env.note('workflow.model_answered', { call: n + 1, answer: msg(`workflow.model_answer_${answer + 1}`) });
    env.faults.reach(WorkflowFault.afterModelAnswer);
    return { note: text, messages: say(env, `assistant: ${text}`) };
  };

  const checkOrder = async (): Promise<WorkflowUpdate> => {
    started('check_order');
    if (env.consume('shop_unavailable')) {
      env.note('workflow.node_failed', { node: 'check_order' });
      // Named so the run's note says it in the reader's language (src/sim/models/workflow, reasons.workflow.*).
      throw Object.assign(new Error('the shop database did not answer'), { name: 'ShopUnavailableError' });
    }
    return { balanceCents: orderBalance(env.shop, ORDER_ID) };
  };

  const approve = async (): Promise<WorkflowUpdate> => {
    started('approve');
    const result = createIntent(env.shop, env.clock, CALLER, ORDER_ID, env.worker, 1);
    if (result.code !== 'CREATED' && result.code !== 'EXISTING') {
      env.note('workflow.refused', { code: result.code });
      return { outcome: result.code, messages: say(env, `system: refused (${result.code})`) };
    }
    // The shop names the owner: the worker it names keeps the epoch it was granted (its token for the shop).
    if (result.operation.owner === env.worker) recordClaim(env.workerStore, result.operation.operationId, result.operation.ownerEpoch);
    env.note('workflow.intent', { worker: env.worker, operation: result.operation.operationId, code: result.code });
    return { operationId: result.operation.operationId, messages: say(env, `system: approved, intent ${result.operation.operationId}`) };
  };

  const submit = async (state: WorkflowState): Promise<WorkflowUpdate> => {
    started('submit');
    const op = readOperation(env.shop, state.operationId ?? intentFromMessages(state.messages))!;
    env.faults.reach(WorkflowFault.beforeSubmit);
    // The epoch check: the token this worker shows is the epoch it was granted — or, in the `read` design, the
    // shop's own current epoch, which always matches itself.
    const epoch = epochFor(env, op);
    if (epoch !== op.ownerEpoch) {
      env.note('workflow.not_owner', { worker: env.worker, operation: op.operationId, held: epoch ?? '—', epoch: op.ownerEpoch });
      // A failure, not an outcome: the thread stays before submit for the worker that owns the intent.
      throw Object.assign(new Error(`${env.worker} does not hold ${op.operationId} at epoch ${op.ownerEpoch}`), { name: 'NotOwnerError' });
    }
    const idemKey = keyed(env) ? op.operationId : null;
    // On a re-run the intent may already be SUBMITTED / UNKNOWN: the node cannot tell from its own state whether the
    // earlier send arrived, so it sends again — with the same key when the design keeps one.
    writeStatus(env.shop, env.clock, { operationId: op.operationId, event: op.status === 'PREPARED' ? 'DISPATCH' : 'RESUBMIT', epoch, writer: env.worker,
      why: `sent by the LangGraph submit node on ${env.worker}`, patch: { send: { key: idemKey, expiresAt: env.clock.now + 1000 } } });
    env.note('workflow.sending', { operation: op.operationId, key: idemKey ?? '(none)' });
    const stalled = env.stall?.('submit');
    if (stalled) {
      env.note('workflow.stalled', { worker: env.worker, operation: op.operationId, epoch });
      // The check is behind it: whatever happened meanwhile, it sends the request it built.
      await stalled;
    }
    const answer = env.sendRefund({ operationId: op.operationId, idemKey, amountCents: op.amountCents, paramDigest: op.paramDigest });
    env.faults.reach(WorkflowFault.afterProviderAnswer);
    return { outcome: record(env, op, epoch, answer) };
  };

  const reconcile = async (state: WorkflowState): Promise<WorkflowUpdate> => {
    started('reconcile');
    const op = readOperation(env.shop, state.operationId!)!;
    const found = env.sendLookup(op.operationId);
    if (found?.status === 'FOUND') {
      writeStatus(env.shop, env.clock, { operationId: op.operationId, event: 'CONFIRM', epoch: epochFor(env, op) ?? -1, writer: env.worker,
        why: 'the lookup found the refund', patch: { externalRef: found.refundId } });
      return { outcome: 'CONFIRMED', messages: say(env, `system: lookup found ${found.refundId}`) };
    }
    queueForReconciliation(env.shop, env.clock, op.operationId, found ? `lookup said ${found.status}` : 'no answer to the lookup');
    return { outcome: 'UNKNOWN', messages: say(env, 'system: outcome unknown, handed to a person') };
  };

  const graph = new StateGraph(State)
    .addNode('draft_note', draftNote)
    .addNode('check_order', checkOrder)
    .addNode('approve', approve)
    .addNode('submit', submit)
    .addNode('reconcile', reconcile)
    // Each routing function names where it can lead (the path map): LangGraph's own description
    // of the graph (getGraphAsync) then draws those edges, not one to every node.
    .addConditionalEdges(START, (state: WorkflowState) => (env.design === 'messages_only' && state.messages.some((m) => m.startsWith('system: approved')) ? ['submit'] : ['draft_note', 'check_order']),
      ['draft_note', 'check_order', 'submit'])
    .addEdge('draft_note', 'approve')
    .addEdge('check_order', 'approve')
    .addConditionalEdges('approve', (state: WorkflowState) => (state.operationId ? 'submit' : END), ['submit', END])
    .addConditionalEdges('submit', (state: WorkflowState) => (state.outcome === 'UNKNOWN' && env.unknownOutcome !== 'leave' ? 'reconcile' : END), ['reconcile', END])
    .addEdge('reconcile', END);
  return graph.compile({ checkpointer: saverFor(env), interruptBefore: [...BREAKPOINTS] });
}

/** Re-planning from the chat history: the intent the conversation mentions last. */
function intentFromMessages(messages: string[]): string {
  const line = [...messages].reverse().find((m) => m.startsWith('system: approved, intent '));
  return line ? line.slice('system: approved, intent '.length) : '';
}

/** The epoch the worker shows the shop for `op`: the one it was granted, or (design `read`) the shop's own. */
function epochFor(env: WorkflowEnv, op: Operation): number | null {
  return env.epochCheck === 'read' ? op.ownerEpoch : heldEpoch(env.workerStore, op.operationId);
}

/**
 * The answer (or its absence) → the intent's status, in the shop, under the owner epoch the
 * node checked (`epoch`): a worker whose operation was taken over meanwhile is fenced off and
 * records nothing (the new owner's record stands).
 */
function record(env: WorkflowEnv, op: Operation, epoch: number, answer: RefundAnswer | null): string {
  const current = readOperation(env.shop, op.operationId)!;
  if (current.ownerEpoch !== epoch) {
    env.note('workflow.fenced', { worker: env.worker, operation: op.operationId, epoch: current.ownerEpoch });
    return current.status;
  }
  const write = (event: OperationEvent, why: string, patch?: TransitionPatch) =>
    writeStatus(env.shop, env.clock, { operationId: op.operationId, event, epoch, writer: env.worker, why, patch });
  if (answer === null) {
    write('TIMEOUT', 'no answer from the provider');
    env.note('workflow.no_answer', { operation: op.operationId });
    return 'UNKNOWN';
  }
  if (answer.status === 'OK') {
    write('CONFIRM', answer.replayed ? 'the provider replayed its earlier answer' : 'the provider booked it', { externalRef: answer.refundId });
    return 'CONFIRMED';
  }
  write('REJECT', `the provider answered ${answer.status}`);
  return 'REJECTED';
}

export type CompiledWorkflow = ReturnType<typeof compileWorkflow>;

export const THREAD = 'refund-ord-1';

const configOf = (_env: WorkflowEnv) => ({ configurable: { thread_id: THREAD } });

/** The customer asks: a new run starts and stops at the approval breakpoint. */
export async function startRun(env: WorkflowEnv): Promise<void> {
  const graph = compileWorkflow(env);
  const input = env.design === 'messages_only' ? say(env, 'user: please refund order ord-1') : ['user: please refund order ord-1'];
  await graph.invoke({ messages: input }, configOf(env));
  await afterRun(env, graph);
}

/** Resumes the thread where its checkpoints left it (after an approval, a retry or a restart). */
export async function resumeRun(env: WorkflowEnv): Promise<void> {
  const graph = compileWorkflow(env);
  await graph.invoke(null, configOf(env));
  await afterRun(env, graph);
}

/**
 * Fault 5: the approval event reaches two workers at the same moment. A resumes its thread;
 * B — its own process, its own database and memory, its own checkpointer — does what any
 * worker does with the event (`recover`): resume the thread from the durable checkpoints it
 * can reach (A's checkpoint database), or, in a design whose checkpoints live only in a
 * process's memory, re-plan or start over from what it has. Both graphs run interleaved by
 * the event loop. The engine stops neither: one intent per approval, the epoch check in
 * submit and the key stop a double refund. Returns each worker's failure (a run that threw),
 * after BOTH runs have settled, so nothing of either runs on after the step.
 */
export async function resumeTwice(a: WorkflowEnv, b: WorkflowEnv): Promise<{ worker: string; error: unknown }[]> {
  const settled = await Promise.allSettled([resumeRun(a), recover(b)]);
  return settled.flatMap((r, i) => (r.status === 'rejected' ? [{ worker: [a, b][i]!.worker, error: r.reason as unknown }] : []));
}

/**
 * The worker came back. With durable checkpoints it resumes the thread (unless the run is
 * waiting at the approval breakpoint with no approval yet). Without them the run is gone:
 * with only messages it re-plans from the chat history; with only a key it starts over.
 */
export async function recover(env: WorkflowEnv): Promise<void> {
  const graph = compileWorkflow(env);
  const state = await graph.getState(configOf(env));
  // `next` leaves out tasks whose writes were already saved (they will not run again), so a
  // run that stopped after such a task has an empty `next` but still has `tasks` to finish.
  const inProgress = state.next.length > 0 || state.tasks.length > 0;
  if (!inProgress && env.design !== 'all_three' && env.design !== 'current_node') {
    const op = latestOperation(env.shop);
    if (!runStarted(env.threadStore) || op?.status === 'CONFIRMED' || op?.status === 'REJECTED') return;
    env.note('workflow.run_lost', { worker: env.worker, design: env.design });
    const input = env.design === 'messages_only' ? loadMessages(env.threadStore) : ['user: please refund order ord-1'];
    await graph.invoke({ messages: input }, configOf(env));
    await afterRun(env, graph);
    return;
  }
  if (!inProgress) return;
  if (state.next.includes('approve') && !approvalGiven(env.shop, ORDER_ID)) {
    env.note('workflow.still_waiting');
    return;
  }
  env.note('workflow.resuming', { worker: env.worker, next: nextOf(state) });
  await graph.invoke(null, configOf(env));
  await afterRun(env, graph);
}

/**
 * Where a resumed thread goes on. `next` is empty when the latest checkpoint's tasks already
 * saved their writes (the run stopped before the checkpoint after them): the resume applies
 * those writes and goes on after them, which is said instead of an empty name.
 */
function nextOf(state: { next: readonly string[]; tasks: readonly { name: string }[] }): string | ReturnType<typeof msg> {
  return state.next.length > 0 ? state.next.join(', ') : msg('reasons.workflow.after_saved_writes', { nodes: state.tasks.map((t) => t.name).join(', ') });
}

/**
 * Fault 6: another worker took the operation over (a higher owner epoch in the shop) and
 * resumes the thread from the same checkpoints. LangGraph has no idea the first run is
 * still alive, stalled inside its node: nothing in the engine fences it.
 */
export async function takeOverRun(env: WorkflowEnv): Promise<void> {
  const graph = compileWorkflow(env);
  const state = await graph.getState(configOf(env));
  env.note('workflow.takeover_resumes', { worker: env.worker, next: nextOf(state) });
  await graph.invoke(null, configOf(env));
  await afterRun(env, graph);
}

/** The compiled graph's description, once drawn. */
let described: ThreadPosition['graph'] | null = null;

/**
 * The thread as LangGraph itself reports it, for the lab's graph view: the compiled graph's
 * own description (`getGraphAsync`) and `getState()` — the next tasks, and which of them
 * already failed. `env` is a reader's: it runs nothing, so its saver must accept reads
 * even after the worker's incarnation died.
 */
export async function readThread(env: WorkflowEnv): Promise<ThreadPosition> {
  const graph = compileWorkflow(env);
  // Every node and edge is declared whatever the design (the routers' path maps are fixed),
  // so the description is the same for every env: drawn once, not after every job.
  described ??= describeGraph(await graph.getGraphAsync(), BREAKPOINTS);
  const state = await graph.getState(configOf(env));
  return {
    graph: described,
    next: [...state.next],
    tasks: state.tasks.map((t) => t.name),
    failed: state.tasks.filter((t) => t.error !== undefined).map((t) => t.name),
  };
}

/** Where the run stands now: waiting at the breakpoint asks the customer for approval. */
async function afterRun(env: WorkflowEnv, graph: CompiledWorkflow): Promise<void> {
  const state = await graph.getState(configOf(env));
  if (state.next.includes('approve')) {
    recordApprovalRequest(env.threadStore, env.clock, approvalsGranted(env.shop, ORDER_ID));
    env.note('workflow.waiting_for_approval');
  }
}
