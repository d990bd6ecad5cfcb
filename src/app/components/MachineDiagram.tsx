/**
 * A lifecycle machine drawn from its XState definition — the same object the core asks
 * whether a transition is legal — with the live state highlighted. Self-transitions are
 * listed inside their state instead of drawn as loops.
 */
import { Handle, Position, ReactFlow, MarkerType, type Edge, type Node, type NodeProps } from '@xyflow/react';
import { memo, useMemo } from 'react';
import type { MachineGraph } from '../../core/machines';
import { layoutGraph } from './graphLayout';

type StateData = { name: string; active: boolean; initial: boolean; loops: string[] };

const STATE_W = 130;
const STATE_H = 54;

const StateNode = memo(function StateNode({ data }: NodeProps<Node<StateData>>) {
  return (
    <div className={`machine-state${data.active ? ' active' : ''}`} data-testid={`machine-state-${data.name}`} data-active={data.active}>
      <Handle id="in" type="target" position={Position.Left} />
      <Handle id="back-in" type="target" position={Position.Bottom} style={{ left: '35%' }} />
      <div className="machine-state-name">{data.initial ? '● ' : ''}{data.name}</div>
      {data.loops.map((event) => <div key={event} className="machine-loop">↻ {event}</div>)}
      <Handle id="out" type="source" position={Position.Right} />
      <Handle id="back-out" type="source" position={Position.Bottom} style={{ left: '65%' }} />
    </div>
  );
});

const nodeTypes = { state: StateNode };

export function MachineDiagram({ graph, state, title }: { graph: MachineGraph; state: string; title: string }) {
  const positions = useMemo(() => layoutGraph({
    nodes: graph.states.map((id) => ({ id, width: STATE_W, height: STATE_H })),
    edges: graph.edges,
  }), [graph]);
  const nodes: Node<StateData>[] = graph.states.map((name) => ({
    id: name, type: 'state', position: positions[name]!, draggable: false, selectable: false,
    data: {
      name, active: name === state, initial: name === graph.initial,
      loops: graph.edges.filter((e) => e.from === name && e.to === name).map((e) => e.event),
    },
  }));
  // Edges that run against the layout direction go underneath, so a pair of opposite
  // transitions (held → free, free → held) never draw on top of each other.
  const edges: Edge[] = graph.edges.filter((e) => e.from !== e.to).map((e) => {
    const backwards = positions[e.to]!.x < positions[e.from]!.x;
    return {
      id: `${e.from}-${e.event}-${e.to}`, source: e.from, target: e.to, label: e.event, type: backwards ? 'smoothstep' : 'default',
      sourceHandle: backwards ? 'back-out' : 'out', targetHandle: backwards ? 'back-in' : 'in',
      markerEnd: { type: MarkerType.ArrowClosed }, className: e.from === state ? 'edge-possible' : '',
    };
  });
  return (
    <figure className="machine" data-testid={`machine-${graph.id}`} data-state={state}>
      <figcaption>{title}: <strong>{state}</strong></figcaption>
      <div className="diagram machine-diagram">
        <ReactFlow nodes={nodes} edges={edges} nodeTypes={nodeTypes} fitView nodesConnectable={false}
          nodesDraggable={false} elementsSelectable={false} zoomOnScroll={false} panOnDrag={false} preventScrolling={false} />
      </div>
    </figure>
  );
}
