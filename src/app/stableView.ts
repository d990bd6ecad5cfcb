/**
 * Structural sharing between two WorldViews: every part of the next view that equals the
 * previous one is replaced by the previous object, so a panel that selects only that part
 * keeps the same reference and does not re-render, and memoised layouts (dagre) keep their
 * key. `LabSession.view()` builds a fresh snapshot each step; this is where it becomes cheap
 * for React.
 */
import type { TraceEntry } from '../sim/world';
import type { WorldView } from '../lab/session';

/** A content signature per object, computed once (trace entries are never mutated). */
const signatures = new WeakMap<object, string>();
function signature(value: object): string {
  let sig = signatures.get(value);
  if (sig === undefined) {
    sig = JSON.stringify(value);
    signatures.set(value, sig);
  }
  return sig;
}

/**
 * Equal content. Each view part is built once and never edited, so its signature is kept
 * with it: a part compared again (a view shown before, kept by PlaceViews) costs a lookup,
 * not a JSON.stringify of the observed state on every step.
 */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return JSON.stringify(a) === JSON.stringify(b);
  return signature(a) === signature(b);
}

/** The previous array when every element is the same, else `next` with equal elements reused. */
function shareArray<T>(prev: readonly T[] | undefined, next: readonly T[], equal: (a: T, b: T) => boolean): readonly T[] {
  if (!prev) return next;
  let changed = prev.length !== next.length;
  const out = next.map((item, i) => {
    const old = prev[i];
    if (old !== undefined && (old === item || equal(old, item))) return old;
    changed = true;
    return item;
  });
  return changed ? out : prev;
}

/**
 * The entry a view showed in place of an equal one (the previous view's, or one known
 * ahead). The World keeps its own entry objects from step to step, so without this note
 * every later step compared each of them with the one shown again — their whole JSON
 * signatures, a few KB each on L10, for every entry of the trace on every step.
 */
const shownAs = new WeakMap<TraceEntry, TraceEntry>();
const sameEntry = (a: TraceEntry, b: TraceEntry) => shownAs.get(b) === a || shownAs.get(a) === b || signature(a) === signature(b);

/**
 * The whole run the learner has seen for the same step log: after stepping back, the
 * entries ahead of the cursor are still known (replay is deterministic), so the sequence
 * diagram can show them greyed and jump to them. `known` is that run; returns the run to
 * keep (the trace's entries share objects with it).
 */
export function knownRun(known: readonly TraceEntry[], trace: readonly TraceEntry[]): readonly TraceEntry[] {
  if (known.length <= trace.length) return trace;
  for (let i = 0; i < trace.length; i++) if (trace[i] !== known[i] && !sameEntry(trace[i]!, known[i]!)) return trace;
  return known;
}

/**
 * `known`: the run already seen for this step log. `sameRun`: `next` comes from a World that
 * has applied exactly that log (a synchronous lab, caught up): replay is deterministic, so
 * its entry i equals known entry i and is not compared (an L10 entry's JSON is a few KB, and
 * each step forward through a known run compared the new one).
 */
export function stabilizeView(prev: WorldView | null, next: WorldView, known: readonly TraceEntry[] = [], sameRun = false): WorldView {
  if (!prev) return next;
  return {
    ...next,
    nodes: shareArray(prev.nodes, next.nodes, (a, b) => a.spec.id === b.spec.id && a.status === b.status && a.spec.label === b.spec.label && a.lines.join('\n') === b.lines.join('\n')) as WorldView['nodes'],
    edges: same(prev.edges, next.edges) ? prev.edges : next.edges,
    frames: shareArray(prev.frames, next.frames, (a, b) => a.id === b.id && a.kind === b.kind),
    machines: shareMachines(prev.machines, next.machines),
    trace: shareTrace(prev.trace, known, next.trace, sameRun),
    upcoming: shareUpcoming(prev, next),
    invariants: same(prev.invariants, next.invariants) ? prev.invariants : next.invariants,
    observed: same(prev.observed, next.observed) ? prev.observed : next.observed,
    engineThread: same(prev.engineThread, next.engineThread) ? prev.engineThread : next.engineThread,
    switches: same(prev.switches, next.switches) ? prev.switches : next.switches,
    switchSpecs: same(prev.switchSpecs, next.switchSpecs) ? prev.switchSpecs : next.switchSpecs,
    armed: same(prev.armed, next.armed) ? prev.armed : next.armed,
    scenarioCheck: sameCheck(prev.scenarioCheck, next.scenarioCheck) ? prev.scenarioCheck : next.scenarioCheck,
  };
}

/**
 * The scenario check is rebuilt each step around the same scenario object: compare the
 * scenario by identity and only the small parts by content, not a JSON signature of the
 * whole scenario (its step list and expected state) on every step.
 */
function sameCheck(a: WorldView['scenarioCheck'], b: WorldView['scenarioCheck']): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return a.atEnd === b.atEnd && (a.scenario === b.scenario || same(a.scenario, b.scenario)) && JSON.stringify(a.mismatches) === JSON.stringify(b.mismatches);
}

/**
 * The steps ahead of the cursor, each label keeping its object while it names the same step:
 * after one step forward, next's label j is prev's label j + 1 (and after a step back, j - 1),
 * so a row keyed by its step number keeps its props. Any label is reused only if equal.
 */
function shareUpcoming(prev: WorldView, next: WorldView): WorldView['upcoming'] {
  // Label by label (each label object keeps its signature), not a JSON of the whole list each step.
  if (prev.upcoming.length === next.upcoming.length && next.upcoming.every((label, j) => same(prev.upcoming[j], label))) return prev.upcoming;
  const shift = next.cursor - prev.cursor;
  return next.upcoming.map((label, j) => {
    const old = prev.upcoming[j + shift];
    return old !== undefined && same(old, label) ? old : label;
  }) as WorldView['upcoming'];
}

/** Same machine in another state keeps its graph object, so the layout memo holds. */
function shareMachines(prev: WorldView['machines'], next: WorldView['machines']): WorldView['machines'] {
  const withGraphs = next.map((m, i) => {
    const old = prev[i];
    if (!old || old.id !== m.id || old.graph === m.graph || signature(old.graph) !== signature(m.graph)) return m;
    return { ...m, graph: old.graph };
  });
  return shareArray(prev, withGraphs, (a, b) => a.id === b.id && a.state === b.state && a.title === b.title && a.graph === b.graph) as WorldView['machines'];
}

/** Trace entries equal to ones already shown (or known ahead) keep their objects. */
function shareTrace(prev: TraceEntry[], known: readonly TraceEntry[], next: TraceEntry[], sameRun: boolean): TraceEntry[] {
  let changed = prev.length !== next.length;
  const out = next.map((entry, i) => {
    const old = i < prev.length ? prev[i] : known[i];
    if (old === undefined || old === entry) return entry;
    if ((sameRun && old === known[i]) || sameEntry(old, entry)) {
      shownAs.set(entry, old);
      return old;
    }
    changed = true;
    return entry;
  });
  return changed ? out : prev;
}
