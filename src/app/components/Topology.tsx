/**
 * The World's topology: every node with its live status and the values read from its own
 * database, and the links between them. A link with frames in flight is highlighted and says
 * how many; everything here comes from the WorldView. The layout depends only on the
 * nodes and links (not on the step), so dagre runs once per lab and switch setting.
 */
import { Handle, Position, type Edge, type Node, type NodeProps } from '@xyflow/react';
import { memo, useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { selectEdges, selectFrames, selectNodes, useApp } from '../store';
import { FlowDiagram, usePresenting, type RoutedEdgeData } from './FlowDiagram';
import { layoutGraph, monoLabelWidth } from './graphLayout';
import { useRenderMessage } from '../i18n/renderMessage';

type WorldNodeData = { label: string; kind: string; status: string; lines: string[] };

/** The diagram's words in the page's language (src/app/i18n/locales/<locale>/app.ts). */
function useText() {
  const { t } = useTranslation();
  return {
    diagram: t('topology.diagram'),
    inFlight: (label: string, n: number) => (n > 0 ? t('topology.inFlight', { label, count: n }) : label),
  };
}

const NODE_W = 230;
const NODE_H = 92;
const LABEL_PX = 11;
/** Room reserved for the longest label a link can show (its name and an in-flight count). */
const labelRoom = (inFlight: (label: string, n: number) => string, label: string, scale: number) => monoLabelWidth(inFlight(label, 99), LABEL_PX * scale);

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
  const worldNodes = useApp(selectNodes);
  const worldEdges = useApp(selectEdges);
  const frames = useApp(selectFrames);
  const scale = usePresenting() ? 1.7 : 1;
  const TEXT = useText();
  const say = useRenderMessage();
  // Link labels in the page's language; the language is part of the layout (a label's room depends on its words).
  const labels = useMemo(() => worldEdges.map((e) => say(e.label)), [worldEdges, say]);
  const structure = `${worldNodes.map((n) => n.spec.id).join(',')}|${worldEdges.map((e, i) => `${e.from}>${e.to}:${labels[i]}`).join(',')}|${scale}|${TEXT.inFlight('', 99)}`;
  const layout = useMemo(() => layoutGraph({
    nodes: worldNodes.map((n) => ({ id: n.spec.id, width: NODE_W * scale, height: NODE_H * scale })),
    edges: worldEdges.map((e, i) => ({ id: `${i}`, from: e.from, to: e.to, label: { width: labelRoom(TEXT.inFlight, labels[i]!, scale), height: (LABEL_PX + 6) * scale } })),
  }), [structure]);
  const nodes = useMemo<Node<WorldNodeData>[]>(() => worldNodes.map((n) => ({
    id: n.spec.id, type: 'world', position: layout.nodes[n.spec.id] ?? { x: 0, y: 0 },
    data: { label: say(n.spec.label), kind: n.spec.kind, status: n.status, lines: n.said.map(say) },
    draggable: false, selectable: false,
  })), [worldNodes, layout]);
  const edges = useMemo<Edge<RoutedEdgeData>[]>(() => worldEdges.map((e, i) => {
    const inFlight = frames.filter((f) => (f.from === e.from && f.to === e.to) || (f.from === e.to && f.to === e.from)).length;
    const route = layout.edges[`${i}`] ?? { points: [], label: null };
    return {
      id: `${e.from}-${e.to}-${i}`, source: e.from, target: e.to, type: 'routed', className: inFlight > 0 ? 'edge-busy' : '',
      data: { points: route.points, labelAt: route.label, label: TEXT.inFlight(labels[i]!, inFlight), labelWidth: labelRoom(TEXT.inFlight, labels[i]!, scale), busy: inFlight > 0 },
    };
  }), [worldEdges, frames, layout, scale]);
  return (
    <div className="diagram topology" data-testid="topology" role="figure" aria-label={TEXT.diagram} style={{ '--diagram-scale': scale } as CSSProperties}>
      <FlowDiagram nodes={nodes} edges={edges} nodeTypes={nodeTypes} structure={structure} />
    </div>
  );
}
