/**
 * Structural sharing between two step records: every part of the next record whose content
 * equals the previous one is replaced by the previous object, so a panel that selects only
 * that part keeps the same reference and does not re-render, and memoised layouts (dagre)
 * keep their key. The session shares each record it builds with the one built before it.
 */
import type { StepRecord } from './stepRecord';

/** A content signature per object, computed once (record parts are never edited). */
const signatures = new WeakMap<object, string>();
function signature(value: object): string {
  let sig = signatures.get(value);
  if (sig === undefined) {
    sig = JSON.stringify(value);
    signatures.set(value, sig);
  }
  return sig;
}

/** Equal content; a part compared again costs a lookup, not a JSON.stringify on every step. */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return JSON.stringify(a) === JSON.stringify(b);
  return signature(a) === signature(b);
}

/** The previous array when every element is the same, else `next` with equal elements reused. */
function shareArray<T>(prev: readonly T[], next: readonly T[], equal: (a: T, b: T) => boolean): readonly T[] {
  let changed = prev.length !== next.length;
  const out = next.map((item, i) => {
    const old = prev[i];
    if (old !== undefined && (old === item || equal(old, item))) return old;
    changed = true;
    return item;
  });
  return changed ? out : prev;
}

/** Same machine in another state keeps its graph object, so the layout memo holds. */
function shareMachines(prev: StepRecord['machines'], next: StepRecord['machines']): StepRecord['machines'] {
  const withGraphs = next.map((m, i) => {
    const old = prev[i];
    if (!old || old.id !== m.id || old.graph === m.graph || signature(old.graph) !== signature(m.graph)) return m;
    return { ...m, graph: old.graph };
  });
  return shareArray(prev, withGraphs, (a, b) => a.id === b.id && a.state === b.state && a.title === b.title && a.graph === b.graph) as StepRecord['machines'];
}

const keep = <T>(prev: T, next: T): T => (same(prev, next) ? prev : next);

/** `next` with every part equal to `prev`'s replaced by `prev`'s object. */
export function shareRecord(prev: StepRecord | null, next: StepRecord): StepRecord {
  if (!prev) return next;
  return {
    ...next,
    nodes: shareArray(prev.nodes, next.nodes, (a, b) => a.spec.id === b.spec.id && a.status === b.status && a.spec.label === b.spec.label && a.lines.join('\n') === b.lines.join('\n')) as StepRecord['nodes'],
    edges: keep(prev.edges, next.edges),
    frames: shareArray(prev.frames, next.frames, (a, b) => a.id === b.id && a.kind === b.kind),
    machines: shareMachines(prev.machines, next.machines),
    invariants: keep(prev.invariants, next.invariants),
    observed: keep(prev.observed, next.observed),
    engineThread: keep(prev.engineThread, next.engineThread),
    switches: keep(prev.switches, next.switches),
    switchSpecs: keep(prev.switchSpecs, next.switchSpecs),
    armed: keep(prev.armed, next.armed),
  };
}
