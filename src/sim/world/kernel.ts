/**
 * What one step means: its precondition (a refusal changes nothing), the action applied,
 * the network (auto-delivery, partitions, lost frames, crashes and restarts, incarnations),
 * the context a model works through, and the trace entry the step writes. Knows nothing of
 * undo: the World brackets a step with the timeline's window, the kernel runs what is inside.
 */
import { CrashSignal, type FaultPoints } from '../../core/faults';
import { msg, type Message } from '../../core/message';
import type { MemoCopy, ModelAction, ModelContext, NodeStatus, RefusalReason } from '../model';
import type { Frame } from '../network';
import { describeWorldAction, isWorldAction, type WorldAction } from '../worldActions';
import type { Judge } from './judge';
import type { WorldCore } from './state';
import type { NodeStores } from './stores';
import type { TraceEntry } from './types';

/** Frames the auto-delivering network hands over after one action, at most. */
const MAX_DELIVERIES_PER_STEP = 200;

export class Kernel {
  readonly ctx: ModelContext;

  constructor(private readonly core: WorldCore, private readonly stores: NodeStores, private readonly judge: Judge) {
    this.ctx = this.makeContext();
  }

  /** Why `action` cannot run now (the model's reason, or namespace `refusals` for a World action), or null. */
  precondition(action: ModelAction): RefusalReason | null {
    return isWorldAction(action) ? this.worldPrecondition(action) : this.core.model.precondition(this.ctx, action);
  }

  label(action: ModelAction): Message {
    return isWorldAction(action) ? describeWorldAction(action) : this.core.model.describeAction(action);
  }

  /** Runs a parsed action as one trace entry: apply, then (unless the network is manual) deliver. */
  run(action: ModelAction, label: Message): TraceEntry {
    return this.record(action, label, () => {
      // A crash inside the action stops that node, not the World: the network still delivers.
      this.runGuarded(() => {
        if (isWorldAction(action)) this.applyWorldAction(action);
        else this.core.model.apply(this.ctx, action);
      });
      if (this.core.switches.network !== 'manual') this.deliverAll();
    });
  }

  /** Trace entry 0: the model's setup from the starting state. */
  setup(initial: Record<string, unknown>): TraceEntry {
    return this.record(null, msg('steps.start'), () => this.core.model.setup(this.ctx, initial));
  }

  /** After a continued step (World.continueStep): its time and invariants again, as if it ended now. */
  rejudge(entry: TraceEntry): void {
    const trace = this.core.trace;
    entry.time = this.core.clock.now;
    entry.invariants = this.judge.evaluate(this.ctx, trace[trace.length - 2]);
    this.core.model.track?.(this.ctx);
  }

  /** Runs core code; a CrashSignal takes its node down (its transaction already rolled back). */
  runGuarded(body: () => void): void {
    try {
      body();
    } catch (error) {
      if (!(error instanceof CrashSignal)) throw error;
      this.core.statuses.set(error.node, 'crashed');
      this.core.incarnations.set(error.node, (this.core.incarnations.get(error.node) ?? 0) + 1);
      this.core.recording!.crash ??= { node: error.node, point: error.point };
      this.core.recording!.notes.push(msg('world.crashed', { node: error.node, point: error.point }));
    }
  }

  status(node: string): NodeStatus {
    const status = this.core.statuses.get(node);
    if (!status) throw new Error(`no node '${node}'`);
    return status;
  }

  /** Whether `frame` can be delivered now: its target is not paused and its latency has passed (also the explorer's rule). */
  canArrive(frame: Frame): boolean {
    return this.core.statuses.get(frame.to) !== 'paused' && (frame.notBefore ?? 0) <= this.core.clock.now;
  }

  // ── The context a model works through ──────────────────────────────────────────────────

  private makeContext(): ModelContext {
    // Methods, not arrow-function properties: esbuild's keepNames (tsx: the bench, the CLIs,
    // the cards) wraps each named arrow in an Object.defineProperty call — ≈ 20 µs per
    // World for these members, as much as the rest of a fork. Destructuring a member stays
    // safe: none of them reads `this`.
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the methods below reach the kernel through it
    const kernel = this;
    const core = this.core;
    const stores = this.stores;
    return {
      clock: core.clock,
      rng: core.rng,
      network: core.network,
      switches: core.switches,
      store(node) { return stores.store(node); },
      faults(node) { return kernel.faultsFor(node); },
      status(node) { return kernel.status(node); },
      setStatus(node, status) {
        kernel.status(node);
        core.statuses.set(node, status);
      },
      send(from, to, kind, body, delay) {
        const frame = core.network.send(from, to, kind, body, core.clock.now, delay, core.incarnations.get(to) ?? 0);
        core.recording?.sent.push(frame);
        if (core.partitions.has(linkOf(from, to))) kernel.lose(frame, msg('world.link_cut_frame_lost', { a: from, b: to, frame: frame.id, kind }));
        return frame;
      },
      lose(frame, note) {
        if (core.network.find(frame.id)) kernel.lose(frame, note);
      },
      note(text) { core.recording?.notes.push(text); },
      stepTransactions() { return (core.recording ?? core.trace[core.trace.length - 1])?.transactions ?? []; },
      arm(point) { core.armed.add(point); },
      consume(point) { return core.armed.delete(point); },
      settle() { if (core.switches.network !== 'manual') kernel.deliverAll(); },
      restart(node) { kernel.restartNode(node); },
      guard(body) {
        kernel.runGuarded(body);
        return core.recording?.crash ?? null;
      },
      partition(a, b) { kernel.partition(a, b); },
      heal() { kernel.heal(); },
      isPartitioned(a, b) { return core.partitions.has(linkOf(a, b)); },
      memo<T extends object>(key: string, init: () => T, copy?: MemoCopy<T>): T {
        if (copy && !core.memoCopies.has(key)) core.memoCopies.set(key, copy as MemoCopy<object>);
        let value = core.memos.get(key);
        if (value === undefined) core.memos.set(key, (value = init()));
        return value as T;
      },
      judged(id) { return core.recording ? undefined : core.trace[core.trace.length - 1]?.invariants.find((r) => r.id === id)?.violations; },
    };
  }

  private faultsFor(node: string): FaultPoints {
    return {
      reach: (point) => {
        if (this.core.armed.delete(point)) throw new CrashSignal(node, point);
      },
    };
  }

  /** Runs `body` as one trace entry: collects transactions, frames, notes, invariants. */
  private record(action: ModelAction | null, label: Message, body: () => void): TraceEntry {
    const core = this.core;
    const entry: TraceEntry = {
      index: core.trace.length, action, label, time: 0, transactions: [], sent: [], delivered: [],
      dropped: [], notes: [], crash: null, invariants: [],
    };
    core.recording = entry;
    try {
      this.runGuarded(body);
    } finally {
      core.recording = null;
    }
    entry.time = core.clock.now;
    // The invariants judge THIS step: ctx.stepTransactions() must return its transactions.
    core.recording = entry;
    try {
      entry.invariants = this.judge.evaluate(this.ctx, core.trace[core.trace.length - 1]);
      core.model.track?.(this.ctx);
    } finally {
      core.recording = null;
    }
    core.trace.push(entry);
    return entry;
  }

  // ── World actions and the network ──────────────────────────────────────────────────────

  /** Why a World action cannot run now (namespace `refusals`), or null. */
  private worldPrecondition(action: WorldAction): Message | null {
    const { network, statuses } = this.core;
    switch (action.type) {
      case 'advance':
        return null;
      case 'deliver': {
        const frame = action.frame === undefined ? this.nextDeliverable() : network.find(action.frame);
        if (!frame) return action.frame === undefined ? msg('refusals.no_frame_deliverable') : msg('refusals.no_such_frame', { frame: action.frame });
        if (this.status(frame.to) === 'paused') return msg('refusals.frame_waits_paused', { node: frame.to, frame: frame.id });
        return this.canArrive(frame) ? null : msg('refusals.frame_on_its_way', { frame: frame.id, at: Number(frame.notBefore) });
      }
      case 'drop':
      case 'duplicate': {
        const frame = action.frame === undefined ? network.inFlight[0] : network.find(action.frame);
        return frame ? null : action.frame === undefined ? msg('refusals.no_frame_in_flight') : msg('refusals.no_such_frame', { frame: Number(action.frame) });
      }
      case 'crash_at':
        return this.core.armed.has(action.point) ? msg('refusals.crash_already_armed', { point: action.point }) : null;
      case 'restart':
        if (!statuses.has(action.node)) return msg('refusals.no_node', { node: action.node });
        return this.status(action.node) === 'crashed' ? null : msg('refusals.not_crashed', { node: action.node });
      case 'partition':
        return action.nodes.every((n) => statuses.has(n)) && action.nodes[0] !== action.nodes[1] ? null : msg('refusals.cannot_cut', { nodes: action.nodes.join(' – ') });
      case 'heal':
        return this.core.partitions.size > 0 ? null : msg('refusals.no_link_cut');
    }
  }

  private applyWorldAction(action: WorldAction): void {
    const core = this.core;
    switch (action.type) {
      case 'advance':
        core.clock.advance(action.by);
        core.model.afterAdvance(this.ctx);
        return;
      case 'deliver':
        this.deliver((action.frame === undefined ? this.nextDeliverable() : core.network.find(action.frame))!);
        return;
      case 'drop': {
        const id = action.frame ?? core.network.inFlight[0]!.id;
        const frame = core.network.take(id);
        core.recording!.dropped.push(frame);
        core.recording!.notes.push(msg('world.frame_dropped', { frame: frame.id, kind: frame.kind, from: frame.from, to: frame.to }));
        return;
      }
      case 'duplicate': {
        const copy = core.network.duplicate(action.frame ?? core.network.inFlight[0]!.id, core.clock.now);
        core.recording!.sent.push(copy);
        core.recording!.notes.push(msg('world.frame_duplicated', { original: copy.copyOf ?? null, copy: copy.id }));
        return;
      }
      case 'crash_at':
        core.armed.add(action.point);
        core.recording!.notes.push(msg('world.crash_armed', { point: action.point }));
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
    this.core.partitions.add(linkOf(a, b));
    for (const frame of [...this.core.network.inFlight]) {
      if (linkOf(frame.from, frame.to) === linkOf(a, b)) this.lose(frame, msg('world.link_cut_in_flight_lost', { a, b, frame: frame.id, kind: frame.kind }));
    }
    this.core.recording?.notes.push(msg('world.link_cut', { a, b }));
  }

  private heal(): void {
    if (this.core.partitions.size > 0) this.core.recording?.notes.push(msg('world.links_restored'));
    this.core.partitions.clear();
  }

  private lose(frame: Frame, note: Message): void {
    this.core.network.take(frame.id);
    this.core.recording?.dropped.push(frame);
    this.core.recording?.notes.push(note);
  }

  private restartNode(node: string): void {
    if (this.status(node) !== 'crashed') return;
    this.core.statuses.set(node, 'up');
    const entry = this.core.recording;
    if (entry) (entry.restarts ??= []).push({ node, transactions: entry.transactions.length, sent: entry.sent.length, notes: entry.notes.length });
    entry?.notes.push(msg('world.restarted', { node }));
    this.core.model.afterRestart?.(this.ctx, node);
  }

  /** The oldest frame that can arrive now: its target is not paused and its latency has passed. */
  private nextDeliverable(): Frame | undefined {
    return this.core.network.inFlight.find((f) => this.canArrive(f));
  }

  /** Hands a frame to its node. A crashed node's connections are gone: the frame is lost. */
  private deliver(frame: Frame): void {
    const core = this.core;
    core.network.take(frame.id);
    const down = core.statuses.get(frame.to) === 'crashed';
    if (down || (frame.incarnation ?? 0) !== (core.incarnations.get(frame.to) ?? 0)) {
      core.recording!.dropped.push(frame);
      core.recording!.notes.push(msg(down ? 'world.frame_lost_node_down' : 'world.frame_lost_restarted', { node: frame.to, frame: frame.id, kind: frame.kind }));
      return;
    }
    core.recording!.delivered.push(frame);
    this.runGuarded(() => core.model.receive(this.ctx, frame));
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

function linkOf(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}
