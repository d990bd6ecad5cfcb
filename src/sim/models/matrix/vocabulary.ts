/**
 * L06's two executors have different action vocabularies: the hand-written one has
 * `submit`, worker-2's verbs, the crash-around-commit tokens, `lose_request` and the stalls
 * before / after the epoch check; the LangGraph graph has `ask`, `grant`, `approve_to_two`,
 * `stall_after_check`. The lab's palette offers both (src/lab/loader.ts), so an action of the
 * OTHER executor must be refused with a reason the learner can act on — not "unknown
 * action". It is refused where the vocabulary is decided (parsing), so the World refuses it
 * at the step and the loader still flags it in a scenario or exercise of the wrong executor.
 *
 * The refusal is a message (`refusals.handwritten_only` / `refusals.langgraph_only`) with
 * the action as its one parameter, so it reads in the learner's language like every other
 * refusal.
 */
import { msg, type Message } from '../../../core/message';
import { isRefusal, type ModelAction, type RefusalReason } from '../../model';

export type Executor = 'handwritten' | 'langgraph';

/** How the reason names an action: its token, or the object as compact JSON. */
export function actionWord(raw: unknown): string {
  return typeof raw === 'string' ? raw : JSON.stringify(raw) ?? String(raw);
}

/** The refusal for an action only `only`'s executor offers. */
export function executorOnlyRefusal(only: Executor, raw: unknown): Message {
  return msg(only === 'handwritten' ? 'refusals.handwritten_only' : 'refusals.langgraph_only', { action: actionWord(raw) });
}

/**
 * `own` parses with this executor's vocabulary; when it fails and `other` (the other
 * executor's) accepts the action, the refusal names the executor that has it. Anything
 * neither knows keeps this executor's own parse error.
 */
export function parseWithin<A extends ModelAction>(
  own: (raw: unknown) => A | RefusalReason,
  other: (raw: unknown) => ModelAction | RefusalReason,
  otherExecutor: Executor,
): (raw: unknown) => A | RefusalReason {
  return (raw) => {
    const parsed = own(raw);
    if (!isRefusal(parsed)) return parsed;
    return isRefusal(other(raw)) ? parsed : executorOnlyRefusal(otherExecutor, raw);
  };
}
