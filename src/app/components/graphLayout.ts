/**
 * Node positions and edge routes from the dagre layout engine, for both the topology and
 * the machine diagrams (so no diagram carries hand-placed coordinates).
 *
 * Edge labels take part in the layout: dagre places each label as a box of its own (given
 * its width and height) beside the edge, so labels never sit on each other or on a node.
 * The diagrams draw the label at that box and the edge along dagre's route.
 *
 * `layoutToFit` picks, per graph, the layout that reads best in a desktop column: a long
 * chain turns top to bottom, a wide fan-out wraps. It runs dagre three times, once per
 * structure (the diagrams memoise it), never on a step.
 */
import dagre from '@dagrejs/dagre';

export interface Point { x: number; y: number }

export interface LayoutInput {
  nodes: { id: string; width: number; height: number }[];
  /** `id` names the edge in the result; `label` (optional) reserves a box of that size. */
  edges: { id?: string; from: string; to: string; label?: { width: number; height: number } }[];
  direction?: 'LR' | 'TB';
  /**
   * Top-to-bottom only: in a rank holding more than this many nodes, every second node that
   * has no outgoing edge moves to a row below, under a neighbour that stays, so a fan-out
   * (L05: one worker to four services) takes two rows instead of one row four nodes wide.
   */
  wrapRank?: number;
  /**
   * Left to right only: two sources joined by an edge (L05's worker B reads worker A's
   * checkpoints) share the first column, one above the other, instead of the edge pushing one
   * a whole column right. That edge is routed straight down the gap between them, which
   * widens to hold its label. When the two do not end up next to each other the layout fails.
   */
  peers?: boolean;
}

export interface Layout {
  /** Top-left corner of each node. */
  nodes: Record<string, Point>;
  /** Per edge id: the route (in flow coordinates) and the label box centre. */
  edges: Record<string, { points: Point[]; label: Point | null }>;
  width: number;
  height: number;
  direction: 'LR' | 'TB';
}

/** Longest-path rank of each node from the sources (self-loops ignored; a cycle is cut where it closes). */
function ranksOf(nodes: LayoutInput['nodes'], edges: LayoutInput['edges']): Map<string, number> {
  const rank = new Map<string, number>();
  const visiting = new Set<string>();
  const into = new Map<string, string[]>(nodes.map((n) => [n.id, []]));
  for (const e of edges) if (e.from !== e.to) into.get(e.to)?.push(e.from);
  const visit = (id: string): number => {
    const known = rank.get(id);
    if (known !== undefined) return known;
    if (visiting.has(id)) return 0;
    visiting.add(id);
    const r = Math.max(-1, ...(into.get(id) ?? []).map(visit)) + 1;
    visiting.delete(id);
    rank.set(id, r);
    return r;
  };
  for (const n of nodes) visit(n.id);
  return rank;
}

/**
 * The nodes wrapRank moves down: per moved node, the node of the row above it hangs under.
 * Every second node without outgoing edges in a rank wider than `most` moves, under its
 * neighbour in that rank.
 */
function wrapped(nodes: LayoutInput['nodes'], edges: LayoutInput['edges'], most: number): Map<string, string> {
  const rank = ranksOf(nodes, edges);
  const hasOut = new Set(edges.filter((e) => e.from !== e.to).map((e) => e.from));
  const byRank = new Map<number, string[]>();
  for (const n of nodes) byRank.set(rank.get(n.id)!, [...(byRank.get(rank.get(n.id)!) ?? []), n.id]);
  const under = new Map<string, string>();
  for (const ids of byRank.values()) {
    if (ids.length <= most) continue;
    const sinks = ids.filter((id) => !hasOut.has(id));
    const stay = ids.filter((id) => !sinks.includes(id) || sinks.indexOf(id) % 2 === 0);
    sinks.forEach((id, i) => { if (i % 2 === 1) under.set(id, stay[Math.floor(i / 2)] ?? stay[0]!); });
  }
  return under;
}

/**
 * Edges joining two sources: `from` has no incoming edge, `to` has none but this one, and both
 * lead on to other nodes. Such a pair is better drawn side by side than one after the other.
 */
export function peerEdges(edges: LayoutInput['edges']): Set<number> {
  const real = edges.map((e, i) => ({ ...e, i })).filter((e) => e.from !== e.to);
  const into = (id: string) => real.filter((e) => e.to === id);
  const onward = (id: string, not: string) => real.some((e) => e.from === id && e.to !== not);
  const peers = new Set<number>();
  for (const e of real) {
    if (into(e.from).length === 0 && into(e.to).length === 1 && onward(e.from, e.to) && onward(e.to, e.from)) peers.add(e.i);
  }
  return peers;
}

const NODESEP = 20;

export function layoutGraph({ nodes, edges, direction = 'LR', wrapRank, peers: withPeers }: LayoutInput): Layout | null {
  const peers = withPeers && direction === 'LR' ? peerEdges(edges) : new Set<number>();
  const graph = new dagre.graphlib.Graph({ multigraph: true });
  // Tight spacing: the canvas is fitted into a column about 550-710 px wide, so every pixel of
  // gap shrinks the text; the label boxes keep labels apart whatever the spacing.
  graph.setGraph({ rankdir: direction, nodesep: NODESEP, ranksep: 30, edgesep: 10, marginx: 8, marginy: 8 });
  // A peer edge's label sits in the gap between its two nodes: each peer takes that much more
  // room above and below itself (a wider nodesep would spread every column, not this gap).
  const peerGap = Math.max(0, ...[...peers].map((i) => (edges[i]!.label?.height ?? 0) + 2 * 6));
  const pad = new Set([...peers].flatMap((i) => [edges[i]!.from, edges[i]!.to]));
  graph.setDefaultEdgeLabel(() => ({}));
  const under = direction === 'TB' && wrapRank ? wrapped(nodes, edges, wrapRank) : new Map<string, string>();
  for (const node of nodes) graph.setNode(node.id, { width: node.width, height: node.height + (pad.has(node.id) ? peerGap : 0) });
  edges.forEach((edge, i) => {
    if (edge.from === edge.to || peers.has(i)) return;
    const label = edge.label ? { width: edge.label.width, height: edge.label.height, labelpos: 'c' } : {};
    // A moved node's edges span three ranks: dagre puts a label halfway along its edge, so
    // these labels get a row of their own below the first row of nodes, not a place in it.
    graph.setEdge(edge.from, edge.to, { ...label, minlen: under.has(edge.to) ? 3 : 1 }, edge.id ?? `e${i}`);
  });
  // An undrawn edge hangs each moved node under a node of the row above, so the second row
  // sits below the first instead of beside it.
  for (const [moved, above] of under) graph.setEdge(above, moved, { minlen: 2, weight: 2 }, `wrap:${moved}`);
  dagre.layout(graph);
  const out: Layout = { nodes: {}, edges: {}, width: graph.graph().width ?? 0, height: graph.graph().height ?? 0, direction };
  for (const node of nodes) {
    const placed = graph.node(node.id);
    out.nodes[node.id] = { x: placed.x - node.width / 2, y: placed.y - node.height / 2 };
  }
  for (const i of peers) {
    const edge = edges[i]!;
    const routed = peerRoute(graph, nodes, edge.from, edge.to, peerGap);
    if (!routed) return null;
    out.edges[edge.id ?? `e${i}`] = { points: routed.points, label: edge.label ? routed.middle : null };
  }
  edges.forEach((edge, i) => {
    if (edge.from === edge.to || peers.has(i)) return;
    const id = edge.id ?? `e${i}`;
    const routed = graph.edge({ v: edge.from, w: edge.to, name: id }) as { points?: Point[]; x?: number; y?: number } | undefined;
    const points = routed?.points ?? [];
    // dagre ends an edge on a padded peer's taller box: bring the end onto the drawn one.
    const onto = (p: Point | undefined, nodeId: string) => {
      const box = pad.has(nodeId) ? out.nodes[nodeId] : undefined;
      const height = nodes.find((n) => n.id === nodeId)?.height ?? 0;
      if (p && box) p.y = Math.min(box.y + height, Math.max(box.y, p.y));
    };
    onto(points[0], edge.from);
    onto(points[points.length - 1], edge.to);
    out.edges[id] = {
      points,
      label: edge.label && routed?.x !== undefined && routed.y !== undefined ? { x: routed.x, y: routed.y } : null,
    };
  });
  return out;
}

/**
 * A peer edge straight down from one node to the other, when dagre put them in the same
 * column with no node between; null otherwise.
 */
function peerRoute(graph: InstanceType<typeof dagre.graphlib.Graph>, nodes: LayoutInput['nodes'], from: string, to: string, pad: number): { points: Point[]; middle: Point } | null {
  type Placed = { x: number; y: number; width: number; height: number };
  const at = (id: string) => graph.node(id) as Placed;
  const a = at(from), b = at(to);
  if (Math.abs(a.x - b.x) > 0.5) return null;
  const [top, bottom] = a.y < b.y ? [a, b] : [b, a];
  const between = nodes.some((n) => {
    const c = at(n.id);
    return n.id !== from && n.id !== to && Math.abs(c.x - a.x) < (c.width + a.width) / 2 && c.y > top.y && c.y < bottom.y;
  });
  if (between) return null;
  // The drawn boxes are `pad` shorter than dagre's, centred in them.
  const half = (p: Placed) => (p.height - pad) / 2;
  const start = { x: a.x, y: a.y < b.y ? a.y + half(a) : a.y - half(a) };
  const end = { x: a.x, y: a.y < b.y ? b.y - half(b) : b.y + half(b) };
  return { points: [start, end], middle: { x: a.x, y: (start.y + end.y) / 2 } };
}

/**
 * The box a diagram is fitted into on a desktop: its width is the page's middle column (the
 * narrowest one this is planned for), its height follows the graph between the two bounds
 * (diagrams.css), and `zoom` is the smallest fitted zoom at which its text still reads.
 */
export interface FitBox { width: number; minHeight: number; maxHeight: number; zoom: number }

/** The padding FlowDiagram fits with: the graph takes 1 / (1 + FIT_PADDING) of the box. */
export const FIT_PADDING = 0.04;

/** The fitted zoom of a layout in `box` once the box's height has followed the graph's aspect ratio. */
export function fittedZoom(layout: Pick<Layout, 'width' | 'height'>, box: FitBox): number {
  const height = Math.min(box.maxHeight, Math.max(box.minHeight, (box.width * layout.height) / layout.width));
  return Math.min(box.width / layout.width, height / layout.height) / (1 + FIT_PADDING);
}

/**
 * The layout to draw in `box`: left to right, top to bottom, or top to bottom with wide
 * ranks wrapped, or left to right with peers side by side. Of those whose text reads at `box.zoom`, the one needing the lowest box
 * (so a diagram takes no more of the page than legibility asks); when none does, the one
 * fitted largest. Depends on the graph and the box constants only, never on the window, so
 * it runs once per structure like layoutGraph.
 */
export function layoutToFit(input: Omit<LayoutInput, 'direction' | 'wrapRank'>, box: FitBox): Layout {
  const candidates = candidateLayouts(input);
  const heightOf = (l: Layout) => Math.min(box.maxHeight, Math.max(box.minHeight, (box.width * l.height) / l.width));
  const legible = candidates.filter((l) => fittedZoom(l, box) >= box.zoom);
  if (legible.length > 0) return legible.reduce((best, l) => (heightOf(l) < heightOf(best) ? l : best));
  return candidates.reduce((best, l) => (fittedZoom(l, box) > fittedZoom(best, box) ? l : best));
}

/** The layouts a graph may be drawn in: left to right, top to bottom, top to bottom with wide ranks wrapped, left to right with peers side by side. */
function candidateLayouts(input: Omit<LayoutInput, 'direction' | 'wrapRank'>): Layout[] {
  return [
    layoutGraph({ ...input, direction: 'LR' }),
    layoutGraph({ ...input, direction: 'TB' }),
    layoutGraph({ ...input, direction: 'TB', wrapRank: 2 }),
    peerEdges(input.edges).size > 0 ? layoutGraph({ ...input, direction: 'LR', peers: true }) : null,
  ].filter((l): l is Layout => l !== null);
}

/** A fixed cell a diagram is drawn in at a given zoom, scrolling inside it when it is larger (the lecture layout's topology). */
export interface Cell { width: number; height: number; zoom: number }

/** Whether a layout drawn at `cell.zoom` (with FlowDiagram's fit padding) fits in `cell`. */
export function fitsCell(layout: Pick<Layout, 'width' | 'height'>, cell: Cell): boolean {
  const grown = cell.zoom * (1 + FIT_PADDING);
  return layout.width * grown <= cell.width && layout.height * grown <= cell.height;
}

/**
 * The layout to draw in `cell` at `cell.zoom` (with FlowDiagram's fit padding): one that fits
 * the cell if any does (the lowest); else one as wide as the cell at most, the lowest, so it
 * scrolls one way only, down; else the narrowest. Like layoutToFit it depends on the graph
 * and the cell's constants only, never on the window.
 */
export function layoutToCell(input: Omit<LayoutInput, 'direction' | 'wrapRank'>, cell: Cell): Layout {
  const candidates = candidateLayouts(input);
  const size = (l: Layout) => ({ width: l.width * cell.zoom * (1 + FIT_PADDING), height: l.height * cell.zoom * (1 + FIT_PADDING) });
  const lowest = (ls: Layout[]) => ls.reduce((best, l) => (l.height < best.height ? l : best));
  const fits = candidates.filter((l) => fitsCell(l, cell));
  if (fits.length > 0) return lowest(fits);
  const narrow = candidates.filter((l) => size(l).width <= cell.width);
  if (narrow.length > 0) return lowest(narrow);
  return candidates.reduce((best, l) => (l.width < best.width ? l : best));
}

/** Full-width glyphs: CJK ideographs, kana, Hangul, full-width forms (1 em in any CJK font). */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;

/** Width of a label in a monospace font: 0.62 em a Latin character, 1 em a CJK one, plus padding. */
export function monoLabelWidth(text: string, fontPx: number): number {
  let em = 0;
  for (const c of text) em += WIDE.test(c) ? 1 : 0.62;
  return Math.ceil(em * fontPx) + 10;
}

/** An SVG path through dagre's route points, smoothed with quadratic curves at the bends. */
export function routePath(points: Point[]): string {
  if (points.length === 0) return '';
  const [first, ...rest] = points;
  if (rest.length === 0) return `M ${first!.x} ${first!.y}`;
  let d = `M ${first!.x} ${first!.y}`;
  for (let i = 0; i < rest.length - 1; i++) {
    const control = rest[i]!;
    const next = rest[i + 1]!;
    const mid = { x: (control.x + next.x) / 2, y: (control.y + next.y) / 2 };
    d += ` Q ${control.x} ${control.y} ${i === rest.length - 2 ? `${next.x} ${next.y}` : `${mid.x} ${mid.y}`}`;
  }
  if (rest.length === 1) d += ` L ${rest[0]!.x} ${rest[0]!.y}`;
  return d;
}

/** Structural equality of plain data (objects, arrays, primitives; anything else by identity). */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((x, i) => sameData(x, (b as unknown[])[i]));
  if (Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * `next`, with each element that equals (sameData) the element at the same place in
 * `previous` replaced by that earlier object; `previous` itself when every element is kept.
 */
export function keepUnchanged<T>(previous: readonly T[] | null, next: T[]): T[] {
  if (!previous) return next;
  let changed = previous.length !== next.length;
  const out = next.map((item, i) => {
    const old = previous[i];
    if (i < previous.length && sameData(old, item)) return old as T;
    changed = true;
    return item;
  });
  return changed ? out : (previous as T[]);
}
