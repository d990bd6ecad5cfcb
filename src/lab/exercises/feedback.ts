/**
 * A checker's feedback as data: a message key from the `feedback` namespace
 * (src/lab/messages/<locale>/feedback.json) with its parameters, and `parts`: parameters that
 * are themselves messages (a refusal inside "your steps do not replay: …", the list of
 * switches a student changed). The verdict keeps the English text in `feedback`, rendered
 * from this same message, so graders' reports and old saved progress read as before, and a
 * page or a grader renders `message` in its own language with `feedbackText` — through
 * i18next like every message: the lab's instance for a locale, the page's own for the page.
 *
 * Violation lines and refusals arrive as messages (namespaces `violations`, `refusals`) and
 * are rendered in the reader's language like any part. What stays in English inside a
 * translated sentence: codes and IDs (by design), action tokens of a search's steps, and
 * refusal text quoted in feedback saved before refusals were messages (shown as saved:
 * English text is never parsed back into a key).
 */
import type { MessageParam } from '../../core/message';
import { formatMessage } from '../i18n/catalogRegistry';
import type { Locale } from '../i18n/locales';
import type { RenderMessage } from '../messages/render';
import type { FeedbackMessage } from './feedbackMessage';
import type { Exercise, Verdict } from './schema';

// The message shape and its schema live in feedbackMessage.ts (no catalogs there); re-exported for existing callers.
export { fb, feedbackMessageSchema, type FeedbackMessage } from './feedbackMessage';

/** A verdict whose `feedback` is its message in English (the text saved and reported as before). */
export function verdictOf(pass: boolean | null, message: FeedbackMessage, rules: string[], step?: number): Verdict {
  return { pass, feedback: renderFeedback(message), message, ...(step === undefined ? {} : { step }), rules };
}

/** Where feedback is worded: a locale (graders, reports), or the page's own renderer. */
export type FeedbackWords = Locale | RenderMessage;

/**
 * Renders a feedback message in `words` (English by default); `overrides` replace top-level
 * params (lab text in the reader's language). Parts are rendered first, in the same words.
 */
export function renderFeedback(message: FeedbackMessage, words: FeedbackWords = 'en', overrides: Readonly<Record<string, string>> = {}): string {
  const render: RenderMessage = typeof words === 'function' ? words : (m) => formatMessage(m, words);
  const params: Record<string, MessageParam> = { ...message.params, ...overrides };
  for (const [name, part] of Object.entries(message.parts ?? {})) {
    params[name] = Array.isArray(part)
      ? (part as readonly FeedbackMessage[]).map((p) => renderFeedback(p, render)).join(', ')
      : renderFeedback(part as FeedbackMessage, render);
  }
  return render({ key: message.key, params });
}

/**
 * The lab's own words a feedback message quotes (a predict choice's label, the
 * explanation, a hint), taken from the exercise as the reader sees it — pass the exercise
 * of the localized lab (`localizeLab`) and the quotes follow the language too.
 */
function labQuotes(message: FeedbackMessage, exercise: Exercise | undefined): Record<string, string> {
  if (!exercise) return {};
  const quotes: Record<string, string> = {};
  const params = message.params ?? {};
  if (exercise.kind === 'predict') {
    if ('explanation' in params) quotes.explanation = exercise.explanation;
    const choice = params.choice;
    const label = typeof choice === 'number' ? exercise.choices[choice]?.label : undefined;
    if ('label' in params && label !== undefined) quotes.label = label;
  }
  if (exercise.kind === 'reproduce' && 'hint' in params && exercise.hint !== undefined) quotes.hint = exercise.hint;
  return quotes;
}

/**
 * A verdict's feedback in `words` (a locale, or the page's renderer): its message when it
 * has one, else the saved text.
 */
export function feedbackText(verdict: { feedback: string; message?: FeedbackMessage }, words: FeedbackWords, exercise?: Exercise): string {
  if (!verdict.message) return verdict.feedback;
  return renderFeedback(verdict.message, words, labQuotes(verdict.message, exercise));
}
