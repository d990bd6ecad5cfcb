/**
 * Progress shared by every tab of the lab. Each tab keeps its progress in memory and writes
 * it to one storage key; a tab that wrote its older copy over a newer one used to erase what
 * another tab had done (its answers, its steps). So a write is a merge, never a replace:
 * - the tab remembers the progress it last read or wrote (`synced`);
 * - what it changed since then (a lab's place, a draft, its name) wins; everything it did
 *   not change is taken from what storage holds now (another tab's newer work);
 * - attempts are append-only: both sides' attempts are kept, each once, in time order — an
 *   attempt is never lost to a merge, whoever wrote last. Only this tab's own removal of a
 *   lab's or an exercise's records (a reset it chose) removes them.
 * A 'storage' event (another tab wrote) merges the same way into the tab's memory.
 *
 * Why not a lock (Web Locks) around each write: writes happen inside a step or an answer,
 * synchronously, and the read-merge-write runs in one task; two tabs would need to write in
 * the same few milliseconds for one lab's place to be decided by the later writer — and even
 * then no attempt is lost, since attempts are merged, not replaced.
 */
import { readJson } from './jsonInput';
import { loadProgress, progressSchema, salvageProgress, saveProgress, PROGRESS_KEY, type KeyValueStorage, type LoadedProgress, type Progress } from './progress';

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** This tab's value where it changed it since `synced`, else storage's. */
function pick<T>(synced: T, mine: T, stored: T): T {
  return same(mine, synced) ? stored : mine;
}

/** Both lists' items, each once (by content), in time order where items carry `at`. */
function union(stored: readonly unknown[], mine: readonly unknown[]): unknown[] {
  const seen = new Set(stored.map((item) => JSON.stringify(item)));
  const out = [...stored, ...mine.filter((item) => !seen.has(JSON.stringify(item)))];
  const at = (item: unknown) => (item && typeof item === 'object' && typeof (item as { at?: unknown }).at === 'string' ? (item as { at: string }).at : '');
  return out.map((item, i) => ({ item, i })).sort((a, b) => (at(a.item) < at(b.item) ? -1 : at(a.item) > at(b.item) ? 1 : a.i - b.i)).map((x) => x.item);
}

/** An exercise record: lists (attempts, and any other log) are unions; other fields three-way. */
function mergeRecord(synced: Record<string, unknown> | undefined, mine: Record<string, unknown> | undefined, stored: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!mine) return stored;
  if (!stored) return mine;
  const out: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(stored), ...Object.keys(mine)])) {
    const value = Array.isArray(mine[key]) && Array.isArray(stored[key])
      ? union(stored[key] as unknown[], mine[key] as unknown[])
      : pick(synced?.[key], mine[key], stored[key]);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** Per key of a map: this tab's entry where it changed it (a removal included), else storage's. */
function mergeMap<T>(synced: Record<string, T>, mine: Record<string, T>, stored: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const key of new Set([...Object.keys(stored), ...Object.keys(mine), ...Object.keys(synced)])) {
    const value = pick(synced[key], mine[key], stored[key]);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** `mine` merged over `stored`, given the `synced` copy both started from. */
export function mergeProgress(synced: Progress, mine: Progress, stored: Progress): Progress {
  const exercises: Progress['exercises'] = {};
  for (const lab of new Set([...Object.keys(stored.exercises), ...Object.keys(mine.exercises)])) {
    // A lab's records this tab removed on purpose (the progress page's reset) stay removed.
    if (synced.exercises[lab] !== undefined && mine.exercises[lab] === undefined) continue;
    const records: Record<string, unknown> = {};
    const [s, m, b] = [stored.exercises[lab] ?? {}, mine.exercises[lab] ?? {}, synced.exercises[lab] ?? {}];
    for (const id of new Set([...Object.keys(s), ...Object.keys(m)])) {
      if (b[id] !== undefined && m[id] === undefined) continue;
      const record = mergeRecord(b[id] as never, m[id] as never, s[id] as never);
      if (record) records[id] = record;
    }
    exercises[lab] = records as Progress['exercises'][string];
  }
  const merged: Progress = {
    ...stored,
    version: 1,
    currentLab: pick(synced.currentLab, mine.currentLab, stored.currentLab),
    labs: mergeMap(synced.labs, mine.labs, stored.labs),
    kept: mergeMap(synced.kept, mine.kept, stored.kept),
    exercises,
    student: pick(synced.student, mine.student, stored.student),
    activeExercise: pick(synced.activeExercise, mine.activeExercise, stored.activeExercise),
  };
  const locale = pick(synced.locale, mine.locale, stored.locale);
  if (locale) merged.locale = locale;
  else delete merged.locale;
  // Anything else a newer version keeps at the top level: this tab's where it changed it.
  for (const key of Object.keys(mine) as (keyof Progress)[]) if (!(key in merged)) (merged as Record<string, unknown>)[key] = mine[key];
  return merged;
}

/** One tab's link to the shared progress. */
export class ProgressSync {
  private synced: Progress;

  constructor(private readonly storage: KeyValueStorage, start: Progress) {
    this.synced = start;
  }

  /** Start-up: reads (and salvages) saved progress; it becomes the synced copy. */
  static load(storage: KeyValueStorage): { sync: ProgressSync; loaded: LoadedProgress } {
    const loaded = loadProgress(storage);
    return { sync: new ProgressSync(storage, loaded.progress), loaded };
  }

  /** What storage holds now, or null when it cannot be read (then this tab's copy is written). */
  private stored(): Progress | null {
    let raw: string | null;
    try {
      raw = this.storage.getItem(PROGRESS_KEY);
    } catch {
      return null;
    }
    if (raw === null) return null;
    const read = readJson(raw);
    if (!read.ok) return null;
    const parsed = progressSchema.safeParse(read.value);
    // Another tab's copy with a part this version cannot read: merge over what can be read.
    return parsed.success ? parsed.data : salvageProgress(read.value).progress;
  }

  /** Writes `mine` merged over what storage holds; returns what was written (show it) and any problem. */
  save(mine: Progress): { progress: Progress; problem: string | null } {
    const stored = this.stored();
    const merged = stored ? mergeProgress(this.synced, mine, stored) : mine;
    const problem = saveProgress(this.storage, merged);
    if (!problem) this.synced = merged;
    return { progress: merged, problem };
  }

  /** Another tab wrote: its work merged into this tab's `mine` (nothing written). */
  refresh(mine: Progress): Progress {
    const stored = this.stored();
    if (!stored) return mine;
    const merged = mergeProgress(this.synced, mine, stored);
    this.synced = stored;
    return merged;
  }
}
