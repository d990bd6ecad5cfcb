/**
 * The state one World's parts share. Each part (kernel, stores, timeline, judge) is an
 * object of its own, but a step, an undo and a checkpoint all touch the same clock,
 * network, node statuses, step log and trace: holding them here, once, lets the parts read
 * and write them without reaching into each other or into the World.
 */
import { VirtualClock } from '../clock';
import type { MemoCopy, Model, ModelAction, NodeSpec, NodeStatus } from '../model';
import { Network } from '../network';
import { SeededRng } from '../rng';
import { switchesOf, switchProblem } from '../switches';
import type { TraceEntry, WorldConfig } from './types';

export class WorldCore {
  readonly network = new Network();
  readonly clock: VirtualClock;
  readonly rng: SeededRng;
  readonly nodes: NodeSpec[];
  readonly switches: Readonly<Record<string, string>>;
  /** The step log: normalised actions, replayable with World.replay. */
  readonly actions: ModelAction[];
  /**
   * The trace. Only appended to, except by the timeline: an undo puts a shorter copy in its
   * place (a reader keeping the array and a length reads the same entries later), a probe
   * shortens it in place back to its length before the probe.
   */
  trace: TraceEntry[];
  readonly statuses = new Map<string, NodeStatus>();
  readonly armed = new Set<string>();
  /** Cut links, as "a|b" with a < b. */
  readonly partitions = new Set<string>();
  /** Bumped at every crash: frames sent to an earlier incarnation died with its connections. */
  readonly incarnations = new Map<string, number>();
  /** Model-side memory (ctx.memo), covered by checkpoints: replaced, not cleared, by a restore. */
  memos = new Map<string, object>();
  /** How to copy each memo that gave one (ctx.memo's `copy`); the rest are structuredClone'd. */
  readonly memoCopies = new Map<string, MemoCopy<object>>();
  /** The trace entry a step (or a continued step) is writing, else null. */
  recording: TraceEntry | null = null;

  constructor(readonly config: WorldConfig, readonly model: Model, past?: { actions: readonly ModelAction[]; trace: readonly TraceEntry[] }) {
    // Copied, not spread into push: a long log would exceed the engine's argument limit.
    this.actions = past ? past.actions.slice() : [];
    this.trace = past ? past.trace.slice() : [];
    this.switches = resolveSwitches(model, config.switches);
    this.clock = new VirtualClock(0);
    this.rng = new SeededRng(config.seed);
    this.nodes = model.nodes(this.switches);
  }
}

/** The model's switch defaults overridden by `chosen`; unknown keys or values throw. */
function resolveSwitches(model: Model, chosen: Record<string, string>): Record<string, string> {
  const problem = switchProblem(model, chosen);
  if (problem) throw new Error(problem);
  const out: Record<string, string> = {};
  for (const spec of switchesOf(model)) out[spec.key] = chosen[spec.key] ?? spec.default;
  return out;
}
