/**
 * A lifecycle machine drawn from its XState definition — the same object the core asks
 * whether a transition is legal — with the live state highlighted. Self-transitions are
 * listed inside their state instead of drawn as loops.
 *
 * The layout (dagre, with a reserved box per edge label) depends only on the graph and the
 * text scale, so it is computed once per machine, not per step; a step only changes which
 * state is active.
 */
import { Handle, MarkerType, Position, type Edge, type EdgeProps, type Node, type NodeProps } from '@xyflow/react';
import { createContext, memo, useContext, useMemo, type CSSProperties } from 'react';
import type { MachineGraph } from '../../core/machines';
import type { Message } from '../../core/message';
import { useRenderMessage } from '../i18n/renderMessage';
import { FlowDiagram, RoutedPath, followGraph, usePresenting, type RoutedEdgeData } from './FlowDiagram';
import { layoutToFit, monoLabelWidth, type FitBox } from './graphLayout';

type StateData = { name: string; initial: boolean; loops: string[] };
type TransitionData = RoutedEdgeData & { from: string };

/**
 * The live state, handed to the diagram's states and transitions through context: React Flow
 * gets the same nodes and edges at every step (it would otherwise re-adopt them and render
 * itself twice), and a step re-renders only the boxes and arrows of the machine that moved.
 */
const LiveState = createContext<string | null>(null);

/** Sizes at normal scale; presenter view scales text and boxes together. */
const STATE_W = 130;
const STATE_H = 54;
const LABEL_PX = 11;

/**
 * The desktop box a machine is laid out for: the middle column at a 1280 px wide window
 * (553 px), between 150 and 600 px high (L08's trip has a state per way to end), and a zoom at which its smallest text (a state's
 * name, 12 px, or a listed self-transition, 0.92 × 12 px) reads at 7.2 px or more.
 */
const machineBox = (loops: boolean): FitBox => ({ width: 553, minHeight: 150, maxHeight: 600, zoom: 7.2 / (loops ? 12 * 0.92 : 12) });
/** Presenter view: the main column of a 1280 px wide projector, as tall as needed up to 1000 px, at zoom 1 (text 18 px). */
const PRESENTER_MACHINE_BOX: FitBox = { width: 880, minHeight: 200, maxHeight: 1000, zoom: 1 };

const StateNode = memo(function StateNode({ data }: NodeProps<Node<StateData>>) {
  const active = useContext(LiveState) === data.name;
  return (
    <div className={`machine-state${active ? ' active' : ''}`} data-testid={`machine-state-${data.name}`} data-active={active}>
      <Handle id="in" type="target" position={Position.Left} />
      <div className="machine-state-name">{data.initial ? '● ' : ''}{data.name}</div>
      {data.loops.map((event) => <div key={event} className="machine-loop">↻ {event}</div>)}
      <Handle id="out" type="source" position={Position.Right} />
    </div>
  );
});

const TransitionEdge = memo(function TransitionEdge({ id, data, markerEnd, style }: EdgeProps<Edge<TransitionData>>) {
  const possible = useContext(LiveState) === data?.from;
  return data ? <RoutedPath id={id} data={data} markerEnd={markerEnd} style={style} className={possible ? 'edge-possible' : undefined} /> : null;
});

const nodeTypes = { state: StateNode };
const edgeTypes = { routed: TransitionEdge };

export const MachineDiagram = memo(function MachineDiagram({ graph, state, title }: { graph: MachineGraph; state: string; title: string | Message }) {
  const say = useRenderMessage();
  const scale = usePresenting() ? 18 / LABEL_PX : 1;
  const box = useMemo(() => (scale === 1 ? machineBox(graph.edges.some((e) => e.from === e.to)) : PRESENTER_MACHINE_BOX), [graph, scale]);
  const layout = useMemo(() => {
    const input = {
      nodes: graph.states.map((id) => {
        const loops = graph.edges.filter((e) => e.from === id && e.to === id).length;
        return { id, width: STATE_W * scale, height: (STATE_H + loops * 14) * scale };
      }),
      edges: graph.edges.map((e, i) => ({ id: `${i}`, from: e.from, to: e.to, label: { width: monoLabelWidth(e.event, LABEL_PX * scale), height: (LABEL_PX + 6) * scale } })),
    };
    return layoutToFit(input, box);
  }, [graph, scale, box]);
  const nodes = useMemo<Node<StateData>[]>(() => graph.states.map((name) => ({
    id: name, type: 'state', position: layout.nodes[name]!, draggable: false, selectable: false,
    data: {
      name, initial: name === graph.initial,
      loops: graph.edges.filter((e) => e.from === name && e.to === name).map((e) => e.event),
    },
  })), [graph, layout]);
  const edges = useMemo<Edge<TransitionData>[]>(() => graph.edges.flatMap((e, i) => {
    if (e.from === e.to) return [];
    const route = layout.edges[`${i}`]!;
    return [{
      id: `${e.from}-${e.event}-${e.to}-${i}`, source: e.from, target: e.to, type: 'routed',
      data: { points: route.points, labelAt: route.label, label: e.event, labelWidth: monoLabelWidth(e.event, LABEL_PX * scale), from: e.from },
      markerEnd: { type: MarkerType.ArrowClosed },
    }];
  }), [graph, layout, scale]);
  return (
    <figure className="machine diagram-frame" data-testid={`machine-${graph.id}`} data-state={state}>
      <figcaption>{say(title)}: <strong>{state}</strong></figcaption>
      <div className="diagram machine-diagram follows-graph" data-direction={layout.direction}
        style={{ '--diagram-scale': scale, ...followGraph(layout, box) } as CSSProperties}>
        <LiveState.Provider value={state}>
          <FlowDiagram nodes={nodes} edges={edges} nodeTypes={nodeTypes} edgeTypes={edgeTypes} structure={`${graph.id}:${scale}`} bounds={layout} />
        </LiveState.Provider>
      </div>
    </figure>
  );
});
