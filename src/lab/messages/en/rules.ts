/**
 * English rule citations that carry words, namespace `rules`, keyed by invariant ID (the
 * model's own `Invariant.rule`; citations made only of codes — `MWP-WRK-019`, `SPEC 9.3` —
 * need no entry and are shown as they are). view.test fails when a model's citation with
 * words has no entry here or its entry differs from the model's text.
 */
export const rules = {
  'rules.COMP-3': 'SPEC 9.8 (seed 002 §8)',
  'rules.FENCE-1': 'SPEC §6 fencing (M07 §7), MWP-WRK-019',
  'rules.FENCE-2': 'SPEC §1 ownership epoch, MWP-WRK-019',
  'rules.FENCE-3': 'SPEC §3 compare-and-set, MWP-EVT-007',
} as const;
