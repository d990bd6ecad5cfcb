/**
 * Reading JSON that came from outside (a lab file, a card, a submission, saved progress, a
 * link): every reader goes through `readJson`, so they all treat the same text the same way.
 * - A leading byte-order mark is dropped (editors on some systems write one).
 * - Nesting deeper than MAX_JSON_DEPTH is refused before any recursive code sees it: schema
 *   checks, deep matching and canonical JSON recurse, and 5,000 levels overflow their stack
 *   (the shipped files nest at most 10 levels).
 * - Keys that name an object's prototype machinery (`__proto__`, `constructor`, `prototype`)
 *   are refused: a schema would drop them silently, so a card's `expect` could lose a
 *   condition and pass.
 * The walk is iterative, so the check itself cannot overflow.
 */
export const MAX_JSON_DEPTH = 64;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export type JsonRead =
  | { ok: true; value: unknown }
  | { ok: false; code: 'not_json'; detail: string }
  | { ok: false; code: 'too_deep'; depth: number }
  | { ok: false; code: 'forbidden_key'; key: string; path: string };

/** Parses `text` as JSON and checks its shape (see above); never throws. */
export function readJson(text: string): JsonRead {
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    return { ok: false, code: 'not_json', detail: error instanceof Error ? error.message : String(error) };
  }
  const problem = checkShape(value);
  return problem ?? { ok: true, value };
}

/** The shape check alone, for values parsed elsewhere (a structured clone, a decoded link). */
export function checkShape(value: unknown): Exclude<JsonRead, { ok: true }> | null {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 0, path: '' }];
  while (stack.length > 0) {
    const { value: v, depth, path } = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= MAX_JSON_DEPTH) return { ok: false, code: 'too_deep', depth: MAX_JSON_DEPTH };
    if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ value: item, depth: depth + 1, path: `${path}[${i}]` }));
      continue;
    }
    for (const key of Object.keys(v)) {
      if (FORBIDDEN_KEYS.has(key)) return { ok: false, code: 'forbidden_key', key, path: path || '(root)' };
      stack.push({ value: (v as Record<string, unknown>)[key], depth: depth + 1, path: path ? `${path}.${key}` : key });
    }
  }
  return null;
}

/** A refused read in English (the CLI's words; the page words the same facts through `problems.*`). */
export function jsonReadText(read: Exclude<JsonRead, { ok: true }>): string {
  switch (read.code) {
    case 'not_json': return `not valid JSON: ${read.detail}`;
    case 'too_deep': return `nested more than ${read.depth} levels deep`;
    case 'forbidden_key': return `the key "${read.key}" is not allowed (at ${read.path})`;
  }
}
