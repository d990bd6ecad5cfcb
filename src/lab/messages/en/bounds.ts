/**
 * A search's bounds in words (namespace `bounds`, built by ../bounds.ts): the English reads
 * exactly as the explorer's `boundsText` (describeBounds), which cards and graders print.
 */
export const bounds = {
  'bounds.all': '{{depth}}, {{crashes}}, {{drops}}, {{duplicates}}, {{cuts}}, {{clock}}, {{states}}, {{ms}}',
  'bounds.swarm': '{{runs}} random walks of ≤ {{depth}} steps, {{rest}}',
  'bounds.depth': 'depth ≤ {{n}}',
  'bounds.crashes_one': '≤ {{n}} crash',
  'bounds.crashes_other': '≤ {{n}} crashes',
  'bounds.drops_one': '≤ {{n}} drop',
  'bounds.drops_other': '≤ {{n}} drops',
  'bounds.duplicates_one': '≤ {{n}} duplicate',
  'bounds.duplicates_other': '≤ {{n}} duplicates',
  'bounds.cuts_one': '≤ {{n}} cut link',
  'bounds.cuts_other': '≤ {{n}} cut links',
  'bounds.clock': 'clock +{{advances}} per step',
  'bounds.no_clock': 'no clock moves',
  'bounds.states': '≤ {{n}} states',
  'bounds.ms': '≤ {{n}} ms',
} as const;
