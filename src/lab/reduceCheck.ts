/**
 * Full search against reduced search (src/sim/explorer/footprint.ts): which configurations
 * to compare, and what must agree. Used by the unit test at small bounds
 * (reduce.search.test.ts) and by `npm run soak -- --reduce-check` at the default bounds.
 */
import type { ExploreResult } from '../sim/explorer/result';
import type { SwitchSpec } from '../sim/model';
import { labBounds } from './search';
import type { Lab } from './schema';

/** The lab's own switches, then every configuration that changes exactly one switch to another option. */
export function oneSwitchAway(lab: Lab, specs: readonly SwitchSpec[]): Record<string, string>[] {
  const own = lab.world.switches;
  const out: Record<string, string>[] = [{}];
  for (const spec of specs) {
    const current = own[spec.key] ?? spec.default;
    for (const option of spec.options) if (option.value !== current) out.push({ [spec.key]: option.value });
  }
  return out;
}

/**
 * Depth for the CI comparison: the lab's default depth, capped so that every configuration
 * of every lab, searched twice, fits CI on two cores — depth 3 for the first lab of each
 * model that declares footprints for its business actions (the reduction has something to
 * get wrong there), depth 2 for the rest (the other labs of a model differ in starting
 * state and switches; `npm run soak -- --reduce-check` compares every lab at its default
 * bounds).
 */
export function smallDepth(lab: Lab, switches: Record<string, string>): number {
  const bounds = labBounds(lab, {}, switches);
  return Math.min(bounds.depth, DEEPER.has(lab.id) ? 3 : 2);
}

/**
 * The first lab of each model with footprints: fencing, refund, compensation, projection,
 * outage. Not the authority's (L09, L12): their trees are wide (≈ 20–90 s at depth 3 on two
 * cores) and a held send's footprint already fails at depth 2 when it is wrong.
 */
const DEEPER = new Set(['L07', 'L01', 'L08', 'L10', 'L13']);

/** Why the reduced result does not keep the full one's verdicts, or null when it does. */
export function reductionMismatch(full: ExploreResult, reduced: ExploreResult): string | null {
  if (full.stoppedBy || reduced.stoppedBy) return `a search stopped early (${full.stoppedBy ?? '-'} / ${reduced.stoppedBy ?? '-'})`;
  const shortest = (result: ExploreResult) => result.counterexamples.map((c) => `${c.invariant}@${c.steps}`).sort().join(' ');
  if (shortest(full) !== shortest(reduced)) return `counterexamples differ: full [${shortest(full)}], reduced [${shortest(reduced)}]`;
  if (full.states !== reduced.states) return `states differ: full ${full.states}, reduced ${reduced.states}`;
  if (full.depthCompleted !== reduced.depthCompleted) return `depth differs: full ${full.depthCompleted}, reduced ${reduced.depthCompleted}`;
  if (reduced.transitions > full.transitions) return `reduced took more transitions (${reduced.transitions} > ${full.transitions})`;
  return null;
}
