/**
 * The words of a step in the trace and the redo tail, in the student's language: the
 * World's own actions (clock, network, crashes) and the starting state become message
 * descriptors (namespace `steps`, src/lab/messages/<locale>/steps.ts); a model's action
 * keeps the model's label until the models describe actions as messages.
 *
 * Derived from the action the trace already records, so the World and its trace (what
 * graders, cards and the CLI read) are unchanged.
 */
import { msg, type Message } from '../core/message';
import type { ModelAction } from '../sim/model';
import { isWorldAction, type WorldAction } from '../sim/worldActions';

export type StepLabel = string | Message;

/** A World action as a message; `frame` absent means "the next frame". */
export function worldActionMessage(action: WorldAction): Message {
  switch (action.type) {
    case 'advance': return msg('steps.advance', { by: action.by });
    case 'deliver': return action.frame === undefined ? msg('steps.deliver_next') : msg('steps.deliver', { frame: action.frame });
    case 'drop': return action.frame === undefined ? msg('steps.drop_next') : msg('steps.drop', { frame: action.frame });
    case 'duplicate': return action.frame === undefined ? msg('steps.duplicate_next') : msg('steps.duplicate', { frame: action.frame });
    case 'crash_at': return msg('steps.crash_at', { point: action.point });
    case 'restart': return msg('steps.restart', { node: action.node });
    case 'partition': return msg('steps.partition', { a: action.nodes[0], b: action.nodes[1] });
    case 'heal': return msg('steps.heal');
  }
}

/**
 * The label of a trace entry: `action` is null only for the starting state (entry 0);
 * `fallback` is the label the World recorded (the model's own text).
 */
export function stepLabel(action: ModelAction | null, fallback: string): StepLabel {
  if (action === null) return msg('steps.start');
  return isWorldAction(action) ? worldActionMessage(action) : fallback;
}
