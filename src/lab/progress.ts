/**
 * Saved progress: which lab is open and each lab's place (steps, cursor, switches), written
 * to browser storage after every action. Corrupt or unreadable progress is never silently
 * dropped: it is moved aside under its own key (kept for export) and reported, and the app
 * starts clean.
 */
import { z } from 'zod';
import { exerciseRecordSchema, type ExerciseRecord } from './exercises/records';
import type { SessionState } from './session';

export const PROGRESS_KEY = 'durable-lab:progress';
export const CORRUPT_PREFIX = 'durable-lab:progress:corrupt:';

/** The part of the Web Storage API progress needs (so tests can pass a fake). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

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
  student: z.object({ name: z.string().max(200), id: z.string().max(200) }).default({ name: '', id: '' }),
  /** The exercise whose reproduce attempt is being recorded in the lab view, if any. */
  activeExercise: z.object({ lab: z.string(), exercise: z.string(), baseCursor: z.number().int().min(0) }).nullable().default(null),
});

export type Progress = z.infer<typeof progressSchema>;

export const emptyProgress = (): Progress => ({ version: 1, currentLab: null, labs: {}, exercises: {}, student: { name: '', id: '' }, activeExercise: null });

export interface LoadedProgress {
  progress: Progress;
  /** Set when saved progress could not be read; says where it was moved. */
  problem: string | null;
}

export function loadProgress(storage: KeyValueStorage): LoadedProgress {
  let raw: string | null;
  try {
    raw = storage.getItem(PROGRESS_KEY);
  } catch (error) {
    return { progress: emptyProgress(), problem: `Browser storage cannot be read (${describe(error)}); progress will not be saved.` };
  }
  if (raw === null) return { progress: emptyProgress(), problem: null };
  let why: string;
  try {
    const parsed = progressSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return { progress: parsed.data, problem: null };
    const issue = parsed.error.issues[0]!;
    why = `${issue.path.join('.') || '(root)'}: ${issue.message}`;
  } catch (error) {
    why = `not valid JSON: ${describe(error)}`;
  }
  const aside = setAside(storage, raw);
  return {
    progress: emptyProgress(),
    problem: `Saved progress could not be read (${why}). It was kept under "${aside}" and the lab started fresh.`,
  };
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

function setAside(storage: KeyValueStorage, raw: string): string {
  for (let i = 1; i < 1000; i++) {
    const key = `${CORRUPT_PREFIX}${i}`;
    if (storage.getItem(key) === null) {
      storage.setItem(key, raw);
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

/** Forgets one lab's place and exercise records (the progress page's reset). */
export function withoutLab(progress: Progress, labId: string): Progress {
  const labs = { ...progress.labs };
  const exercises = { ...progress.exercises };
  delete labs[labId];
  delete exercises[labId];
  return { ...progress, labs, exercises, activeExercise: progress.activeExercise?.lab === labId ? null : progress.activeExercise };
}

/** Keys under which unreadable progress was set aside, oldest first. */
export function setAsideKeys(storage: KeyValueStorage): string[] {
  const keys: string[] = [];
  for (let i = 1; i < 1000 && storage.getItem(`${CORRUPT_PREFIX}${i}`) !== null; i++) keys.push(`${CORRUPT_PREFIX}${i}`);
  return keys;
}
