/**
 * A read-only React Flow canvas shared by the topology and the machine diagrams.
 *
 * - Re-fits whenever its box changes size (presenter view, window resize, phone rotation)
 *   or its content changes structure. It fits the layout's whole box (edge labels included,
 *   which React Flow's own fitView leaves out) together with the nodes as measured.
 * - On a desktop the box's height follows the graph's aspect ratio between two bounds
 *   (`FollowGraph`, diagrams.css), so a tall graph is not shrunk into a short strip.
 * - In presenter view the zoom never drops below 1 (diagram text is sized for a room), and
 *   on a phone it may pan and pinch-zoom (a diagram wider than the screen stays legible).
 * - Edges follow dagre's routes and draw their label where dagre reserved room for it.
 */
import '@xyflow/react/dist/style.css';
import '../diagrams.css';
import {
  BaseEdge, EdgeLabelRenderer, ReactFlow, getViewportForBounds, useNodesInitialized, useReactFlow, type Edge, type EdgeProps, type EdgeTypes, type Node, type NodeChange, type NodeTypes,
} from '@xyflow/react';
import { memo, useCallback, useEffect, useMemo, useRef, useSyncExternalStore, type CSSProperties, type JSX } from 'react';
import { FIT_PADDING, keepUnchanged, routePath, type FitBox, type Layout, type Point } from './graphLayout';
import { selectRoute, useApp } from '../store';
import { usePageText } from '../i18n/pageText';
import { flowAriaLabels } from './flowAria';

export type RoutedEdgeData = { points: Point[]; labelAt: Point | null; label: string; labelWidth: number; busy?: boolean };

/**
 * An edge along its route with its label (and `detail` on a second line under it). `className` marks the edge's path (busy link,
 * possible transition) from inside the edge, so a diagram whose marks change each step
 * hands React Flow the same edge objects and only the edges that changed re-render.
 */
export function RoutedPath({ id, data, markerEnd, style, label = data.label, detail, busy = data.busy, className }: {
  id: string; data: RoutedEdgeData; markerEnd?: string; style?: CSSProperties; label?: string; detail?: string; busy?: boolean; className?: string;
}) {
  const path = <BaseEdge id={id} path={routePath(data.points)} markerEnd={markerEnd} style={style} />;
  return (
    <>
      {className ? <g className={className}>{path}</g> : path}
      {data.labelAt && (
        <EdgeLabelRenderer>
          <div className={`flow-edge-label${busy ? ' busy' : ''}`} data-testid="edge-label"
            style={{ width: data.labelWidth, transform: `translate(-50%, -50%) translate(${data.labelAt.x}px, ${data.labelAt.y}px)` }}>
            {label}
            {detail && <> <span className="flow-edge-detail">{detail}</span></>}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}

const RoutedEdge = memo(function RoutedEdge({ id, data, markerEnd, style }: EdgeProps<Edge<RoutedEdgeData>>) {
  return data ? <RoutedPath id={id} data={data} markerEnd={markerEnd} style={style} /> : null;
});

const routedEdgeTypes: EdgeTypes = { routed: RoutedEdge };

const PHONE = '(max-width: 640px)';
/**
 * The smallest zoom of a diagram on a phone: a node's lines (0.92 × 12 px) read at 10 px. A
 * diagram wider than the screen at this zoom is panned with a finger (phones may pan and
 * pinch), rather than fitted whole with its text at 6–7 px.
 */
export const PHONE_ZOOM = 10 / (12 * 0.92);
/** One query object for the page: matchMedia parses and evaluates the query on every call (a render asked it each step). */
let phoneQuery: MediaQueryList | null = null;
const phone = () => (phoneQuery ??= window.matchMedia(PHONE));
function subscribePhone(onChange: () => void): () => void {
  const query = phone();
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const isPhoneNow = () => phone().matches;
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribePhone, isPhoneNow);
}

/**
 * A media query's `matches`, re-rendering on change. One query object per query string:
 * matchMedia parses and evaluates the query on every call.
 */
const queries = new Map<string, MediaQueryList>();
const query = (text: string) => {
  let q = queries.get(text);
  if (!q) queries.set(text, (q = window.matchMedia(text)));
  return q;
};
function useMedia(text: string): boolean {
  const subscribe = useCallback((onChange: () => void) => {
    const q = query(text);
    q.addEventListener('change', onChange);
    return () => q.removeEventListener('change', onChange);
  }, [text]);
  return useSyncExternalStore(subscribe, () => query(text).matches);
}

/**
 * The lecture layout: presenter view on a screen at least this wide lays the topology, the
 * sequence diagram and the crash panel out on one screen (styles.css). Narrower, presenter
 * view stays one column.
 */
export const LECTURE_QUERY = '(min-width: 1000px)';
/** A lecture screen smaller than a 1080p projector (1280×720, a laptop): diagram text may go down to 14 px there. */
export const SMALL_LECTURE_QUERY = '(max-width: 1599px), (max-height: 899px)';
/**
 * The smallest zoom of the topology in the lecture layout: 1 on a 1080p projector (its text
 * is scaled to 18 px or more at zoom 1), 0.75 on a smaller screen (14 px or more), so the
 * topology and the sequence diagram fit beside each other and the crash panel under them.
 */
export const SMALL_LECTURE_ZOOM = 0.75;

/** Whether the page shows the lecture layout, on a small screen, and the topology's smallest zoom there. */
export function useLectureLayout(): { on: boolean; small: boolean; minZoom: number } {
  const presenting = usePresenting();
  const wide = useMedia(LECTURE_QUERY);
  const smallScreen = useMedia(SMALL_LECTURE_QUERY);
  const on = presenting && wide;
  const small = on && smallScreen;
  return useMemo(() => ({ on, small, minZoom: small ? SMALL_LECTURE_ZOOM : 1 }), [on, small]);
}

export function usePresenting(): boolean {
  return useApp((s) => { const route = selectRoute(s); return route.page === 'lab' && route.present === true; });
}

/**
 * Fits the layout's box joined with the nodes' measured boxes (a node with more lines than
 * the layout planned for is taller) when the canvas resizes, the structure changes or the
 * nodes are first measured. Not on a step: nothing here changes with one.
 */
function FitOnChange({ structure, minZoom, bounds }: { structure: string; minZoom: number; bounds: Pick<Layout, 'width' | 'height'> }) {
  const flow = useReactFlow();
  const measured = useNodesInitialized();
  const box = useRef<HTMLDivElement | null>(null);
  const { width, height } = bounds;
  useEffect(() => {
    const el = box.current?.closest('.react-flow');
    if (!el) return;
    const fit = () => {
      if (el.clientWidth === 0 || el.clientHeight === 0) return;
      // React Flow's own records of the nodes: they carry the measured sizes.
      const ids = flow.getNodes().map((n) => n.id).filter((id) => flow.getInternalNode(id)?.measured.width);
      const drawn = ids.length > 0 ? flow.getNodesBounds(ids) : null;
      const x = Math.min(0, drawn?.x ?? 0);
      const y = Math.min(0, drawn?.y ?? 0);
      const all = {
        x, y,
        width: Math.max(width, drawn ? drawn.x + drawn.width : 0) - x,
        height: Math.max(height, drawn ? drawn.y + drawn.height : 0) - y,
      };
      const view = getViewportForBounds(all, el.clientWidth, el.clientHeight, minZoom, Math.max(minZoom, 1.6), FIT_PADDING);
      // Wider than the box at the smallest zoom (a phone): show the graph from its left edge,
      // where its sources are, with the rest to pan to, rather than cut on both sides.
      const margin = (el.clientWidth * FIT_PADDING) / 2;
      if (all.width * view.zoom > el.clientWidth) view.x = margin - all.x * view.zoom;
      void flow.setViewport(view);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, [flow, structure, minZoom, width, height, measured]);
  return <div ref={box} hidden />;
}

/**
 * Style for a diagram's box whose height follows its graph (diagrams.css applies it on a
 * desktop outside presenter view, inside a `.diagram-frame`): the layout's height per unit
 * of width, held between the bounds the
 * layout was chosen for. It depends only on the layout, so a step never changes it.
 */
export function followGraph(layout: Pick<Layout, 'width' | 'height'>, box: FitBox): CSSProperties {
  return {
    '--diagram-ratio': (layout.height / Math.max(1, layout.width)).toFixed(4),
    '--diagram-min-height': `${box.minHeight}px`,
    '--diagram-max-height': `${box.maxHeight}px`,
  } as CSSProperties;
}

/**
 * `items` with every element equal in content to the one before kept as that object (the
 * previous array itself when nothing changed). React Flow re-renders, and re-measures with a
 * forced layout, each node or edge it is handed as a new object; a step changes one or two.
 */
function useKept<T>(items: T[]): T[] {
  const previous = useRef<T[] | null>(null);
  return useMemo(() => {
    const kept = keepUnchanged(previous.current, items);
    previous.current = kept;
    return kept;
  }, [items]);
}

type Size = { width: number; height: number };

/**
 * `nodes` with the size React Flow last measured for each id attached as `measured`.
 * React Flow adopts a node handed as a new object WITHOUT `measured` as never measured: it
 * hides it, drops its handle positions (its edges unmount), and measures it again with a
 * forced layout, then renders a second time to bring the edges back — two layouts, an
 * edge remount and a repaint of the diagram per changed node per step. With the last size
 * attached it keeps the node shown and its edges in place; its ResizeObserver still
 * reports a real change of size (a node gaining a line), which updates `sizes` and is handed
 * on to `onNodeHeights` (the topology lays its nodes out from their measured heights).
 */
function useMeasured<N extends Node>(nodes: N[], onNodeHeights?: (heights: { id: string; height: number }[]) => void): { nodes: N[]; onNodesChange: (changes: NodeChange<N>[]) => void } {
  const sizes = useRef(new Map<string, Size>());
  // One wrapper per node object and size, so an unchanged node stays the same object.
  const wrapped = useRef(new WeakMap<N, { size: Size; node: N }>());
  const onNodesChange = useCallback((changes: NodeChange<N>[]) => {
    const heights: { id: string; height: number }[] = [];
    for (const change of changes) {
      if (change.type !== 'dimensions' || !change.dimensions) continue;
      sizes.current.set(change.id, change.dimensions);
      heights.push({ id: change.id, height: change.dimensions.height });
    }
    if (heights.length > 0) onNodeHeights?.(heights);
  }, [onNodeHeights]);
  const withSizes = useMemo(() => nodes.map((node) => {
    const size = sizes.current.get(node.id);
    if (!size) return node;
    const hit = wrapped.current.get(node);
    if (hit && hit.size === size) return hit.node;
    const next = { ...node, measured: size };
    wrapped.current.set(node, { size, node: next });
    return next;
  }), [nodes]);
  return { nodes: withSizes, onNodesChange };
}

/**
 * Memoised: its props are stable while the diagram's structure is (the live marks are read by
 * the nodes and edges themselves), so a step does not re-render React Flow.
 */
export const FlowDiagram = memo(function FlowDiagram<N extends Node, E extends Edge>({ nodes: given, edges: givenEdges, nodeTypes, edgeTypes = routedEdgeTypes, structure, bounds, presenterZoom = 1, onNodeHeights }: {
  nodes: N[]; edges: E[]; nodeTypes: NodeTypes; edgeTypes?: EdgeTypes; structure: string; bounds: Pick<Layout, 'width' | 'height'>;
  /** The smallest zoom in presenter view: 1, or less where the diagram's own text is set for it (the lecture layout's topology on a small screen). */
  presenterZoom?: number;
  /** Told each node's height (in flow units) when React Flow measures it and whenever it changes. */
  onNodeHeights?: (heights: { id: string; height: number }[]) => void;
}) {
  const { nodes, onNodesChange } = useMeasured(useKept(given), onNodeHeights);
  const edges = useKept(givenEdges);
  const presenting = usePresenting();
  const phone = useIsPhone();
  const minZoom = presenting ? presenterZoom : phone ? PHONE_ZOOM : 0.2;
  const interactive = presenting || phone;
  const { filled } = usePageText();
  const ariaLabelConfig = useMemo(() => flowAriaLabels((key) => filled(key)({})), [filled]);
  return (
    <ReactFlow nodes={nodes} ariaLabelConfig={ariaLabelConfig} edges={edges} onNodesChange={onNodesChange} nodeTypes={nodeTypes} edgeTypes={edgeTypes} minZoom={minZoom} nodesConnectable={false}
      nodesDraggable={false} elementsSelectable={false} zoomOnScroll={false} zoomOnPinch={interactive} panOnDrag={interactive}
      // Nothing here acts on focus (no selection, dragging or connecting) and React Flow draws no
      // focus ring on unselectable items, so as Tab stops nodes and edges were invisible detours
      // (14 of 50 in L01's presenter view), and a node focused outside the view would pan it. Their text is
      // still in the page for screen readers.
      nodesFocusable={false} edgesFocusable={false}
      preventScrolling={false}>
      <FitOnChange structure={structure} minZoom={minZoom} bounds={bounds} />
    </ReactFlow>
  );
}) as <N extends Node, E extends Edge>(props: {
  nodes: N[]; edges: E[]; nodeTypes: NodeTypes; edgeTypes?: EdgeTypes; structure: string; bounds: Pick<Layout, 'width' | 'height'>; presenterZoom?: number;
  onNodeHeights?: (heights: { id: string; height: number }[]) => void;
}) => JSX.Element;
