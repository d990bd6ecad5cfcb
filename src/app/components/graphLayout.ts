/**
 * Node positions from the dagre layout engine, for both the topology and the machine
 * diagrams (so no diagram carries hand-placed coordinates).
 */
import dagre from '@dagrejs/dagre';

export interface LayoutInput {
  nodes: { id: string; width: number; height: number }[];
  edges: { from: string; to: string }[];
  direction?: 'LR' | 'TB';
}

export function layoutGraph({ nodes, edges, direction = 'LR' }: LayoutInput): Record<string, { x: number; y: number }> {
  const graph = new dagre.graphlib.Graph({ multigraph: true });
  graph.setGraph({ rankdir: direction, nodesep: 36, ranksep: 90, marginx: 8, marginy: 8 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const node of nodes) graph.setNode(node.id, { width: node.width, height: node.height });
  edges.forEach((edge, i) => {
    if (edge.from !== edge.to) graph.setEdge(edge.from, edge.to, {}, `e${i}`);
  });
  dagre.layout(graph);
  const out: Record<string, { x: number; y: number }> = {};
  for (const node of nodes) {
    const placed = graph.node(node.id);
    out[node.id] = { x: placed.x - node.width / 2, y: placed.y - node.height / 2 };
  }
  return out;
}
