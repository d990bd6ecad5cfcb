/**
 * The contract between a refund executor and the model that runs it.
 *
 * An executor decides; it never touches the network. Each call appends its effects to
 * `out` — frames to send, notes to narrate, a stall — in order, and the model wiring
 * performs them. A crash point inside a call (the executor reaches `env.faults`) stops the
 * call where it is: the wiring still performs what was appended before it, so a frame
 * "sent" before the crash is in flight and nothing after it happens. Databases are the
 * executor's only memory: whatever it knows after a restart it reads from them.
 *
 * A second executor (e.g. one built on LangGraph) implements the same interface and is
 * chosen by the model beside the hand-written one; both face the same fault scenarios.
 */
import type { Store } from '../db/store';
import type { FaultPoints } from '../faults';
import type { Message } from '../message';
import type { Clock } from '../time';
import type { ProviderCapabilities } from '../effects/provider';
import type { LookupResponseFrame, RefundRequestFrame, LookupRequestFrame, RefundResponseFrame } from './frames';

/** The design choices a lab can switch (each wrong option exists so an invariant can fail). */
export interface ExecutorDesign {
  retryPolicy: 'reconcile_first' | 'blind_resend' | 'new_key_each_attempt' | 'wait_for_answer';
  keyScheme: 'operation_id' | 'tool_key';
  /** Check the owner epoch in the shop before sending (a check; it does not reach the provider). */
  epochCheck: boolean;
  takeover: 'reconcile_old_epoch' | 'start_fresh';
  refundMode: 'provider' | 'local_transaction' | 'kv_flag_first' | 'kv_flag_after';
}

/** What one worker's executor is lent for one call. */
export interface ExecutorEnv {
  readonly worker: string;
  readonly workerStore: Store;
  readonly shop: Store;
  readonly kv: Store;
  readonly clock: Clock;
  /** The worker's own crash points. */
  readonly faults: FaultPoints;
  readonly design: ExecutorDesign;
  /** What the provider's interface offers (the executor reads its contract, not its database). */
  readonly caps: ProviderCapabilities;
  /** Ticks the worker waits for an answer; also the deadline each request carries. */
  readonly timeout: number;
  readonly mission: string;
}

export type ExecutorEffect =
  | { type: 'send'; frame: RefundRequestFrame | LookupRequestFrame }
  | { type: 'note'; message: Message }
  /** The worker stalls here (a long GC pause, a frozen VM); it resumes on `wake`. */
  | { type: 'stall' };

export type Effects = ExecutorEffect[];

/**
 * What an executor does next by itself, with no new input: retry the operation now, or
 * wait until its next timer (an attempt's timeout, a deadline it waits out). The explorer's
 * recovery search takes these as the system's own moves (src/sim/explorer/recover.ts).
 */
export type RecoveryStep = { type: 'retry' } | { type: 'wait'; until: number };

export interface RefundExecutor {
  readonly id: string;
  /** Persist the intent, then dispatch it (or, with `stall`, stop at the named point holding the send). */
  submit(env: ExecutorEnv, out: Effects, stall?: 'before_epoch_check' | 'after_epoch_check'): void;
  retry(env: ExecutorEnv, out: Effects): void;
  /** This worker takes the current operation over under a higher epoch. */
  takeOver(env: ExecutorEnv, out: Effects): void;
  /** A stalled worker resumes with the send it was holding. */
  wake(env: ExecutorEnv, out: Effects): void;
  onRefundAnswer(env: ExecutorEnv, out: Effects, frame: RefundResponseFrame): void;
  onLookupAnswer(env: ExecutorEnv, out: Effects, frame: LookupResponseFrame): void;
  /** The clock moved: unanswered requests past the timeout become UNKNOWN. */
  onClock(env: ExecutorEnv, out: Effects): void;
  /** The worker came back from a crash. */
  recover(env: ExecutorEnv, out: Effects): void;
  /** Its own next moves for the current operation, most urgent first (empty: it does nothing more). Reads only. */
  plan(env: ExecutorEnv): RecoveryStep[];
}
