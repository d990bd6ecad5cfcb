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
import type { Message } from '../core/message';
import type { FaultPoints } from '../core/faults';
import type { CheckpointRow, ThreadView } from '../core/workflow/threadView';
import type { VirtualClock } from './clock';
import type { Frame, Network } from './network';
import type { SeededRng } from './rng';

export interface NodeSpec {
  id: string;
  kind: 'authority' | 'worker' | 'resource' | 'provider' | 'service';
  /** Shown in the student's language: a message (`view.<model>.node.…`), or English while unconverted. */
  label: string | Message;
  /** DDL for the node's own database. */
  schema: string;
  /**
   * Set when this node is not a machine of its own but the process memory of the node it
   * names (its store stands in for in-process state, e.g. an in-memory checkpointer): when
   * that node crashes, the model empties this store in the crash step, and readers (the
   * crash panel) count those rows with what the crash lost, not with what survived.
   */
  memoryOf?: string;
}

/** One line of a node's summary: a message, or English text from a model not converted yet. */
export type NodeLine = string | Message;

/**
 * Why an action cannot run now: a message of the `refusals` namespace (`refusals.<what>`),
 * rendered in the reader's language by the app and in English by graders, cards and the
 * CLI. A plain English string is still accepted while models move to messages.
 */
export type RefusalReason = Message | string;

/**
 * A refusal as plain text without a catalog (the key and its parameters), for the engine's
 * own errors ("replay step 3: …"); readers render refusals with
 * src/lab/messages/render.ts (i18next).
 */
export function reasonKeyText(reason: RefusalReason): string {
  return typeof reason === 'string' ? reason : `${reason.key}${reason.params ? ` ${JSON.stringify(reason.params)}` : ''}`;
}

/** Whether a parse result is a refusal (text or a message) rather than an action: every action has a `type`. */
export function isRefusal<A extends ModelAction>(parsed: A | RefusalReason): parsed is RefusalReason {
  return typeof parsed === 'string' || !('type' in parsed);
}

export type NodeStatus = 'up' | 'paused' | 'crashed';

/**
 * One design choice. `label` is NEUTRAL (it describes the design, never judges it): labels
 * are shown in exercises. `presented` says separately whether the lab presents the option
 * as a right or a wrong design; the app reveals it only outside exercises or after one is
 * done, and the explorer test holds it to account (wrong ⇒ a counterexample exists within
 * the lab's bounds; right ⇒ none).
 */
export interface SwitchOption {
  value: string;
  label: string;
  presented?: 'right' | 'wrong';
}

export interface SwitchSpec {
  key: string;
  label: string;
  options: SwitchOption[];
  default: string;
}

/**
 * A rule the project checks: an MWP rule ID of the domain specification (`MWP-WRK-020`), or
 * a numbered section of the refund course module (`M07-1` … `M07-9`). docs/rules.md lists
 * every one with the properties that state it (scripts/rules.ts builds that table).
 */
export type RuleId = string;

/** An invariant over the World: an ID, a one-line statement and the rule it comes from. */
export interface Invariant {
  id: string;
  statement: string;
  /** The citation shown with the statement (free text, e.g. 'SPEC 9.9, 9.3'). */
  rule: string;
  /**
   * The rules this property states, as IDs (docs/rules.md): the table of rules is built
   * from these, and each needs a broken variant that search catches (a lab's `variants`).
   */
  rules?: readonly RuleId[];
  /**
   * Violations found in the current World (empty when it holds), from the whole history.
   * The full-history oracle: used in tests to check `checkStep`, and when a model has no
   * incremental version.
   */
  check(ctx: ModelContext): Violation[];
  /**
   * Incremental version (optional): looks only at what the current step wrote (its
   * transactions, from `ctx.stepTransactions()`) plus what earlier steps already found, so
   * a step costs the same at step 5,000 as at step 100. Must agree with `check` (tested on
   * random schedules).
   */
  checkStep?(ctx: ModelContext, previous: readonly Violation[]): Violation[];
}

/**
 * One thing an invariant found broken: a message of the `violations` namespace
 * (`violations.<model>.<what>`), rendered in the reader's language by the app and in
 * English by graders, cards and the CLI (src/lab/messages/render.ts).
 */
export type Violation = Message;

export interface InvariantResult {
  id: string;
  statement: string;
  rule: string;
  ok: boolean;
  violations: Violation[];
}

/** A machine instance with its live state, for the diagram. */
export interface LiveMachine {
  id: string;
  /** A message (`view.<model>.machine.…`) rendered in the student's language, or English while unconverted. */
  title: string | Message;
  machine: AnyStateMachine;
  state: string;
}

/** A topology edge between two nodes. */
export interface TopologyEdge {
  from: string;
  to: string;
  /** A message (`view.<model>.edge.…`) rendered in the student's language, or English while unconverted. */
  label: string | Message;
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
  /**
   * Loses a frame this step sent (a model's own network fault: a request or an answer that
   * never arrives). It leaves the network and is drawn as lost where it was sent, with `note`
   * as the step's narration; a frame no longer in flight (a cut link took it) is left alone.
   */
  lose(frame: Frame, note: Message): void;
  /**
   * One line of narration for the current step, built from real results, as a message
   * descriptor (key + params) that the app renders in the student's language. Plain
   * strings are accepted only while models are being converted.
   */
  note(message: Message | string): void;
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
  /**
   * A named piece of model-side memory kept by the World (high-water marks for an
   * incremental invariant, a cached key pair): created by `init` on first use, covered by
   * undo and fork like everything else in the World. Plain data only (it is copied with
   * structuredClone at every checkpoint); mutate it in place. A memo that grows with the
   * history can give `copy` instead (see MemoCopy): the World then keeps `copy.save(value)`
   * at a checkpoint and restores with `copy.load(saved)`.
   */
  memo<T extends object>(key: string, init: () => T, copy?: MemoCopy<T>): T;
  /**
   * What the invariant runner found for invariant `id` at the latest finished step (the
   * violations the trace shows), or undefined while a step is running or for an id the
   * model does not have. For a presenter that shows a verdict without judging the whole
   * history again (observe runs after every step and every Back). Optional: test doubles
   * of the context may leave it out; callers fall back to the invariant's `check`.
   */
  judged?(id: string): readonly Violation[] | undefined;
}

/**
 * How the World copies a memo at a checkpoint and back, for a memo whose structuredClone
 * at every checkpoint costs too much (a fold of the whole history): e.g. immutable parts
 * shared between checkpoints and only what changed since the last one copied.
 */
export interface MemoCopy<T> {
  /**
   * What a checkpoint keeps: nothing in it may change afterwards — the live value must
   * not mutate in place anything it shares with it (copy on write).
   */
  save(value: T): unknown;
  /** A live value from a kept copy, which stays as it is: it may be loaded again (Back twice, forks). */
  load(saved: unknown): T;
}

/** An action after parsing: a union on `type`, plain JSON so step logs serialise. */
export interface ModelAction {
  type: string;
  [field: string]: unknown;
}

// ── The model contract, split by concern ───────────────────────────────────────────────
// A model is five parts. Each consumer depends only on the part it needs: the lab loader
// and the palette on the spec, the World on the protocol, the invariant runner on the
// oracle, the app (through the session) on the presenter, the explorer on the search
// hooks. `Model` is their combination, so a model file may still export one object.

/** What a model is made of: nodes, switches, fault points, topology. Pure data. */
export interface ModelSpec {
  id: string;
  switches: SwitchSpec[];
  /** Fault points core code reaches in this model, for the fault palette. */
  faultPoints: { point: string; node: string; label: string }[];
  /** Model faults that are not crashes (e.g. a lost reply), armed by name. */
  modelFaults?: string[];
  nodes(switches: Readonly<Record<string, string>>): NodeSpec[];
  edges: TopologyEdge[];
}

/** How the model behaves: the only part that changes node databases (through core). */
export interface ModelProtocol<A extends ModelAction = ModelAction> {
  /** Validates the lab's starting state; returns an error message or null. */
  validateInitial(initial: unknown): string | null;
  /** Seeds the node databases from the starting state (named transactions). */
  setup(ctx: ModelContext, initial: Record<string, unknown>): void;
  /**
   * A token or object from a lab or card → an action, or why it is not one: a refusal
   * message when a learner can meet it (an action of the other executor), else plain text
   * for a malformed lab file's author.
   */
  parseAction(raw: unknown): A | RefusalReason;
  /** Why `action` cannot run now (e.g. the worker is paused), or null. Must not mutate. */
  precondition(ctx: ModelContext, action: A): RefusalReason | null;
  apply(ctx: ModelContext, action: A): void;
  /** A frame arrived at `frame.to`. */
  receive(ctx: ModelContext, frame: Frame): void;
  /** Called after the clock moved forward. */
  afterAdvance(ctx: ModelContext): void;
  /** Called when a crashed node comes back (its recovery: what it can know from its database). */
  afterRestart?(ctx: ModelContext, node: string): void;
}

/** What must always hold: read-only checks, judged by the World after every step. */
export interface ModelOracle {
  invariants: Invariant[];
}

/** What the learner sees: read-only views of the node databases. */
export interface ModelPresenter<A extends ModelAction = ModelAction> {
  /**
   * The action's label (timeline, redo tail, sequence diagram) as a message, namespace
   * `actions` (`actions.<model>.<kind>`, src/lab/messages/<locale>/actions.json); the World
   * stores it in the trace entry.
   */
  describeAction(action: A): Message;
  observe(ctx: ModelContext): Record<string, unknown>;
  machines(ctx: ModelContext): LiveMachine[];
  /**
   * Live lines per node for the topology diagram, read from the node's database: message
   * descriptors (`view.<model>.…`) the app renders in the student's language.
   */
  describeNodes(ctx: ModelContext): Record<string, NodeLine[]>;
  /**
   * Runs after every step (setup, replays, probes and undo's replays included), right after
   * the invariants, with `ctx.stepTransactions()` still this step's: keeps the presenter's
   * memos (ctx.memo) current from what the step wrote, so `observe` reads only kept data
   * and every checkpoint holds them as of its step (a memo `observe` brings up to date is
   * stale in checkpoints after steps nobody observed). Must not write to a store, and may
   * run twice for one step (an asynchronous model's `continueStep` adds to the latest step).
   */
  track?(ctx: ModelContext): void;
  /**
   * A model that runs a graph engine (L05/L06's LangGraph): the compiled graph as the engine
   * describes it and where the run stands on it — next tasks, saved pending writes, the
   * checkpoint trail — read from the running state. Absent (or null): no engine graph.
   */
  engineThread?(ctx: ModelContext): ThreadView | null;
  /**
   * The engine checkpoints `store` holds as readable rows, and the raw table they stand for,
   * so a panel listing a database's tables (the crash panel) shows these rows in its place;
   * null when the store holds none of them.
   */
  engineCheckpoints?(store: Store): { table: string; rows: CheckpointRow[] } | null;
}

/**
 * What one action reads and writes, as resources (`node:<id>`, `clock`, `frame:<id>`,
 * `budget:<kind>`, `*` for everything): src/sim/explorer/footprint.ts says what each means.
 */
export interface Footprint {
  reads: readonly string[];
  writes: readonly string[];
}

/** Search hooks (src/sim/explorer). Optional: a model without them cannot be explored. */
export interface ModelSearch<A extends ModelAction = ModelAction> {
  /**
   * The model's own (business) actions that can run now, each one its precondition
   * accepts. The World adds the generic ones: deliver / drop / duplicate of each in-flight
   * frame, each armable crash point, restarts, a bounded clock advance.
   */
  enabled?(ctx: ModelContext): A[];
  /**
   * A canonical text of the model's logical state (its nodes' databases as the protocol
   * sees them), ignoring incidental numbering: frame ids, step stamps, autoincrement row
   * ids, trace positions. Two interleavings that reach the same state give the same text.
   * The World hashes it together with node statuses, armed faults and the network.
   */
  fingerprint?(ctx: ModelContext): string;
  /**
   * A frame in canonical form for the World's fingerprint: its body without incidental
   * ids, its times relative to `ctx.clock.now`. Without it the World uses kind and body as
   * they are (right for bodies holding only logical values).
   */
  frameFingerprint?(ctx: ModelContext, frame: Frame): string;
  /**
   * What `action` (a business action or a World action that runs model code: deliver,
   * advance, restart) would read and write if it ran now, for partial-order reduction
   * (src/sim/explorer/footprint.ts names the resources). Null or absent: the action touches
   * everything, so it is never reduced away. A footprint must cover the whole step —
   * with a network that delivers at once, every node the step's frames reach.
   */
  footprint?(ctx: ModelContext, action: ModelAction): Footprint | null;
}

/**
 * One end condition: part of what "settled" means for a lab (liveness). A settled World
 * has nothing left half-done: every approved intent has a terminal outcome that its ledger
 * matches, nothing waits for an answer that nothing will bring, cursors have caught up, no
 * lease is held by a node that is gone. Read-only, like an invariant.
 */
export interface EndCondition {
  id: string;
  statement: string;
  rules: readonly RuleId[];
  /** What keeps this condition from holding now (empty when it holds), as `violations.<model>.…` messages. */
  check(ctx: ModelContext): Violation[];
}

/**
 * Recoverability hooks (src/sim/explorer/recover.ts). From any reachable state, with no new
 * fault, the system's own moves must reach a state where every end condition holds within
 * `recoveryBound` steps. Optional: a model without end conditions is not checked.
 */
export interface ModelRecovery<A extends ModelAction = ModelAction> {
  endConditions?: EndCondition[];
  /**
   * The moves the system makes by itself from here, most urgent first: the executor's
   * retry / lookup / reconcile, sweeps, takeovers, an operator's documented reconciliation,
   * and clock advances to the next deadline (`{ type: 'advance', by }`). The explorer puts
   * the environment's own recovery before these (restart crashed nodes, heal cut links,
   * deliver frames in flight) and takes the first move the World accepts. This is the
   * design under its switches — a wrong design recovers as badly as it is written — never
   * a script that knows the answer. Must not mutate.
   */
  recoveryMoves?(ctx: ModelContext): A[];
  /** Recovery steps within which every reachable state must settle (default 12). */
  recoveryBound?: number;
}

export interface Model<A extends ModelAction = ModelAction>
  extends ModelSpec, ModelProtocol<A>, ModelOracle, ModelPresenter<A>, ModelSearch<A>, ModelRecovery<A> {}

/** The five parts of a model, for a model written part by part. */
export interface ModelParts<A extends ModelAction = ModelAction> {
  spec: ModelSpec;
  protocol: ModelProtocol<A>;
  oracle: ModelOracle;
  presenter: ModelPresenter<A>;
  search?: ModelSearch<A>;
  recovery?: ModelRecovery<A>;
}

/**
 * Combines the parts into one `Model`. Methods keep their own `this` (each part is bound to
 * itself), so a part may be a class instance or an object literal.
 */
export function defineModel<A extends ModelAction>(parts: ModelParts<A>): Model<A> {
  const out: Record<string, unknown> = {};
  for (const part of [parts.spec, parts.protocol, parts.oracle, parts.presenter, parts.search ?? {}, parts.recovery ?? {}]) {
    for (const key of Object.keys(part) as (keyof typeof part)[]) {
      const value = part[key] as unknown;
      out[key as string] = typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(part) : value;
    }
  }
  return out as unknown as Model<A>;
}

/**
 * A model as the registry's element type. `Model<A>` takes its own action type in
 * `apply`/`precondition`, so TypeScript cannot widen it to `Model` (parameters are
 * contravariant). The widening is sound here because the World only ever hands a model
 * actions that the same model's `parseAction` produced; this is the one place that says so.
 */
export function registered<A extends ModelAction>(model: Model<A>): Model {
  return model as unknown as Model;
}
