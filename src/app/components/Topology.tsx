/**
 * The World's topology: every node with its live status and the values read from its own
 * database, and the links between them. A link with frames in flight is animated and says
 * how many; everything here comes from the WorldView.
 */
import { Handle, Position, ReactFlow, type Edge, type Node, type NodeProps } from '@xyflow/react';
import { memo, useMemo } from 'react';
import { useApp, selectView } from '../store';
import { layoutGraph } from './graphLayout';

type WorldNodeData = { label: string; kind: string; status: string; lines: string[] };

const NODE_W = 230;
const NODE_H = 92;

const WorldNode = memo(function WorldNode({ id, data }: NodeProps<Node<WorldNodeData>>) {
  return (
    <div className={`world-node kind-${data.kind} status-${data.status}`} data-testid={`topo-node-${id}`} data-status={data.status}>
      <Handle type="target" position={Position.Left} />
      <div className="world-node-head">
        <span>{data.label}</span>
        {data.status !== 'up' && <span className={`badge badge-${data.status}`}>{data.status}</span>}
      </div>
      {data.lines.map((line, i) => <div key={i} className="world-node-line">{line}</div>)}
      <Handle type="source" position={Position.Right} />
    </div>
  );
});

const nodeTypes = { world: WorldNode };

export function Topology() {
  const view = useApp(selectView);
  const structure = view ? view.nodes.map((n) => n.spec.id).join(',') + view.edges.map((e) => e.from + e.to).join(',') : '';
  const positions = useMemo(() => view ? layoutGraph({
    nodes: view.nodes.map((n) => ({ id: n.spec.id, width: NODE_W, height: NODE_H })),
    edges: view.edges,
  }) : {}, [structure]);
  if (!view) return null;

  const nodes: Node<WorldNodeData>[] = view.nodes.map((n) => ({
    id: n.spec.id, type: 'world', position: positions[n.spec.id] ?? { x: 0, y: 0 },
    data: { label: n.spec.label, kind: n.spec.kind, status: n.status, lines: n.lines },
    draggable: false, selectable: false,
  }));
  const edges: Edge[] = view.edges.map((e) => {
    const inFlight = view.frames.filter((f) => (f.from === e.from && f.to === e.to) || (f.from === e.to && f.to === e.from)).length;
    return {
      id: `${e.from}-${e.to}`, source: e.from, target: e.to, animated: inFlight > 0,
      label: inFlight > 0 ? `${e.label} · ${inFlight} in flight` : e.label,
      className: inFlight > 0 ? 'edge-busy' : '',
    };
  });
  return (
    <div className="diagram topology" data-testid="topology">
      <ReactFlow nodes={nodes} edges={edges} nodeTypes={nodeTypes} fitView nodesConnectable={false}
        nodesDraggable={false} elementsSelectable={false} zoomOnScroll={false} panOnDrag={false} preventScrolling={false} />
    </div>
  );
}
