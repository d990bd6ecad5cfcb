/**
 * L06's two executors have different action vocabularies: the hand-written one has
 * `submit`, worker-2's verbs, the crash-around-commit tokens, `lose_request` and the stalls
 * before / after the epoch check; the LangGraph graph has `ask`, `grant`, `approve_to_two`,
 * `stall_after_check`. The lab's palette offers both (src/lab/loader.ts), so an action of the
 * OTHER executor must be refused with a reason the learner can act on — not "unknown
 * action". It is refused where the vocabulary is decided (parsing), so the World refuses it
 * at the step and the loader still flags it in a scenario or exercise of the wrong executor.
 *
 * The reasons are fixed English sentences with one one-word parameter (the action token,
 * or the object as JSON without spaces): the shape src/lab/i18n/refusals.ts reads back into
 * a message key to translate, once the refusals namespace holds these two templates
 * (keys `refusals.handwritten_only` / `refusals.langgraph_only` read it back in every locale).
 */
import type { ModelAction } from '../../model';

export type Executor = 'handwritten' | 'langgraph';

/** The refusal for an action only `only`'s executor offers (English; the template the refusals namespace mirrors). */
export const EXECUTOR_ONLY_TEMPLATES: Readonly<Record<Executor, string>> = {
  handwritten: 'Only the hand-written executor has {{action}}: switch the Executor to run it.',
  langgraph: 'Only the LangGraph executor has {{action}}: switch the Executor to run it.',
};

/** How the reason names an action: its token, or the object as compact JSON (one word, no spaces). */
export function actionWord(raw: unknown): string {
  return typeof raw === 'string' ? raw : JSON.stringify(raw) ?? String(raw);
}

export function executorOnlyRefusal(only: Executor, raw: unknown): string {
  return EXECUTOR_ONLY_TEMPLATES[only].replace('{{action}}', actionWord(raw));
}

/**
 * `own` parses with this executor's vocabulary; when it fails and `other` (the other
 * executor's) accepts the action, the refusal names the executor that has it. Anything
 * neither knows keeps this executor's own parse error.
 */
export function parseWithin<A extends ModelAction>(
  own: (raw: unknown) => A | string,
  other: (raw: unknown) => ModelAction | string,
  otherExecutor: Executor,
): (raw: unknown) => A | string {
  return (raw) => {
    const parsed = own(raw);
    if (typeof parsed !== 'string') return parsed;
    return typeof other(raw) === 'string' ? parsed : executorOnlyRefusal(otherExecutor, raw);
  };
}
