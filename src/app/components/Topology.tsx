/**
 * The World's topology: every node with its live status and the values read from its own
 * database, and the links between them. A link with frames in flight is highlighted and says
 * how many; everything here comes from the WorldView. The layout depends on the nodes and
 * links and on the nodes' measured heights, not on the step: dagre runs once per lab and
 * switch setting, and again only when a node is measured taller than its box (nodeRoom.ts).
 */
import { Handle, Position, type Edge, type EdgeProps, type Node, type NodeProps } from '@xyflow/react';
import { memo, useCallback, useMemo, useReducer, useRef, useState, type CSSProperties } from 'react';
import type { Message } from '../../core/message';
import type { Frame } from '../../sim/network';
import type { WorldView } from '../../lab/session';
import { useShallow } from 'zustand/react/shallow';
import { selectEdges, selectFrames, selectNodes, useApp } from '../store';
import { FlowDiagram, PHONE_ZOOM, RoutedPath, SMALL_LECTURE_ZOOM, followGraph, useIsPhone, useLectureLayout, usePresenting, type RoutedEdgeData } from './FlowDiagram';
import { FIT_PADDING, fitsCell, keepUnchanged, layoutToCell, layoutToFit, monoLabelWidth, type Cell, type FitBox, type Layout, type LayoutInput } from './graphLayout';
import { NodeRoom, type Measured } from './nodeRoom';
import { usePageText } from '../i18n/pageText';
import { useRenderMessage } from '../i18n/renderMessage';

/**
 * What React Flow is handed is the diagram's structure only (which node, where, which link);
 * a node's status and lines and a link's in-flight count are read from the store by the node
 * and the edge themselves. A step then hands React Flow the same arrays: it does not
 * re-adopt its nodes and edges and render itself twice, and only the boxes and links whose
 * content changed re-render.
 */
type WorldNodeData = { label: string | Message; kind: string };
type LinkData = RoutedEdgeData & { from: string; to: string };

/** The diagram's words in the page's language (src/app/i18n/locales/<locale>/app.json), once per language. */
function useText() {
  const page = usePageText();
  return useMemo(() => {
    const inFlight = page.filled('topology.inFlight'); // a link's label, on each step that sends or delivers on it
    return {
      diagram: page.t('topology.diagram'),
      inFlight: (label: string, n: number) => (n > 0 ? inFlight({ label, count: n }) : label),
    };
  }, [page]);
}

const NODE_W = 230;
/** A node's least height (styles.css `.world-node` min-height, `--node-min-height`), before the text scale. */
const NODE_H = 92;
/**
 * A node's least height in the lecture cell: most nodes' lines take less than NODE_H, and
 * there the graph has to fit the cell at zoom 1 (L05's column of five services and memories,
 * each drawn NODE_H × 1.7 high, was taller than the cell at 1080p without any room for growth).
 */
const LECTURE_NODE_H = 60;
/**
 * Room for lines to come: a node gains lines as the World runs (L05's worker A grows by about
 * 36 px), and in a top-to-bottom layout its links' labels sit right under it. A node's box
 * in the layout is at least this much taller than its least height where the diagram has the
 * room (on a desktop, a phone and the one-column presenter view, which scroll; in the lecture
 * cell only when the graph still fits the cell with it), so that most steps move nothing. A
 * node measured taller than its box has the layout redone (NodeRoom: when first measured, and
 * in the lecture cell also when it grows during the run). The node is drawn at the top of its
 * box and its links start at its centre, under the node.
 */
const GROW = 40;
const LABEL_PX = 11;
/**
 * Room reserved for the longest label a link can show, on two lines: its name, then the
 * in-flight count (LinkEdge). One line holding both made every label about 100 px wider,
 * and in a left-to-right layout that width is gap between the columns.
 */
const labelRoom = (inFlight: (label: string, n: number) => string, label: string, scale: number) =>
  Math.max(monoLabelWidth(label, LABEL_PX * scale), monoLabelWidth(inFlight('', 99).trim(), LABEL_PX * scale));
const LABEL_H = 2 * 17;

/**
 * The desktop box the topology is laid out for: the middle column at a 1280 px wide window
 * (553 px; wider windows only gain), between 200 and 540 px high, and a zoom at which its
 * smallest text (a node's lines, 0.92 × 12 px) reads at 7.2 px or more.
 */
const TOPOLOGY_BOX: FitBox = { width: 553, minHeight: 200, maxHeight: 540, zoom: 7.2 / (12 * 0.92) };
/** Screen pixels a length of the layout takes at `zoom`, with FlowDiagram's fit padding and a border's worth more. */
const drawnPx = (n: number, zoom: number) => Math.ceil(n * zoom * (1 + FIT_PADDING)) + 4;
/**
 * A phone (FlowDiagram's PHONE query): the width of a 390 px screen less the page's padding,
 * and FlowDiagram's phone zoom, at which a node's lines read at 10 px (the desktop layout
 * fitted whole drew them at 6.6 px). Its nodes are narrower (PHONE_NODE_W: their lines wrap
 * sooner) so that less of the graph is off screen; the rest is panned to. The box is as
 * tall as the graph at that zoom (phoneHeight), within the box's bounds.
 */
const PHONE_TOPOLOGY_BOX: FitBox = { width: 374, minHeight: 200, maxHeight: 640, zoom: PHONE_ZOOM };
const PHONE_NODE_W = 170;
const phoneHeight = (layout: Pick<Layout, 'height'>): CSSProperties => {
  const { minHeight, maxHeight, zoom } = PHONE_TOPOLOGY_BOX;
  return { height: `${Math.min(maxHeight, Math.max(minHeight, drawnPx(layout.height, zoom)))}px` };
};
/**
 * Presenter view: the main column of a 1280 px wide projector (about 880 px; wider ones only
 * gain), as tall as the graph needs up to 1400 px (the page scrolls), and zoom 1 — the zoom
 * presenter view never goes under, at which its scaled text is 18 px or more. A fixed 420 px
 * box at zoom 1 cut nodes off (L01's worker-2 and shop, L05's workers, L12's agent-2).
 */
const PRESENTER_TOPOLOGY_BOX: FitBox = { width: 880, minHeight: 300, maxHeight: 1400, zoom: 1 };
/**
 * The lecture layout (presenter view on a desktop screen, styles.css): the topology has the
 * left three fifths of the screen under the toolbar, about 1120 × 870 px on a 1080p
 * projector at zoom 1 (text 18 px or more), about 740 × 520 px on a 1280×720 screen at zoom
 * 0.75 (14 px or more). The layout that fits that cell is picked (`layoutToCell`), from the
 * nodes' measured heights (every lab's topology fits at 1080p, e2e/lecture.spec.ts); a graph
 * larger than it scrolls inside the cell, downwards, instead of being cut off or shrunk.
 */
const LECTURE_CELL: Cell = { width: 1100, height: 860, zoom: 1 };
const SMALL_LECTURE_CELL: Cell = { width: 730, height: 520, zoom: SMALL_LECTURE_ZOOM };

/**
 * The size the topology needs in the lecture layout at its smallest zoom: the layout's box
 * with FlowDiagram's fit padding, as CSS variables its cell reads (styles.css). The cell
 * scrolls when the box is larger than the cell.
 */
function lectureSize(layout: Pick<Layout, 'width' | 'height'>, minZoom: number): CSSProperties {
  const px = (n: number) => `${drawnPx(n, minZoom)}px`;
  return { '--lecture-graph-width': px(layout.width), '--lecture-graph-height': px(layout.height) } as CSSProperties;
}

const NO_LINES: WorldView['nodes'][number]['said'] = [];

const WorldNode = memo(function WorldNode({ id, data }: NodeProps<Node<WorldNodeData>>) {
  // The view keeps a node's object while its status and lines are unchanged (src/lab/shareRecord.ts).
  const live = useApp((s) => selectNodes(s).find((n) => n.spec.id === id));
  const say = useRenderMessage();
  const status = live?.status ?? 'up';
  return (
    <div className={`world-node kind-${data.kind} status-${status}`} data-testid={`topo-node-${id}`} data-status={status}>
      <Handle type="target" position={Position.Left} />
      <div className="world-node-head">
        <span>{say(data.label)}</span>
        {status !== 'up' && <span className={`badge badge-${status}`}>{status}</span>}
      </div>
      {(live?.said ?? NO_LINES).map((line, i) => <div key={i} className="world-node-line">{say(line)}</div>)}
      <Handle type="source" position={Position.Right} />
    </div>
  );
});

/** Frames in flight on a link, either way. */
const inFlightOn = (frames: readonly Frame[], from: string, to: string) =>
  frames.reduce((n, f) => n + ((f.from === from && f.to === to) || (f.from === to && f.to === from) ? 1 : 0), 0);

const LinkEdge = memo(function LinkEdge({ id, data, markerEnd, style }: EdgeProps<Edge<LinkData>>) {
  const count = useApp((s) => (data ? inFlightOn(selectFrames(s), data.from, data.to) : 0));
  const TEXT = useText();
  if (!data) return null;
  // The count goes on a second line under the link's name (labelRoom); every language's
  // message starts with the name, and one that did not would show whole on one line.
  const said = TEXT.inFlight(data.label, count);
  const split = count > 0 && said.startsWith(data.label);
  return <RoutedPath id={id} data={data} markerEnd={markerEnd} style={style} label={split ? data.label : said} detail={split ? said.slice(data.label.length).trim() : undefined}
    busy={count > 0} className={count > 0 ? 'edge-busy' : undefined} />;
});

const nodeTypes = { world: WorldNode };
const edgeTypes = { routed: LinkEdge };

/** The nodes' specs, the same array while they are (a step changes a node's lines, not its spec); as the Inspector reads them. */
const useSpecs = () => useApp(useShallow((s) => selectNodes(s).map((n) => n.spec)));

export function Topology() {
  const specs = useSpecs();
  const worldEdges = useApp(selectEdges);
  const scale = usePresenting() ? 1.7 : 1;
  const lecture = useLectureLayout();
  const phone = useIsPhone() && scale === 1;
  const box = scale !== 1 ? PRESENTER_TOPOLOGY_BOX : phone ? PHONE_TOPOLOGY_BOX : TOPOLOGY_BOX;
  const nodeW = phone ? PHONE_NODE_W : NODE_W;
  const cell = lecture.on ? (lecture.small ? SMALL_LECTURE_CELL : LECTURE_CELL) : null;
  const nodeH = cell ? LECTURE_NODE_H : NODE_H;
  const TEXT = useText();
  const say = useRenderMessage();
  // Link labels in the page's language; the language is part of the layout (a label's room depends on its words).
  const labels = useMemo(() => worldEdges.map((e) => say(e.label)), [worldEdges, say]);
  const structure = `${specs.map((n) => n.id).join(',')}|${worldEdges.map((e, i) => `${e.from}>${e.to}:${labels[i]}`).join(',')}|${scale}|${cell ? `${cell.width}x${cell.height}@${cell.zoom}` : ''}|${phone ? 'phone' : ''}|${TEXT.inFlight('', 99)}`;
  // Laid out from the nodes' measured heights (nodeRoom.ts): again when one outgrows its box.
  const [room] = useState(() => new NodeRoom());
  const [grown, relayout] = useReducer((n: number) => n + 1, 0);
  const onNodeHeights = useCallback((sizes: Measured[]) => { if (room.measured(sizes)) relayout(); }, [room]);
  const layout = useMemo(() => {
    // A node's measured height depends on its width, text scale and least height. Only the
    // lecture cell, of a fixed size, is laid out again when a node outgrows its box during the
    // run; elsewhere the box follows the graph, and the GROW reserve keeps it still.
    room.begin(structure, `${nodeW}|${scale}|${nodeH}`, cell !== null);
    const edges = worldEdges.map((e, i) => ({ id: `${i}`, from: e.from, to: e.to, label: { width: labelRoom(TEXT.inFlight, labels[i]!, scale), height: LABEL_H * scale } }));
    const graph = (reserve: (id: string) => boolean): LayoutInput => ({
      nodes: specs.map((n) => ({ id: n.id, width: nodeW * scale, height: room.heightOf(n.id, (nodeH + (reserve(n.id) ? GROW : 0)) * scale) })),
      edges,
    });
    // In presenter view every node gets the room: its scaled lines wrap sooner (L01's provider
    // line "keys ✓ · lookup ✓ · deadline ✓ · keeps ∞" took two and reached the node below).
    const roomy = graph((id) => scale !== 1 || worldEdges.some((e) => e.from === id));
    let input = roomy;
    let picked = cell ? layoutToCell(roomy, cell) : layoutToFit(roomy, box);
    // The lecture cell must hold the graph without a scroll: the room for lines to come goes
    // first (L05, L09 and L12 fit only without it), and a node that outgrows its box during
    // the run has the layout redone.
    if (cell && !fitsCell(picked, cell)) {
      input = graph(() => false);
      picked = layoutToCell(input, cell);
    }
    room.laid(input.nodes);
    return picked;
  }, [structure, grown]);
  const kept = useRef<{ nodes: Node<WorldNodeData>[] | null; edges: Edge<LinkData>[] | null }>({ nodes: null, edges: null });
  const nodes = useMemo(() => (kept.current.nodes = keepUnchanged<Node<WorldNodeData>>(kept.current.nodes, specs.map((n) => ({
    id: n.id, type: 'world', position: layout.nodes[n.id] ?? { x: 0, y: 0 },
    data: { label: n.label, kind: n.kind },
    draggable: false, selectable: false,
  })))), [specs, layout]);
  const edges = useMemo(() => (kept.current.edges = keepUnchanged<Edge<LinkData>>(kept.current.edges, worldEdges.map((e, i) => {
    const route = layout.edges[`${i}`] ?? { points: [], label: null };
    const centre = (id: string) => { const at = layout.nodes[id] ?? { x: 0, y: 0 }; return { x: at.x + (nodeW * scale) / 2, y: at.y + (nodeH * scale) / 2 }; };
    return {
      id: `${e.from}-${e.to}-${i}`, source: e.from, target: e.to, type: 'routed',
      data: { points: route.points.length > 0 ? [centre(e.from), ...route.points, centre(e.to)] : [], labelAt: route.label, label: labels[i]!, labelWidth: labelRoom(TEXT.inFlight, labels[i]!, scale), from: e.from, to: e.to },
    };
  }))), [worldEdges, layout, labels, scale, nodeW, nodeH, TEXT]);
  return (
    // The frame is the container whose width the box's height follows (diagrams.css).
    <div className="diagram-frame">
      <div className="diagram topology follows-graph" data-testid="topology" data-direction={layout.direction} role="figure" aria-label={TEXT.diagram}
        style={{ '--diagram-scale': scale, '--node-width': `${nodeW}px`, '--node-min-height': `${nodeH}px`, ...followGraph(layout, box), ...(lecture.on ? lectureSize(layout, lecture.minZoom) : {}), ...(phone ? phoneHeight(layout) : {}) } as CSSProperties}>
        <FlowDiagram nodes={nodes} edges={edges} nodeTypes={nodeTypes} edgeTypes={edgeTypes} structure={structure} bounds={layout} presenterZoom={lecture.minZoom} onNodeHeights={onNodeHeights} />
      </div>
    </div>
  );
}
