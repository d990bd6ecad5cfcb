/**
 * Saved progress: which lab is open and each lab's place (steps, cursor, switches), written
 * to browser storage after every action. Progress that cannot be read is salvaged piece by
 * piece (per lab, per exercise, per attempt, the student's name and ID); only the pieces that
 * fail validation are set aside — ONCE, under one key, however often the page reloads — and
 * the salvaged progress is written back, so the student loses as little as possible.
 */
import { jsonReadText, readJson } from './jsonInput';
import { z } from 'zod';
import { attemptSchema, exerciseRecordSchema, LIMITS, studentSchema, withEvent, type Attempt, type ExerciseEvent, type ExerciseRecord } from './exercises/records';
import { LOCALES } from './i18n/locales';
import type { Lab } from './schema';
import type { SessionState } from './session';

export const PROGRESS_KEY = 'durable-lab:progress';
export const CORRUPT_PREFIX = 'durable-lab:progress:corrupt:';

/** The part of the Web Storage API progress needs (so tests can pass a fake). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem?(key: string): void;
}

const activeExerciseSchema = z.object({ lab: z.string(), exercise: z.string(), baseCursor: z.number().int().min(0) });

const sessionStateSchema = z.object({
  steps: z.array(z.unknown()),
  cursor: z.number().int().min(0),
  switches: z.record(z.string(), z.string()),
  initial: z.record(z.string(), z.unknown()).optional(),
  scenario: z.string().optional(),
});

export const progressSchema = z.object({
  version: z.literal(1),
  currentLab: z.string().nullable(),
  labs: z.record(z.string(), sessionStateSchema),
  /** Per lab, per exercise: attempts and drafts. */
  exercises: z.record(z.string(), z.record(z.string(), exerciseRecordSchema)).default({}),
  student: studentSchema.default({ name: '', id: '' }),
  /** The exercise whose reproduce attempt is being recorded in the lab view, if any. */
  activeExercise: activeExerciseSchema.nullable().default(null),
  /**
   * Per lab, the student's own steps kept when an exercise or a deep link replaced them, so
   * they can go back to them (nothing a student built vanishes without a way back).
   */
  kept: z.record(z.string(), sessionStateSchema).default({}),
  /**
   * The language the student works in (a shipped locale). Absent in progress saved before
   * the lab had languages, and until the page first records it.
   */
  locale: z.enum(LOCALES).optional(),
});

export type Progress = z.infer<typeof progressSchema>;

export const emptyProgress = (): Progress => ({ version: 1, currentLab: null, labs: {}, exercises: {}, student: { name: '', id: '' }, activeExercise: null, kept: {} });

export interface LoadedProgress {
  progress: Progress;
  /** Set when saved progress could not be read in full: what was lost and where it was kept. */
  problem: string | null;
  /** The storage key holding the unreadable part, when there is one (for download). */
  aside?: string | null;
  /**
   * The unreadable text itself when storage could not keep a copy (full): the page offers
   * it for download, since the next save will write over it.
   */
  unsaved?: string;
}

/** One piece of saved progress that failed validation, with where it was and why. */
export interface DroppedPart {
  path: string;
  reason: string;
  value: unknown;
}

export function loadProgress(storage: KeyValueStorage): LoadedProgress {
  let raw: string | null;
  try {
    raw = storage.getItem(PROGRESS_KEY);
  } catch (error) {
    return { progress: emptyProgress(), problem: `Browser storage cannot be read (${describe(error)}); progress will not be saved.` };
  }
  if (raw === null) return { progress: emptyProgress(), problem: null };
  const read = readJson(raw);
  if (!read.ok) {
    const aside = moveAside(storage, raw);
    if (aside === null) {
      return { progress: emptyProgress(), aside: null, unsaved: raw, problem: `Saved progress could not be read (${jsonReadText(read)}), and storage is too full to keep a copy: download it from the Progress page before you go on.` };
    }
    saveProgress(storage, emptyProgress());
    return { progress: emptyProgress(), aside, problem: `Saved progress could not be read (${jsonReadText(read)}). It was kept under "${aside}" and the lab started fresh.` };
  }
  const json = read.value;
  const parsed = progressSchema.safeParse(json);
  if (parsed.success) return { progress: parsed.data, problem: null };
  const { progress, dropped } = salvageProgress(json);
  const unreadable = JSON.stringify({ note: 'Parts of saved progress that could not be read; everything else was kept.', dropped });
  const aside = moveAside(storage, unreadable, progress);
  if (aside === null) {
    return { progress, aside: null, unsaved: unreadable, problem: `Saved progress had ${dropped.length} part(s) that could not be read (${dropped[0]!.path}: ${dropped[0]!.reason}), and storage is too full to keep them: download them from the Progress page.` };
  }
  // Written back at once, so a reload reads the salvaged progress and sets nothing aside again.
  saveProgress(storage, progress);
  const first = dropped[0]!;
  return {
    progress, aside,
    problem: `Saved progress had ${dropped.length} part(s) that could not be read (${first.path}: ${first.reason}). Everything else was kept; the unreadable part is under "${aside}".`,
  };
}

/** Keeps whatever validates, piece by piece; everything else is listed as dropped. */
export function salvageProgress(json: unknown): { progress: Progress; dropped: DroppedPart[] } {
  const dropped: DroppedPart[] = [];
  const progress = emptyProgress();
  const drop = (path: string, value: unknown, error?: z.ZodError) => {
    const issue = error?.issues[0];
    dropped.push({ path: issue && issue.path.length > 0 ? `${path}.${issue.path.join('.')}` : path, reason: issue?.message ?? 'not readable', value });
  };
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    drop('(root)', json);
    return { progress, dropped };
  }
  const root = json as Record<string, unknown>;
  if (root.version !== 1) drop('version', root.version);
  if (typeof root.currentLab === 'string') progress.currentLab = root.currentLab;
  else if (root.currentLab !== null && root.currentLab !== undefined) drop('currentLab', root.currentLab);
  const student = asRecord(root.student);
  for (const field of ['name', 'id'] as const) {
    const value = student?.[field];
    if (value === undefined) continue;
    const ok = studentSchema.shape[field].safeParse(value);
    if (ok.success) progress.student[field] = ok.data;
    else drop(`student.${field}`, value, ok.error);
  }
  for (const [key, target] of [['labs', progress.labs], ['kept', progress.kept]] as const) {
    for (const [labId, state] of Object.entries(asRecord(root[key]) ?? {})) {
      const ok = sessionStateSchema.safeParse(state);
      if (ok.success) target[labId] = ok.data;
      else drop(`${key}.${labId}`, state, ok.error);
    }
  }
  for (const [labId, records] of Object.entries(asRecord(root.exercises) ?? {})) {
    for (const [exerciseId, value] of Object.entries(asRecord(records) ?? {})) {
      const record = salvageRecord(`exercises.${labId}.${exerciseId}`, value, drop);
      if (record) progress.exercises[labId] = { ...progress.exercises[labId], [exerciseId]: record };
    }
  }
  if (root.locale !== undefined) {
    const ok = progressSchema.shape.locale.safeParse(root.locale);
    if (ok.success && ok.data) progress.locale = ok.data;
    else drop('locale', root.locale, ok.error);
  }
  if (root.activeExercise !== undefined && root.activeExercise !== null) {
    const ok = activeExerciseSchema.safeParse(root.activeExercise);
    if (ok.success) progress.activeExercise = ok.data;
    else drop('activeExercise', root.activeExercise, ok.error);
  }
  if (dropped.length === 0) drop('(root)', json); // nothing specific failed, yet the whole did not parse
  return { progress, dropped };
}

function salvageRecord(path: string, value: unknown, drop: (path: string, value: unknown, error?: z.ZodError) => void): ExerciseRecord | null {
  const whole = exerciseRecordSchema.safeParse(value);
  if (whole.success) return whole.data;
  const record = asRecord(value);
  if (!record) {
    drop(path, value);
    return null;
  }
  const attempts: Attempt[] = [];
  (Array.isArray(record.attempts) ? record.attempts : []).forEach((attempt, i) => {
    const ok = attemptSchema.safeParse(attempt);
    if (!ok.success) drop(`${path}.attempts.${i}`, attempt, ok.error);
    else if (attempts.length >= LIMITS.attempts) drop(`${path}.attempts.${i}`, attempt);
    else attempts.push(ok.data);
  });
  if (record.attempts !== undefined && !Array.isArray(record.attempts)) drop(`${path}.attempts`, record.attempts);
  const draft = exerciseRecordSchema.shape.draft.safeParse(record.draft);
  if (!draft.success) drop(`${path}.draft`, record.draft, draft.error);
  const events = exerciseRecordSchema.shape.events.safeParse(record.events);
  if (!events.success) drop(`${path}.events`, record.events, events.error);
  return { attempts, ...(draft.success && draft.data !== undefined ? { draft: draft.data } : {}), ...(events.success && events.data ? { events: events.data } : {}) };
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** Writes progress; returns an error message instead of throwing (e.g. storage full). */
export function saveProgress(storage: KeyValueStorage, progress: Progress): string | null {
  try {
    storage.setItem(PROGRESS_KEY, JSON.stringify(progress));
    return null;
  } catch (error) {
    return `Progress could not be saved: ${describe(error)}`;
  }
}

export function withLab(progress: Progress, labId: string, state: SessionState): Progress {
  return { ...progress, currentLab: labId, labs: { ...progress.labs, [labId]: state } };
}

/**
 * Sets unreadable text aside, never throwing. When storage is too full for a second copy,
 * the progress key is first made small (emptied, or the salvaged progress written) so the
 * copy fits; null when even that fails (the caller offers the text for download instead).
 */
function moveAside(storage: KeyValueStorage, text: string, keep: Progress = emptyProgress()): string | null {
  try {
    return setAsideOnce(storage, text);
  } catch {
    try {
      saveProgress(storage, keep);
      return setAsideOnce(storage, text);
    } catch {
      return null;
    }
  }
}

/**
 * Keeps a lab's saved place that could not be replayed in full, once (an identical copy is
 * not kept twice), where the Progress page offers it for download. Null if storage refused.
 */
export function setAsidePlace(storage: KeyValueStorage, labId: string, place: SessionState): string | null {
  try {
    return setAsideOnce(storage, JSON.stringify({ note: `The saved place in ${labId} that could not be replayed in full.`, lab: labId, place }));
  } catch {
    return null;
  }
}

/** Sets text aside under a corrupt key — unless an identical copy is already kept. */
function setAsideOnce(storage: KeyValueStorage, text: string): string {
  for (let i = 1; i < 1000; i++) {
    const key = `${CORRUPT_PREFIX}${i}`;
    const existing = storage.getItem(key);
    if (existing === text) return key;
    if (existing === null) {
      storage.setItem(key, text);
      return key;
    }
  }
  throw new Error('too many corrupt progress copies set aside');
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function withExercise(progress: Progress, labId: string, exerciseId: string, record: ExerciseRecord): Progress {
  return { ...progress, exercises: { ...progress.exercises, [labId]: { ...progress.exercises[labId], [exerciseId]: record } } };
}

/**
 * The progress page's reset: forgets one lab's place and kept steps, and its explain drafts.
 * Exercise attempts are append-only and stay (a reset must not erase a first prediction);
 * each exercise record of the lab gets a `reset` event, which the grader reports.
 */
export function withoutLab(progress: Progress, labId: string, at = new Date().toISOString()): Progress {
  const labs = { ...progress.labs };
  const exercises = { ...progress.exercises };
  delete labs[labId];
  const records = exercises[labId];
  if (records) {
    exercises[labId] = Object.fromEntries(Object.entries(records).flatMap(([id, record]) => {
      if (record.attempts.length === 0 && !record.events?.length) return [];
      const { draft: _draft, ...kept } = record;
      return [[id, withEvent(kept, { type: 'reset', at })]];
    }));
  }
  const kept = { ...progress.kept };
  delete kept[labId];
  return { ...progress, labs, exercises, kept, activeExercise: progress.activeExercise?.lab === labId ? null : progress.activeExercise };
}

/** Records an event on one exercise (creating its record), e.g. the spoilers shown or a Search run. */
export function withExerciseEvent(progress: Progress, labId: string, exerciseId: string, event: ExerciseEvent): Progress {
  return withExercise(progress, labId, exerciseId, withEvent(progress.exercises[labId]?.[exerciseId] ?? { attempts: [] }, event));
}

/** Keys under which unreadable progress was set aside, oldest first. */
export function setAsideKeys(storage: KeyValueStorage): string[] {
  const keys: string[] = [];
  for (let i = 1; i < 1000 && storage.getItem(`${CORRUPT_PREFIX}${i}`) !== null; i++) keys.push(`${CORRUPT_PREFIX}${i}`);
  return keys;
}

/**
 * Before an exercise or a deep link replaces the steps of a lab: keeps them under `kept` when
 * they are the student's own work (some steps, not an opened scenario, not the run an
 * exercise itself loads), so the page can offer the way back. Otherwise progress is unchanged
 * (an earlier kept sandbox is never overwritten by an exercise's run).
 */
export function withKept(progress: Progress, lab: Lab, state: SessionState | undefined): Progress {
  if (!state || state.steps.length === 0 || state.scenario || isExerciseRun(lab, state.steps)) return progress;
  return { ...progress, kept: { ...progress.kept, [lab.id]: state } };
}

/** Takes the kept steps back out (the caller opens them). */
export function withoutKept(progress: Progress, labId: string): Progress {
  const kept = { ...progress.kept };
  delete kept[labId];
  return { ...progress, kept };
}

function isExerciseRun(lab: Lab, steps: unknown[]): boolean {
  const same = (a: unknown[]) => JSON.stringify(a) === JSON.stringify(steps);
  return lab.exercises.some((e) => (e.kind === 'predict' && same([...e.start.actions, e.step])) || (e.kind === 'repair' && same(e.actions)));
}
