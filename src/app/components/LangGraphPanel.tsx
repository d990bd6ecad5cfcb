/**
 * The LangGraph graph the workflow runs (L05, L06 under the LangGraph executor), drawn from
 * LangGraph's own description of the compiled graph — its node ids, edges and conditional
 * edges, as the WorldView's `engineThread.graph` carries them — never from a drawing kept
 * here. On it, from the running World (src/core/workflow/threadView.ts):
 * - where the run is or will resume (`getState().next`; `__end__` once it is done; the node
 *   a stalled run is inside),
 * - the tasks of the coming super-step that already saved their writes, or failed,
 * - after each node, the checkpoint saved after its super-step (from the saver's tables),
 * and under it the status in words and the checkpoint trail as readable rows.
 *
 * As in MachineDiagram, React Flow is handed the structure only; the live marks reach the
 * nodes through context, so a step re-renders the boxes, not the canvas. Laid out by dagre
 * once per graph.
 */
import { Handle, MarkerType, Position, type Edge, type EdgeProps, type Node, type NodeProps } from '@xyflow/react';
import { createContext, memo, useContext, useMemo, type CSSProperties } from 'react';
import type { GraphShape, ThreadView } from '../../core/workflow/threadView';
import { END_NODE, START_NODE } from '../../core/workflow/threadView';
import { usePageText } from '../i18n/pageText';
import { selectEngineThread, useApp } from '../store';
import { CheckpointTable } from './CheckpointTable';
import { FlowDiagram, RoutedPath, followGraph, usePresenting, type RoutedEdgeData } from './FlowDiagram';
import { layoutToFit, type FitBox } from './graphLayout';

/** A node's live marks, in the order they are shown. */
export type GraphMark = 'running' | 'failed' | 'paused' | 'next' | 'saved' | 'end';

/** What each node of the graph shows now: its marks and the checkpoints saved after its super-steps. */
export interface NodeMarks { marks: GraphMark[]; checkpoints: string[] }

/** The marks of `node` in `thread` (pure: the component test and the diagram read the same). */
export function marksOf(thread: ThreadView, node: string): NodeMarks {
  const marks: GraphMark[] = [];
  if (thread.running.includes(node)) marks.push('running');
  if (thread.failed.includes(node)) marks.push('failed');
  if (thread.current.includes(node)) marks.push(node === END_NODE ? 'end' : thread.status === 'paused' ? 'paused' : 'next');
  if (thread.saved.includes(node)) marks.push('saved');
  return { marks, checkpoints: thread.checkpoints.filter((c) => c.after.includes(node)).map((c) => c.short) };
}

const NO_MARKS: NodeMarks = { marks: [], checkpoints: [] };
const Live = createContext<ThreadView | null>(null);

type GraphNodeData = { name: string; breakpoint: boolean };
type GraphEdgeData = RoutedEdgeData & { conditional: boolean };

const NODE_W = 170;
const NODE_H = 80;
/** `__start__` and `__end__`: a name and at most a mark and a checkpoint line. */
const TERMINAL_W = 150;
const TERMINAL_H = 52;
const isTerminal = (id: string) => id === START_NODE || id === END_NODE;
/** Checkpoints listed after a node, at most (a node re-run after crashes gains one per run). */
const SHOWN_CHECKPOINTS = 3;
/** The middle column at a 1280 px window; text (12 px) reads at 7.2 px or more. */
const GRAPH_BOX: FitBox = { width: 553, minHeight: 220, maxHeight: 620, zoom: 7.2 / 12 };
const PRESENTER_GRAPH_BOX: FitBox = { width: 880, minHeight: 300, maxHeight: 1100, zoom: 1 };

function useText() {
  const { t } = usePageText();
  return useMemo(() => ({
    title: t('lgraph.title'),
    diagram: t('lgraph.diagram'),
    source: (store: string) => t('lgraph.source', { store }),
    notCompiled: t('lgraph.notCompiled'),
    status: (thread: ThreadView) => {
      const nodes = (thread.status === 'saved' ? thread.saved : thread.current).join(', ');
      return t(`lgraph.status.${thread.status}`, { nodes, store: thread.store });
    },
    running: (nodes: string[]) => t('lgraph.running', { nodes: nodes.join(', ') }),
    mark: (mark: GraphMark) => t(`lgraph.mark.${mark}`),
    breakpoint: t('lgraph.breakpoint'),
    checkpoints: (ids: string[]) => t('lgraph.checkpoints', { ids: (ids.length > SHOWN_CHECKPOINTS ? ['…', ...ids.slice(-SHOWN_CHECKPOINTS)] : ids).join(', ') }),
    legend: t('lgraph.legend'),
    caption: (store: string) => t('checkpoints.caption', { store }),
  }), [t]);
}

const GraphNode = memo(function GraphNode({ id, data }: NodeProps<Node<GraphNodeData>>) {
  const thread = useContext(Live);
  const TEXT = useText();
  const { marks, checkpoints } = thread ? marksOf(thread, id) : NO_MARKS;
  return (
    <div className={`lgraph-node${isTerminal(id) ? ' lgraph-terminal' : ''}${marks.map((m) => ` mark-${m}`).join('')}`}
      data-testid={`lgraph-node-${id}`} data-mark={marks.join(' ')} data-checkpoints={checkpoints.join(' ')}>
      <Handle type="target" position={Position.Top} />
      <code className="lgraph-node-name">{data.name}</code>
      {data.breakpoint && <div className="lgraph-breakpoint">{TEXT.breakpoint}</div>}
      {marks.map((m) => <div key={m} className={`lgraph-mark lgraph-mark-${m}`}>{TEXT.mark(m)}</div>)}
      {checkpoints.length > 0 && <div className="lgraph-after">{TEXT.checkpoints(checkpoints)}</div>}
      <Handle type="source" position={Position.Bottom} />
    </div>
  );
});

const GraphEdge = memo(function GraphEdge({ id, data, markerEnd }: EdgeProps<Edge<GraphEdgeData>>) {
  return data ? <RoutedPath id={id} data={data} markerEnd={markerEnd} className={data.conditional ? 'lgraph-conditional' : undefined} /> : null;
});

const nodeTypes = { lgnode: GraphNode };
const edgeTypes = { lgedge: GraphEdge };

const GraphDiagram = memo(function GraphDiagram({ graph: given, label }: { graph: GraphShape; label: string }) {
  const scale = usePresenting() ? 18 / 12 : 1;
  const box = scale === 1 ? GRAPH_BOX : PRESENTER_GRAPH_BOX;
  // The view carries the graph as data read again after every job: the first object with the
  // same content is kept, so dagre runs once per graph, not once per step.
  const key = JSON.stringify(given);
  const graph = useMemo(() => given, [key]);
  const structure = `${key}|${scale}`;
  const layout = useMemo(() => layoutToFit({
    nodes: graph.nodes.map((id) => (isTerminal(id) ? { id, width: TERMINAL_W * scale, height: TERMINAL_H * scale } : { id, width: NODE_W * scale, height: NODE_H * scale })),
    edges: graph.edges.map((e, i) => ({ id: `${i}`, from: e.from, to: e.to })),
  }, box), [graph, scale, box]);
  const nodes = useMemo<Node<GraphNodeData>[]>(() => graph.nodes.map((id) => ({
    id, type: 'lgnode', position: layout.nodes[id] ?? { x: 0, y: 0 }, draggable: false, selectable: false,
    data: { name: id, breakpoint: graph.breakpoints.includes(id) },
  })), [graph, layout]);
  const edges = useMemo<Edge<GraphEdgeData>[]>(() => graph.edges.map((e, i) => ({
    id: `${e.from}-${e.to}-${i}`, source: e.from, target: e.to, type: 'lgedge',
    data: { points: layout.edges[`${i}`]?.points ?? [], labelAt: null, label: '', labelWidth: 0, conditional: e.conditional },
    markerEnd: { type: MarkerType.ArrowClosed },
  })), [graph, layout]);
  return (
    <div className="diagram lgraph-diagram follows-graph" role="figure" aria-label={label} data-testid="lgraph-diagram" data-direction={layout.direction}
      style={{ '--diagram-scale': scale, ...followGraph(layout, box) } as CSSProperties}>
      <FlowDiagram nodes={nodes} edges={edges} nodeTypes={nodeTypes} edgeTypes={edgeTypes} structure={structure} bounds={layout} />
    </div>
  );
});

export function LangGraphPanel() {
  const thread = useApp(selectEngineThread);
  const TEXT = useText();
  if (!thread) return null;
  const latest = thread.checkpoints.at(-1)?.id;
  return (
    <section className="panel lgraph-panel" aria-label={TEXT.title} data-testid="lgraph-panel" data-status={thread.status} data-current={thread.current.join(' ')}>
      <h2>{TEXT.title}</h2>
      {thread.graph ? (
        <figure className="diagram-frame lgraph-figure">
          <Live.Provider value={thread}>
            <GraphDiagram graph={thread.graph} label={TEXT.diagram} />
          </Live.Provider>
          <figcaption className="muted">{TEXT.legend} {TEXT.source(thread.store)}</figcaption>
        </figure>
      ) : <p className="muted" data-testid="lgraph-not-compiled">{TEXT.notCompiled}</p>}
      <p className="lgraph-status" data-testid="lgraph-status">{TEXT.status(thread)}</p>
      {thread.running.length > 0 && <p className="lgraph-status lgraph-running" data-testid="lgraph-running">{TEXT.running(thread.running)}</p>}
      {thread.checkpoints.length > 0 && <CheckpointTable rows={thread.checkpoints} label={TEXT.caption(thread.store)} latest={latest} />}
    </section>
  );
}
