/**
 * A recorded step as words, for reports: the label the timeline shows for it (the model's
 * `describeAction`, or the World's own step words), in a language — not the action's JSON.
 * Feedback messages keep the action tokens they were saved with (an import compares a
 * claimed message with the recomputed one), so a report relabels them when it renders:
 * `readableMessage` swaps a refusal's `action` and a search's `actions` for these words.
 */
import { getModel } from './models';
import { parseActionFor } from '../sim/parseAction';
import { isRefusal } from '../sim/model';
import { describeWorldAction, isWorldAction } from '../sim/worldActions';
import { configFor } from './config';
import type { FeedbackMessage } from './exercises/feedbackMessage';
import { formatMessage } from './i18n/catalogRegistry';
import type { Locale } from './i18n/locales';
import type { Lab } from './schema';

/** One action's label in `locale`, under `switches` (they pick L06's model); its JSON if no model reads it. */
export function actionText(lab: Lab, action: unknown, switches: Readonly<Record<string, string>>, locale: Locale): string {
  const model = getModel(configFor(lab, { switches: { ...switches } }).model);
  let parsed;
  try {
    parsed = parseActionFor(model, action);
  } catch {
    parsed = 'unreadable';
  }
  if (isRefusal(parsed)) {
    const raw = typeof action === 'string' ? action : JSON.stringify(action) ?? String(action);
    return raw.length > 80 ? `${raw.slice(0, 79)}…` : raw;
  }
  return formatMessage(isWorldAction(parsed) ? describeWorldAction(parsed) : model.describeAction(parsed), locale);
}

/**
 * Splits a saved action list (`A_pause, {"advance":11}, B_write`: tokens and JSON objects
 * joined by ", ") back into actions, at commas outside braces and brackets.
 */
export function splitActions(list: string): unknown[] {
  const out: unknown[] = [];
  let depth = 0;
  let start = 0;
  const push = (end: number) => {
    const token = list.slice(start, end).trim();
    if (!token) return;
    try {
      out.push(token.startsWith('{') || token.startsWith('[') ? JSON.parse(token) : token);
    } catch {
      out.push(token);
    }
  };
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      push(i);
      start = i + 1;
    }
  }
  push(list.length);
  return out;
}

/** The message (and its parts) with action JSON replaced by step labels in `locale`. */
export function readableMessage(message: FeedbackMessage, lab: Lab, switches: Readonly<Record<string, string>>, locale: Locale): FeedbackMessage {
  const params = { ...message.params };
  if (message.key === 'feedback.refusal' && typeof params.action === 'string') {
    let action: unknown = params.action;
    try {
      action = JSON.parse(params.action);
    } catch { /* a bare token */ }
    params.action = actionText(lab, action, switches, locale);
  }
  if (message.key.startsWith('feedback.search_breaks') && typeof params.actions === 'string') {
    params.actions = splitActions(params.actions).map((a) => actionText(lab, a, switches, locale)).join(' → ');
  }
  const parts = message.parts && Object.fromEntries(Object.entries(message.parts).map(([name, part]) => [name,
    Array.isArray(part) ? (part as readonly FeedbackMessage[]).map((p) => readableMessage(p, lab, switches, locale)) : readableMessage(part as FeedbackMessage, lab, switches, locale)]));
  return { ...message, ...(message.params ? { params } : {}), ...(parts ? { parts } : {}) };
}
