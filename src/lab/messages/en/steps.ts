/**
 * English labels of the World's own steps, namespace `steps` (src/lab/sessionLabels.ts):
 * the timeline, the redo tail and the sequence diagram show them. Node names, frame numbers
 * and fault points are code and stay as they are.
 */
export const steps = {
  'steps.start': 'Starting state',
  'steps.advance': 'Clock +{{by}}',
  'steps.deliver_next': 'Deliver the next frame',
  'steps.deliver': 'Deliver frame #{{frame}}',
  'steps.drop_next': 'Drop the next frame',
  'steps.drop': 'Drop frame #{{frame}}',
  'steps.duplicate_next': 'Duplicate the next frame',
  'steps.duplicate': 'Duplicate frame #{{frame}}',
  'steps.crash_at': 'Arm crash at {{point}}',
  'steps.restart': 'Restart {{node}}',
  'steps.partition': 'Cut the link {{a}} – {{b}}',
  'steps.heal': 'Restore every link',
  'steps.invalid': '(invalid: {{error}})',
} as const;
