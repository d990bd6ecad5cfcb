/**
 * A step record: what the World shows after the first `cursor` steps of a log — nodes,
 * frames, machines, the trace, invariants, observed values — built once when the World
 * stands there and read again by every later visit (Back, Step along the redo tail, the
 * slider) without touching a database. The place-dependent parts of a view (how many steps
 * the log has, the steps ahead, the scenario check) are not in it: a new step after a Back
 * changes the log but not what the World showed at the steps kept.
 */
import { machineGraph, type MachineGraph } from '../core/machines';
import type { Message } from '../core/message';
import type { ThreadView } from '../core/workflow/threadView';
import type { InvariantResult, NodeLine, NodeSpec, NodeStatus, SwitchSpec, TopologyEdge } from '../sim/model';
import type { Frame } from '../sim/network';
import { switchesOf } from '../sim/switches';
import type { TraceEntry, World } from '../sim/world';
import { formatMessage } from './i18n/catalogRegistry';

export interface StepRecord {
  time: number;
  /**
   * `said`: the node's live lines as the model reports them (messages the app renders in
   * the student's language); `lines`: the same in English, for tests and for comparing two
   * records by content.
   */
  nodes: { spec: NodeSpec; status: NodeStatus; lines: string[]; said: NodeLine[] }[];
  edges: TopologyEdge[];
  frames: readonly Frame[];
  /** `title` is the same object while its content is (a step that changes nothing re-renders nothing). */
  machines: { id: string; title: string | Message; graph: MachineGraph; state: string }[];
  /**
   * The trace is the first `traceLength` entries of `traceArray`, the World's own array when
   * the record was built: the World only appends to it (an undo puts a shorter copy in its
   * place), so records share it instead of each copying the run so far.
   */
  traceArray: readonly TraceEntry[];
  traceLength: number;
  invariants: InvariantResult[];
  observed: Record<string, unknown>;
  /** A graph engine's graph and where the run stands on it (L05, L06 under LangGraph), else null. */
  engineThread: ThreadView | null;
  switches: Record<string, string>;
  switchSpecs: SwitchSpec[];
  armed: string[];
}

/** Message objects by content, so a title rebuilt each step is the same object as before. */
const internedTitles = new Map<string, Message>();
function interned(title: string | Message): string | Message {
  if (typeof title === 'string') return title;
  const key = JSON.stringify(title);
  let known = internedTitles.get(key);
  if (!known) internedTitles.set(key, (known = title));
  return known;
}

/**
 * A machine's graph and a model's switch list, built once: both are fixed for the life of
 * the machine and the model, and a fresh object each step made the app compare them by
 * content (a JSON signature of the whole graph) on every step.
 */
const graphs = new WeakMap<object, MachineGraph>();
function graphOf(machine: Parameters<typeof machineGraph>[0]): MachineGraph {
  let graph = graphs.get(machine);
  if (!graph) graphs.set(machine, (graph = machineGraph(machine)));
  return graph;
}
const switchLists = new WeakMap<object, SwitchSpec[]>();
function switchSpecsOf(model: World['model']): SwitchSpec[] {
  let specs = switchLists.get(model);
  if (!specs) switchLists.set(model, (specs = switchesOf(model)));
  return specs;
}

/** What `world` shows as it stands. */
export function recordWorld(world: World): StepRecord {
  const lines = world.describeNodes();
  return {
    time: world.clock.now,
    nodes: world.nodes.map((spec) => {
      const said = lines[spec.id] ?? [];
      return { spec, status: world.status(spec.id), lines: said.map((line) => formatMessage(line)), said };
    }),
    edges: world.model.edges,
    frames: world.network.inFlight.slice(),
    machines: world.machines().map((m) => ({ id: m.id, title: interned(m.title), graph: graphOf(m.machine), state: m.state })),
    traceArray: world.trace,
    traceLength: world.trace.length,
    invariants: world.invariants,
    observed: world.observe(),
    engineThread: world.engineThread(),
    switches: { ...world.switches },
    switchSpecs: switchSpecsOf(world.model),
    armed: world.armedFaults(),
  };
}
