/**
 * The words of a step in the trace and the redo tail, in the student's language. The World
 * records every step's label as a message: a model's action its `describeAction` message
 * (namespace `actions`, src/lab/messages/<locale>/actions.json), the World's own actions
 * (clock, network, crashes) and the starting state `steps.*` (src/sim/worldActions.ts). The
 * app renders it with the page's catalog, graders and the CLI with `formatMessage` (English
 * by default) — the same words as before the labels became messages.
 */
import { msg, type Message } from '../core/message';
import type { ModelAction } from '../sim/model';
import { describeWorldAction, isWorldAction, type WorldAction } from '../sim/worldActions';

/** A string only for a label recorded before labels were messages (shown as it is). */
export type StepLabel = string | Message;

/** A World action as a message; `frame` absent means "the next frame". */
export function worldActionMessage(action: WorldAction): Message {
  return describeWorldAction(action);
}

/**
 * The label of a trace entry: `action` is null only for the starting state (entry 0);
 * `recorded` is the label the World recorded (the model's message for a model action).
 */
export function stepLabel(action: ModelAction | null, recorded: StepLabel): StepLabel {
  if (action === null) return msg('steps.start');
  return isWorldAction(action) ? worldActionMessage(action) : recorded;
}
