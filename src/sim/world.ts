/**
 * The World: every node's own database, the virtual clock, the seeded RNG, the network of
 * in-flight frames, armed fault points, the step log, the trace and the invariants.
 *
 * `world.step(action)` is the only way anything changes. Same config + same actions ⇒
 * the same database bytes and the same trace (tested), so back-stepping is a replay.
 */
import { requireSqlJs } from '../core/db/sqljs';
import { Store, type TxRecord } from '../core/db/store';
import { CrashSignal, type FaultPoints } from '../core/faults';
import type { Message } from '../core/message';
import { VirtualClock } from './clock';
import type { InvariantResult, LiveMachine, Model, ModelAction, ModelContext, NodeSpec, NodeStatus } from './model';
import { getModel } from './models';
import { switchesOf, switchProblem } from './switches';
import { Network, type Frame } from './network';
import { SeededRng } from './rng';
import { parseActionFor } from './parseAction';
import { describeWorldAction, isWorldAction, type WorldAction } from './worldActions';

export interface WorldConfig {
  model: string;
  seed: number;
  initial: Record<string, unknown>;
  switches: Record<string, string>;
}

/** One line of the trace: what a step did, from the running protocol. */
export interface TraceEntry {
  /** 0 is the starting state; step n is the n-th action. */
  index: number;
  action: ModelAction | null;
  label: string;
  time: number;
  transactions: TxRecord[];
  sent: Frame[];
  delivered: Frame[];
  dropped: Frame[];
  notes: (Message | string)[];
  crash: { node: string; point: string } | null;
  invariants: InvariantResult[];
}

export type StepOutcome = { ok: true; entry: TraceEntry } | { ok: false; error: string };

/** Frames the auto-delivering network hands over after one action, at most. */
const MAX_DELIVERIES_PER_STEP = 200;

export class World {
  readonly config: WorldConfig;
  readonly model: Model;
  readonly clock: VirtualClock;
  readonly rng: SeededRng;
  readonly network = new Network();
  readonly nodes: NodeSpec[];
  readonly switches: Readonly<Record<string, string>>;
  /** The step log: normalised actions, replayable with World.replay. */
  readonly actions: ModelAction[] = [];
  readonly trace: TraceEntry[] = [];

  private readonly stores = new Map<string, Store>();
  private readonly statuses = new Map<string, NodeStatus>();
  private readonly armed = new Set<string>();
  /** Cut links, as "a|b" with a < b. */
  private readonly partitions = new Set<string>();
  /** Bumped at every crash: frames sent to an earlier incarnation died with its connections. */
  private readonly incarnations = new Map<string, number>();
  private recording: TraceEntry | null = null;
  private readonly ctx: ModelContext;

  private constructor(config: WorldConfig) {
    this.config = config;
    this.model = getModel(config.model);
    this.switches = resolveSwitches(this.model, config.switches);
    this.clock = new VirtualClock(0);
    this.rng = new SeededRng(config.seed);
    this.nodes = this.model.nodes(this.switches);
    const sql = requireSqlJs();
    for (const node of this.nodes) {
      this.stores.set(node.id, new Store(sql, node.id, node.schema, {
        onTransaction: (record) => this.recording?.transactions.push(record),
      }));
      this.statuses.set(node.id, 'up');
    }
    this.ctx = this.makeContext();
  }

  /** A new World in its starting state (trace entry 0). Throws on a bad starting state. */
  static create(config: WorldConfig): World {
    const world = new World(config);
    const problem = world.model.validateInitial(config.initial);
    if (problem) {
      world.dispose();
      throw new Error(`starting state: ${problem}`);
    }
    world.record(null, 'Starting state', () => world.model.setup(world.ctx, config.initial));
    return world;
  }

  /** Rebuilds a World by replaying a step log. Throws if a step no longer applies. */
  static replay(config: WorldConfig, actions: readonly unknown[]): World {
    const world = World.create(config);
    actions.forEach((action, i) => {
      const outcome = world.step(action);
      if (!outcome.ok) {
        world.dispose();
        throw new Error(`replay step ${i + 1}: ${outcome.error}`);
      }
    });
    return world;
  }

  /** Parses and runs one action. A rejected action changes nothing and is not logged. */
  step(raw: unknown): StepOutcome {
    const parsed = this.parse(raw);
    if (typeof parsed === 'string') return { ok: false, error: parsed };
    const problem = isWorldAction(parsed) ? this.worldPrecondition(parsed) : this.model.precondition(this.ctx, parsed);
    if (problem) return { ok: false, error: problem };
    const label = this.label(parsed);
    const entry = this.record(parsed, label, () => {
      // A crash inside the action stops that node, not the World: the network still delivers.
      this.runGuarded(() => {
        if (isWorldAction(parsed)) this.applyWorldAction(parsed);
        else this.model.apply(this.ctx, parsed);
      });
      if (this.switches.network !== 'manual') this.deliverAll();
    });
    this.actions.push(parsed);
    return { ok: true, entry };
  }

  /**
   * Hook for asynchronous models (src/sim/asyncStep.ts): runs `body` INSIDE the latest
   * trace entry — its transactions, frames, notes and a crash are recorded there, a crash
   * takes its node down as in `step` — then re-judges the invariants. `stepAsync` calls it
   * after `step` until the model's queued async work and the network are both quiet.
   */
  async continueStep(body: (ctx: ModelContext) => Promise<void>): Promise<TraceEntry> {
    const entry = this.trace[this.trace.length - 1];
    if (!entry) throw new Error('continueStep: no step to continue');
    this.recording = entry;
    try {
      const failure = await body(this.ctx).then(() => null, (error: unknown) => error);
      if (failure !== null) this.runGuarded(() => { throw failure; });
    } finally {
      this.recording = null;
    }
    entry.time = this.clock.now;
    entry.invariants = this.evaluateInvariants();
    return entry;
  }

  /** Normalises a token/object into an action without running it. */
  parse(raw: unknown): ModelAction | string {
    return parseActionFor(this.model, raw);
  }

  /** A human label for a token/object, or the parse error. */
  describe(raw: unknown): string {
    const parsed = this.parse(raw);
    return typeof parsed === 'string' ? `(invalid: ${parsed})` : this.label(parsed);
  }

  private label(action: ModelAction): string {
    return isWorldAction(action) ? describeWorldAction(action) : this.model.describeAction(action);
  }

  observe(): Record<string, unknown> {
    return this.model.observe(this.ctx);
  }

  /** Invariant results after the latest step. */
  get invariants(): InvariantResult[] {
    return this.trace[this.trace.length - 1]?.invariants ?? [];
  }

  machines(): LiveMachine[] {
    return this.model.machines(this.ctx);
  }

  describeNodes(): Record<string, string[]> {
    return this.model.describeNodes(this.ctx);
  }

  status(node: string): NodeStatus {
    const status = this.statuses.get(node);
    if (!status) throw new Error(`no node '${node}'`);
    return status;
  }

  store(node: string): Store {
    const store = this.stores.get(node);
    if (!store) throw new Error(`no node '${node}'`);
    return store;
  }

  armedFaults(): string[] {
    return [...this.armed].sort();
  }

  // ── Read-only views for the explorer (src/sim/explorer): what a state is made of ──
  /** The model's business actions that can run now (its `enabled` hook), or null without one. */
  modelEnabled(): ModelAction[] | null {
    return this.model.enabled ? this.model.enabled(this.ctx) : null;
  }

  /** The model's canonical logical state (its `fingerprint` hook), or null without one. */
  modelFingerprint(): string | null {
    return this.model.fingerprint ? this.model.fingerprint(this.ctx) : null;
  }

  /** The model's canonical form of an in-flight frame (its `frameFingerprint` hook), or null without one. */
  modelFrameFingerprint(frame: Frame): string | null {
    return this.model.frameFingerprint ? this.model.frameFingerprint(this.ctx, frame) : null;
  }

  /** Cut links, as "a|b" with a < b, sorted. */
  cutLinks(): string[] {
    return [...this.partitions].sort();
  }

  /** How many times `node` has crashed: frames sent to an older incarnation are lost. */
  incarnation(node: string): number {
    return this.incarnations.get(node) ?? 0;
  }

  /** Every node's database image, by node ID. */
  images(): Record<string, Uint8Array> {
    const out: Record<string, Uint8Array> = {};
    for (const [id, store] of this.stores) out[id] = store.export();
    return out;
  }

  dispose(): void {
    for (const store of this.stores.values()) store.close();
    this.stores.clear();
  }

  private makeContext(): ModelContext {
    return {
      clock: this.clock,
      rng: this.rng,
      network: this.network,
      switches: this.switches,
      store: (node) => this.store(node),
      faults: (node) => this.faultsFor(node),
      status: (node) => this.status(node),
      setStatus: (node, status) => {
        this.status(node);
        this.statuses.set(node, status);
      },
      send: (from, to, kind, body, delay) => {
        const frame = this.network.send(from, to, kind, body, this.clock.now, delay, this.incarnations.get(to) ?? 0);
        this.recording?.sent.push(frame);
        if (this.partitions.has(linkOf(from, to))) this.lose(frame, `the link ${from} – ${to} is cut: frame #${frame.id} (${kind}) is lost.`);
        return frame;
      },
      note: (text) => this.recording?.notes.push(text),
      stepTransactions: () => (this.recording ?? this.trace[this.trace.length - 1])?.transactions ?? [],
      arm: (point) => { this.armed.add(point); },
      consume: (point) => this.armed.delete(point),
      settle: () => { if (this.switches.network !== 'manual') this.deliverAll(); },
      restart: (node) => this.restartNode(node),
      guard: (body) => {
        this.runGuarded(body);
        return this.recording?.crash ?? null;
      },
      partition: (a, b) => this.partition(a, b),
      heal: () => this.heal(),
      isPartitioned: (a, b) => this.partitions.has(linkOf(a, b)),
    };
  }

  private faultsFor(node: string): FaultPoints {
    return {
      reach: (point) => {
        if (this.armed.delete(point)) throw new CrashSignal(node, point);
      },
    };
  }

  /** Runs `body` as one trace entry: collects transactions, frames, notes, invariants. */
  private record(action: ModelAction | null, label: string, body: () => void): TraceEntry {
    const entry: TraceEntry = {
      index: this.trace.length, action, label, time: 0, transactions: [], sent: [], delivered: [],
      dropped: [], notes: [], crash: null, invariants: [],
    };
    this.recording = entry;
    try {
      this.runGuarded(body);
    } finally {
      this.recording = null;
    }
    entry.time = this.clock.now;
    entry.invariants = this.evaluateInvariants();
    this.trace.push(entry);
    return entry;
  }

  /** Runs core code; a CrashSignal takes its node down (its transaction already rolled back). */
  private runGuarded(body: () => void): void {
    try {
      body();
    } catch (error) {
      if (!(error instanceof CrashSignal)) throw error;
      this.statuses.set(error.node, 'crashed');
      this.incarnations.set(error.node, (this.incarnations.get(error.node) ?? 0) + 1);
      this.recording!.crash ??= { node: error.node, point: error.point };
      this.recording!.notes.push(`${error.node} crashed at ${error.point}; whatever it had not committed is gone.`);
    }
  }

  private evaluateInvariants(): InvariantResult[] {
    return this.model.invariants.map((inv) => {
      const violations = inv.check(this.ctx);
      return { id: inv.id, statement: inv.statement, rule: inv.rule, ok: violations.length === 0, violations };
    });
  }

  private worldPrecondition(action: WorldAction): string | null {
    switch (action.type) {
      case 'advance':
        return null;
      case 'deliver': {
        const frame = action.frame === undefined ? this.nextDeliverable() : this.network.find(action.frame);
        if (!frame) return action.frame === undefined ? 'No frame can be delivered now.' : `No frame #${action.frame} in flight.`;
        if (this.status(frame.to) === 'paused') return `${frame.to} is paused; frame #${frame.id} has to wait.`;
        return this.canArrive(frame) ? null : `Frame #${frame.id} is still on its way (arrives at t=${frame.notBefore}).`;
      }
      case 'drop':
      case 'duplicate': {
        const frame = action.frame === undefined ? this.network.inFlight[0] : this.network.find(action.frame);
        return frame ? null : action.frame === undefined ? 'No frame is in flight.' : `No frame #${action.frame} in flight.`;
      }
      case 'crash_at':
        return this.armed.has(action.point) ? `A crash is already armed at ${action.point}.` : null;
      case 'restart':
        if (!this.statuses.has(action.node)) return `No node '${action.node}'.`;
        return this.status(action.node) === 'crashed' ? null : `${action.node} is not crashed.`;
      case 'partition':
        return action.nodes.every((n) => this.statuses.has(n)) && action.nodes[0] !== action.nodes[1] ? null : `Cannot cut ${action.nodes.join(' – ')}.`;
      case 'heal':
        return this.partitions.size > 0 ? null : 'No link is cut.';
    }
  }

  private applyWorldAction(action: WorldAction): void {
    switch (action.type) {
      case 'advance':
        this.clock.advance(action.by);
        this.model.afterAdvance(this.ctx);
        return;
      case 'deliver':
        this.deliver((action.frame === undefined ? this.nextDeliverable() : this.network.find(action.frame))!);
        return;
      case 'drop': {
        const id = action.frame ?? this.network.inFlight[0]!.id;
        const frame = this.network.take(id);
        this.recording!.dropped.push(frame);
        this.recording!.notes.push(`Frame #${frame.id} (${frame.kind}, ${frame.from} → ${frame.to}) was lost.`);
        return;
      }
      case 'duplicate': {
        const copy = this.network.duplicate(action.frame ?? this.network.inFlight[0]!.id, this.clock.now);
        this.recording!.sent.push(copy);
        this.recording!.notes.push(`Frame #${copy.copyOf} will arrive twice: copy #${copy.id} is in flight.`);
        return;
      }
      case 'crash_at':
        this.armed.add(action.point);
        this.recording!.notes.push(`The next time any node reaches ${action.point}, it crashes there.`);
        return;
      case 'restart':
        this.restartNode(action.node);
        return;
      case 'partition':
        this.partition(action.nodes[0], action.nodes[1]);
        return;
      case 'heal':
        this.heal();
        return;
    }
  }

  private partition(a: string, b: string): void {
    this.partitions.add(linkOf(a, b));
    for (const frame of [...this.network.inFlight]) {
      if (linkOf(frame.from, frame.to) === linkOf(a, b)) this.lose(frame, `the link ${a} – ${b} is cut: frame #${frame.id} (${frame.kind}) in flight is lost.`);
    }
    this.recording?.notes.push(`The link between ${a} and ${b} is cut.`);
  }

  private heal(): void {
    if (this.partitions.size > 0) this.recording?.notes.push('Every cut link is restored.');
    this.partitions.clear();
  }

  private lose(frame: Frame, note: string): void {
    this.network.take(frame.id);
    this.recording?.dropped.push(frame);
    this.recording?.notes.push(note);
  }

  private restartNode(node: string): void {
    if (this.status(node) !== 'crashed') return;
    this.statuses.set(node, 'up');
    this.recording?.notes.push(`${node} restarted with only what it had committed.`);
    this.model.afterRestart?.(this.ctx, node);
  }

  /** The oldest frame that can arrive now: its target is not paused and its latency has passed. */
  private nextDeliverable(): Frame | undefined {
    return this.network.inFlight.find((f) => this.canArrive(f));
  }

  private canArrive(frame: Frame): boolean {
    return this.statuses.get(frame.to) !== 'paused' && (frame.notBefore ?? 0) <= this.clock.now;
  }

  /** Hands a frame to its node. A crashed node's connections are gone: the frame is lost. */
  private deliver(frame: Frame): void {
    this.network.take(frame.id);
    const down = this.statuses.get(frame.to) === 'crashed';
    if (down || (frame.incarnation ?? 0) !== (this.incarnations.get(frame.to) ?? 0)) {
      this.recording!.dropped.push(frame);
      this.recording!.notes.push(down ? `${frame.to} is down: frame #${frame.id} (${frame.kind}) is lost.`
        : `${frame.to} restarted since frame #${frame.id} (${frame.kind}) was sent: the connection it was meant for is gone.`);
      return;
    }
    this.recording!.delivered.push(frame);
    this.runGuarded(() => this.model.receive(this.ctx, frame));
  }

  private deliverAll(): void {
    for (let i = 0; i < MAX_DELIVERIES_PER_STEP; i++) {
      const frame = this.nextDeliverable();
      if (!frame) return;
      this.deliver(frame);
    }
    throw new Error(`network: more than ${MAX_DELIVERIES_PER_STEP} deliveries in one step (a message loop?)`);
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

function linkOf(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}
