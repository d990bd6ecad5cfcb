/**
 * World switches: a model's own (e.g. "the resource ignores fences") plus the network
 * switch every World has. Switches are part of the World's config, so flipping one
 * replays the same steps under the other design.
 */
import type { Model, SwitchSpec } from './model';

/** Every World has this switch: frames delivered at once, or held for the learner. */
export const NETWORK_SWITCH: SwitchSpec = {
  key: 'network',
  label: 'Network',
  options: [
    { value: 'auto', label: 'delivers at once' },
    { value: 'manual', label: 'holds frames for me' },
  ],
  default: 'auto',
};

export function switchesOf(model: Model): SwitchSpec[] {
  return [...model.switches, NETWORK_SWITCH];
}

/** Why `chosen` is not a valid switch setting for `model`, or null. */
export function switchProblem(model: Model, chosen: Record<string, string>): string | null {
  const specs = switchesOf(model);
  for (const [key, value] of Object.entries(chosen)) {
    const spec = specs.find((s) => s.key === key);
    if (!spec) return `unknown switch '${key}' (known: ${specs.map((s) => s.key).join(', ')})`;
    if (!spec.options.some((o) => o.value === value)) {
      return `switch '${key}' cannot be '${value}' (options: ${spec.options.map((o) => o.value).join(', ')})`;
    }
  }
  return null;
}
