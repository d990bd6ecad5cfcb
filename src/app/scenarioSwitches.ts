/**
 * The switches a learner set differently from the open scenario. A scenario's expected
 * outcome holds for the switches it sets (over the lab's defaults); flip one mid-scenario and
 * the check lists raw mismatches that name no cause. The scenario panel names the switch and
 * the scenario's setting instead, so the mismatch reads as the effect of the learner's change.
 */
import type { SwitchSpec } from '../sim/model';

export interface SwitchChange<S extends Pick<SwitchSpec, 'key' | 'default'>> {
  spec: S;
  /** The option the scenario runs with. */
  expected: string;
  /** The option the World runs with now. */
  actual: string;
}

export function scenarioSwitchChanges<S extends Pick<SwitchSpec, 'key' | 'default'>>(
  specs: readonly S[],
  labDefaults: Readonly<Record<string, string>>,
  scenarioSwitches: Readonly<Record<string, string>> | undefined,
  current: Readonly<Record<string, string>>,
): SwitchChange<S>[] {
  const changes: SwitchChange<S>[] = [];
  for (const spec of specs) {
    const expected = scenarioSwitches?.[spec.key] ?? labDefaults[spec.key] ?? spec.default;
    const actual = current[spec.key] ?? spec.default;
    if (expected !== actual) changes.push({ spec, expected, actual });
  }
  return changes;
}
