/**
 * Model-side memory (`ctx.memo`) as a checkpoint keeps it. A memo is data the model keeps
 * outside its databases, so undo and fork must copy it: each by the `MemoCopy` it gave
 * (a model whose memo is large and changes little: PROJ-4's fold, L10's work items), the
 * rest structuredClone'd together.
 */
import type { MemoCopy } from '../model';

/** A memo in a checkpoint, saved by its own MemoCopy, which also reads it back. */
class KeptMemo {
  constructor(readonly copy: MemoCopy<object>, readonly data: unknown) {}
}

/** The memos as a checkpoint keeps them: each by its own copy when it gave one, the rest cloned together. */
export function saveMemos(memos: ReadonlyMap<string, object>, copies: ReadonlyMap<string, MemoCopy<object>>): Record<string, object> {
  const kept: Record<string, object> = {};
  const plain: Record<string, object> = {};
  for (const [key, value] of memos) {
    const copy = copies.get(key);
    if (copy) kept[key] = new KeptMemo(copy, copy.save(value));
    else plain[key] = value;
  }
  return Object.assign(kept, structuredClone(plain));
}

/**
 * Puts a checkpoint's memos into `memos` (copied again: a checkpoint can be restored
 * twice). A memo kept by its copy teaches `copies` that copy, for a World that never ran
 * the memo's `ctx.memo` call (a fork's child).
 */
export function loadMemos(saved: Record<string, object> | null, memos: Map<string, object>, copies: Map<string, MemoCopy<object>>): void {
  for (const [key, value] of Object.entries(saved ?? {})) {
    if (value instanceof KeptMemo) {
      copies.set(key, value.copy);
      memos.set(key, value.copy.load(value.data));
    } else memos.set(key, structuredClone(value));
  }
}

/** The memos as text, keys sorted at every level (tests compare Worlds by it). */
export function memoText(memos: ReadonlyMap<string, object>): string {
  const sorted = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map(sorted);
    if (value instanceof Set) return [...value].map(sorted);
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sorted((value as Record<string, unknown>)[k])]));
  };
  return JSON.stringify(sorted(Object.fromEntries(memos)));
}
