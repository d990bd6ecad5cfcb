/**
 * The contract between the World (src/sim/world.ts) and one lab's protocol model.
 *
 * A model names its nodes (each gets its own sql.js Store), parses its action vocabulary,
 * applies actions by calling core functions, reacts to delivered frames, and reports what
 * the lab observes, its invariants, its live machines and its node summaries. Models never
 * touch React or the DOM; the app renders what they report.
 */
import type { AnyStateMachine } from 'xstate';
import type { Store, TxRecord } from '../core/db/store';
import type { FaultPoints } from '../core/faults';
import type { VirtualClock } from './clock';
import type { Frame, Network } from './network';
import type { SeededRng } from './rng';

export interface NodeSpec {
  id: string;
  kind: 'authority' | 'worker' | 'resource' | 'provider' | 'service';
  label: string;
  /** DDL for the node's own database. */
  schema: string;
}

export type NodeStatus = 'up' | 'paused' | 'crashed';

export interface SwitchSpec {
  key: string;
  label: string;
  options: { value: string; label: string }[];
  default: string;
}

/** An invariant over the World: an ID, a one-line statement and the rule it comes from. */
export interface Invariant {
  id: string;
  statement: string;
  rule: string;
  /** Violations found in the current World (empty when it holds). */
  check(ctx: ModelContext): string[];
}

export interface InvariantResult {
  id: string;
  statement: string;
  rule: string;
  ok: boolean;
  violations: string[];
}

/** A machine instance with its live state, for the diagram. */
export interface LiveMachine {
  id: string;
  title: string;
  machine: AnyStateMachine;
  state: string;
}

/** A topology edge between two nodes. */
export interface TopologyEdge {
  from: string;
  to: string;
  label: string;
}

/** What the World lends a model while it applies an action or a frame. */
export interface ModelContext {
  readonly clock: VirtualClock;
  readonly rng: SeededRng;
  readonly network: Network;
  readonly switches: Readonly<Record<string, string>>;
  store(node: string): Store;
  faults(node: string): FaultPoints;
  status(node: string): NodeStatus;
  setStatus(node: string, status: NodeStatus): void;
  send(from: string, to: string, kind: string, body: Record<string, unknown>, delay?: number): Frame;
  /** One line of narration for the current step, built from real results. */
  note(text: string): void;
  /** Transactions the current (or, after it, the latest) step has run so far, in order. */
  stepTransactions(): readonly TxRecord[];
  /** Arms a one-shot named fault (a crash point or a model fault such as a lost reply). */
  arm(point: string): void;
  /** True once if `point` was armed (and disarms it). For model faults that are not crashes. */
  consume(point: string): boolean;
  /** Delivers every deliverable frame now (when the network delivers at once). */
  settle(): void;
  /** Brings a crashed node back up and runs the model's recovery for it. */
  restart(node: string): void;
  /** Runs `body`; a crash inside takes its node down (recorded in the trace) and is returned, not thrown. */
  guard(body: () => void): { node: string; point: string } | null;
  /** Cuts the link between two nodes: frames in flight between them, and any sent later, are lost. */
  partition(a: string, b: string): void;
  /** Restores every cut link. */
  heal(): void;
  isPartitioned(a: string, b: string): boolean;
}

/** An action after parsing: a union on `type`, plain JSON so step logs serialise. */
export interface ModelAction {
  type: string;
  [field: string]: unknown;
}

export interface Model<A extends ModelAction = ModelAction> {
  id: string;
  switches: SwitchSpec[];
  /** Fault points core code reaches in this model, for the fault palette. */
  faultPoints: { point: string; node: string; label: string }[];
  /** Model faults that are not crashes (e.g. a lost reply), armed by name. */
  modelFaults?: string[];
  nodes(switches: Readonly<Record<string, string>>): NodeSpec[];
  edges: TopologyEdge[];
  /** Validates the lab's starting state; returns an error message or null. */
  validateInitial(initial: unknown): string | null;
  /** Seeds the node databases from the starting state (named transactions). */
  setup(ctx: ModelContext, initial: Record<string, unknown>): void;
  /** A token or object from a lab or card → an action, or an error message. */
  parseAction(raw: unknown): A | string;
  /** Why `action` cannot run now (e.g. the worker is paused), or null. Must not mutate. */
  precondition(ctx: ModelContext, action: A): string | null;
  apply(ctx: ModelContext, action: A): void;
  /** A frame arrived at `frame.to`. */
  receive(ctx: ModelContext, frame: Frame): void;
  /** Called after the clock moved forward. */
  afterAdvance(ctx: ModelContext): void;
  /** Called when a crashed node comes back (its recovery: what it can know from its database). */
  afterRestart?(ctx: ModelContext, node: string): void;
  /** Human label for an action (timeline). */
  describeAction(action: A): string;
  observe(ctx: ModelContext): Record<string, unknown>;
  invariants: Invariant[];
  machines(ctx: ModelContext): LiveMachine[];
  /** Live lines per node for the topology diagram, read from the node's database. */
  describeNodes(ctx: ModelContext): Record<string, string[]>;
}
