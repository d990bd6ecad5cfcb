/**
 * The World's public types, apart from the class: the parts of a World (this folder) and
 * its readers name them without importing the World itself. `src/sim/world.ts` re-exports
 * them, so callers import from there as before.
 */
import type { TxRecord } from '../../core/db/store';
import type { Message } from '../../core/message';
import type { HistoryPolicy } from '../history';
import type { InvariantResult, Model, ModelAction, RefusalReason } from '../model';
import type { Frame } from '../network';

export interface WorldConfig {
  model: string;
  seed: number;
  initial: Record<string, unknown>;
  switches: Record<string, string>;
}

/** How a World is built, beside its config. */
export interface WorldOptions {
  /**
   * The model object (lazy loading: `await loadModel(id)` first). Without it the World asks
   * the registry handed down by `src/lab/models.ts` (src/sim/modelSource.ts), which must
   * have been loaded: tests, CLIs, pool workers and the app's lab loader load it.
   */
  model?: Model;
  /** Checkpoint policy for undo; `false` keeps none (a World that only moves forward). */
  history?: HistoryPolicy | false;
  /**
   * Which invariant code judges each step: `step` (the model's incremental `checkStep`
   * where it has one, else `check`) or `full` (always the full-history `check`).
   */
  oracle?: 'step' | 'full';
}

/** One line of the trace: what a step did, from the running protocol. */
export interface TraceEntry {
  /** 0 is the starting state; step n is the n-th action. */
  index: number;
  action: ModelAction | null;
  /** What the step was, as a message (`actions.<model>.…` or `steps.…`): every reader renders it. */
  label: Message;
  time: number;
  transactions: TxRecord[];
  sent: Frame[];
  delivered: Frame[];
  dropped: Frame[];
  notes: (Message | string)[];
  crash: { node: string; point: string } | null;
  invariants: InvariantResult[];
  /**
   * Where a node restarted inside this step: how many of the step's transactions, frames
   * sent and notes came before it. Set only in a step that restarted a node. The lists above
   * keep no order between one another, and a model may crash a node and restart it in one
   * action: this tells what recovery did from what the crash cut short (the crash panel).
   */
  restarts?: { node: string; transactions: number; sent: number; notes: number }[];
}

export type StepOutcome = { ok: true; entry: TraceEntry } | { ok: false; error: RefusalReason };
