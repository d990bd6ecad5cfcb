/**
 * Refusals given as TEXT, read back into keys of the `refusals` namespace. The World's and
 * the models' preconditions return messages (`refusals.*`), which readers render directly;
 * what is still text is L06's executor-only refusals (parse errors,
 * src/sim/models/matrix/vocabulary.ts) and refusals quoted in feedback saved before the
 * move (old progress and submissions). For those this matches the English template itself
 * — the template is the pattern, one text per refusal, not a copy — and renders it in the
 * locale. A refusal it does not know stays as it was (English), never blank.
 * refusals.test.ts drives a real World to each refusal.
 */
import type { Message } from '../../core/message';
import { en } from '../messages/en';
import { fillTemplate } from '../messages/format';
import { lookupOf, type Words } from './modelStrings';

/** Parameters that may hold spaces (`A – B`); every other one is one word (a node, a number, a point). */
const SPACED = new Set(['nodes']);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const PATTERNS: { key: string; pattern: RegExp }[] = Object.entries(en)
  .filter(([key]) => key.startsWith('refusals.'))
  .map(([key, template]) => {
    const source = template.split(/(\{\{\s*\w+\s*\}\})/).map((part) => {
      const param = /^\{\{\s*(\w+)\s*\}\}$/.exec(part)?.[1];
      return param ? `(?<${param}>${SPACED.has(param) ? '.+' : '\\S+'})` : escape(part);
    }).join('');
    return { key, pattern: new RegExp(`^${source}$`) };
  });

/** The refusal as a message key with its parameters, or null when it is not one of the common ones. */
export function refusalMessage(text: string): Message | null {
  for (const { key, pattern } of PATTERNS) {
    const match = pattern.exec(text);
    if (match) return match.groups ? { key, params: { ...match.groups } } : { key };
  }
  return null;
}

/** A refusal in `words` (a locale or a key → template lookup): translated when it is a known one, else as given. */
export function refusalText(text: string, words: Words): string {
  const message = refusalMessage(text);
  const template = message ? lookupOf(words)(message.key) : undefined;
  return message && template !== undefined ? fillTemplate(message.key, template, message.params) : text;
}
