/**
 * Lab-file problems as stable codes with parameters (`problems.*` keys, namespace
 * `problems` in src/lab/messages/<locale>/problems.json), so the error card and "Check a lab
 * file" show them in the student's language. Each problem keeps its English `message`,
 * rendered from the English catalog, which is what the CLI prints.
 *
 * Zod issues get a code per issue shape. Their English must stay zod's own words (the CLI
 * printed those before codes existed), so an issue whose English rendering is not exactly
 * zod's message — a shape this file does not know, a schema's custom message not listed
 * here, another zod version — keeps zod's text under `problems.as_said` rather than being
 * reworded. No engine import: the translation check (src/lab/i18n/labStrings.ts) uses it too.
 */
import type { JsonRead } from './jsonInput';
import type { z } from 'zod';
import type { Message, MessageParams } from '../core/message';
import { formatMessage } from './i18n/catalogRegistry';
import type EN_PROBLEMS from './messages/en/problems.json';
import type { LabProblem } from './schema';

export type ProblemCode = keyof typeof EN_PROBLEMS;

/** A problem at `file`/`field`: its code, its parameters and its English words. */
export function labProblem(file: string, field: string, code: ProblemCode, params: MessageParams = {}): LabProblem {
  return { file, field, code, params, message: formatMessage({ key: code, params }) };
}

/** Why a file's text was refused before its schema was checked (src/lab/jsonInput.ts). */
export function jsonProblem(file: string, read: Exclude<JsonRead, { ok: true }>): LabProblem {
  switch (read.code) {
    case 'not_json': return labProblem(file, '(whole file)', 'problems.not_json', { detail: read.detail });
    case 'too_deep': return labProblem(file, '(whole file)', 'problems.too_deep', { depth: read.depth });
    case 'forbidden_key': return labProblem(file, read.path, 'problems.forbidden_key', { key: read.key, path: read.path });
  }
}

/** A text another part wrote (a model's check, a schema message): shown as it comes. */
export function saidProblem(file: string, field: string, detail: string | Message): LabProblem {
  return labProblem(file, field, 'problems.as_said', { detail });
}

/** Formats a zod issue path as `scenarios[0].actions[2]`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    out += typeof part === 'number' ? `[${part}]` : out ? `.${String(part)}` : String(part);
  }
  return out || '(whole file)';
}

/**
 * Zod issues as problems. `input` is the parsed JSON the schema saw: an `invalid_type`
 * issue names what it received, which zod 4 keeps out of the issue.
 */
export function zodProblems(file: string, error: z.ZodError, input?: unknown, field: (path: readonly PropertyKey[]) => string = fieldPath): LabProblem[] {
  return error.issues.map((issue) => {
    const at = field(issue.path);
    const coded = issueCode(issue, input === undefined ? undefined : { value: valueAt(input, issue.path) });
    if (coded) {
      const problem = labProblem(file, at, coded[0], coded[1]);
      if (problem.message === issue.message) return problem;
    }
    return saidProblem(file, at, issue.message);
  });
}

/** The schemas' own messages (lab schema, exercise schema), by their English. */
const CUSTOM: Readonly<Record<string, ProblemCode>> = {
  'a lab ID looks like L07': 'problems.schema.lab_id',
  'use lowercase letters, digits and dashes': 'problems.schema.slug',
  'an action is required': 'problems.schema.action_required',
};

/** zod 4's words for a JSON value's type (its `parsedType`, for what JSON can hold). */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
  return typeof value;
}

const quoted = (value: unknown) => (typeof value === 'string' ? `"${value}"` : String(value));

function issueCode(issue: z.core.$ZodIssue, received: { value: unknown } | undefined): [ProblemCode, MessageParams] | null {
  const custom = CUSTOM[issue.message];
  if (custom) return [custom, {}];
  switch (issue.code) {
    case 'invalid_type':
      return received ? ['problems.schema.invalid_type', { expected: String(issue.expected), received: jsonType(received.value) }] : null;
    case 'invalid_value':
      return issue.values.length === 1
        ? ['problems.schema.invalid_value', { value: quoted(issue.values[0]) }]
        : ['problems.schema.invalid_option', { values: issue.values.map(quoted).join('|') }];
    case 'too_small':
    case 'too_big': {
      const small = issue.code === 'too_small';
      const bound = `${issue.exact ? 'exactly ' : issue.inclusive ? (small ? '>=' : '<=') : small ? '>' : '<'}${String(small ? issue.minimum : issue.maximum)}`;
      const origin = String(issue.origin);
      const sized = origin === 'string' || origin === 'array' ? `_${origin}` : '';
      return [`problems.schema.${issue.code}${sized}` as ProblemCode, sized ? { bound } : { origin, bound }];
    }
    case 'invalid_format':
      return issue.format === 'regex' && 'pattern' in issue ? ['problems.schema.pattern', { pattern: String(issue.pattern) }] : null;
    case 'unrecognized_keys':
      return [issue.keys.length > 1 ? 'problems.schema.unrecognized_keys' : 'problems.schema.unrecognized_key', { keys: issue.keys.map(quoted).join(', ') }];
    case 'invalid_union': {
      const options = (issue as { options?: unknown }).options;
      if (Array.isArray(options) && options.length > 0) return ['problems.schema.discriminator', { options: options.map((o) => `'${String(o)}'`).join(' | ') }];
      return ['problems.schema.invalid_input', {}];
    }
    default:
      return null;
  }
}

/** The value at a zod issue's path in the raw JSON (undefined where it is missing). */
function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let at: unknown = root;
  for (const part of path) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<PropertyKey, unknown>)[part];
  }
  return at;
}
