/**
 * Node positions and edge routes from the dagre layout engine, for both the topology and
 * the machine diagrams (so no diagram carries hand-placed coordinates).
 *
 * Edge labels take part in the layout: dagre places each label as a box of its own (given
 * its width and height) beside the edge, so labels never sit on each other or on a node.
 * The diagrams draw the label at that box and the edge along dagre's route.
 */
import dagre from '@dagrejs/dagre';

export interface Point { x: number; y: number }

export interface LayoutInput {
  nodes: { id: string; width: number; height: number }[];
  /** `id` names the edge in the result; `label` (optional) reserves a box of that size. */
  edges: { id?: string; from: string; to: string; label?: { width: number; height: number } }[];
  direction?: 'LR' | 'TB';
}

export interface Layout {
  /** Top-left corner of each node. */
  nodes: Record<string, Point>;
  /** Per edge id: the route (in flow coordinates) and the label box centre. */
  edges: Record<string, { points: Point[]; label: Point | null }>;
  width: number;
  height: number;
}

export function layoutGraph({ nodes, edges, direction = 'LR' }: LayoutInput): Layout {
  const graph = new dagre.graphlib.Graph({ multigraph: true });
  graph.setGraph({ rankdir: direction, nodesep: 36, ranksep: 70, edgesep: 14, marginx: 8, marginy: 8 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const node of nodes) graph.setNode(node.id, { width: node.width, height: node.height });
  edges.forEach((edge, i) => {
    if (edge.from === edge.to) return;
    const label = edge.label ? { width: edge.label.width, height: edge.label.height, labelpos: 'c' } : {};
    graph.setEdge(edge.from, edge.to, label, edge.id ?? `e${i}`);
  });
  dagre.layout(graph);
  const out: Layout = { nodes: {}, edges: {}, width: graph.graph().width ?? 0, height: graph.graph().height ?? 0 };
  for (const node of nodes) {
    const placed = graph.node(node.id);
    out.nodes[node.id] = { x: placed.x - node.width / 2, y: placed.y - node.height / 2 };
  }
  edges.forEach((edge, i) => {
    if (edge.from === edge.to) return;
    const id = edge.id ?? `e${i}`;
    const routed = graph.edge({ v: edge.from, w: edge.to, name: id }) as { points?: Point[]; x?: number; y?: number } | undefined;
    out.edges[id] = {
      points: routed?.points ?? [],
      label: edge.label && routed?.x !== undefined && routed.y !== undefined ? { x: routed.x, y: routed.y } : null,
    };
  });
  return out;
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
