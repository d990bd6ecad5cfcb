/**
 * Two tabs, one saved progress: a tab writing its older copy never erases another tab's
 * answers or steps (the merge), and a tab hears the other's writes (refresh).
 */
import { describe, expect, it } from 'vitest';
import { emptyProgress, loadProgress, PROGRESS_KEY, type KeyValueStorage, type Progress } from './progress';
import { mergeProgress, ProgressSync } from './progressSync';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => { data.set(k, v); } };
}

const attempt = (at: string, pick: number, pass: boolean) => ({ at, input: { kind: 'predict', pick }, verdict: { pass, feedback: 'x' } });
const place = (steps: unknown[]) => ({ steps, cursor: steps.length, switches: {} });

describe('progress shared by two tabs', () => {
  it('keeps tab 1\'s answer and steps when tab 2 writes its older copy', () => {
    const storage = memoryStorage();
    const tab1 = ProgressSync.load(storage);
    const tab2 = ProgressSync.load(storage);
    // Tab 1 takes two steps in L07 and answers an exercise there.
    let one: Progress = { ...tab1.loaded.progress, currentLab: 'L07', labs: { L07: place(['A_acquire', 'A_write']) } };
    one = { ...one, exercises: { L07: { 'late-write': { attempts: [attempt('2026-01-01T10:00:00Z', 0, false)] } } } as never };
    tab1.sync.save(one);
    // Tab 2, opened before, takes a step in L01 and saves.
    const two: Progress = { ...tab2.loaded.progress, currentLab: 'L01', labs: { L01: place(['approve']) } };
    const written = tab2.sync.save(two).progress;
    const saved = loadProgress(storage).progress;
    for (const p of [written, saved]) {
      expect(p.labs.L07?.steps).toEqual(['A_acquire', 'A_write']);
      expect(p.labs.L01?.steps).toEqual(['approve']);
      expect(p.exercises.L07?.['late-write']?.attempts).toHaveLength(1);
      expect(p.currentLab).toBe('L01');
    }
  });

  it('keeps every attempt of both tabs, each once, in time order', () => {
    const base = emptyProgress();
    const first = attempt('2026-01-01T10:00:00Z', 0, false);
    const mine = { ...base, exercises: { L07: { x: { attempts: [first, attempt('2026-01-01T10:05:00Z', 1, true)] } } } } as never as Progress;
    const stored = { ...base, exercises: { L07: { x: { attempts: [first, attempt('2026-01-01T10:02:00Z', 2, false)] } } } } as never as Progress;
    const merged = mergeProgress(base, mine, stored);
    expect(merged.exercises.L07!.x!.attempts.map((a) => a.at)).toEqual(['2026-01-01T10:00:00Z', '2026-01-01T10:02:00Z', '2026-01-01T10:05:00Z']);
  });

  it('a reset this tab chose stays a reset; another tab\'s lab it did not touch stays', () => {
    const synced = { ...emptyProgress(), labs: { L07: place(['a']), L01: place(['b']) }, exercises: { L07: { x: { attempts: [attempt('t', 0, true)] } } } } as never as Progress;
    const mine = { ...synced, labs: { L01: place(['b']) }, exercises: {} };
    const stored = { ...synced, labs: { ...synced.labs, L02: place(['c']) } };
    const merged = mergeProgress(synced, mine, stored);
    expect(Object.keys(merged.labs).sort()).toEqual(['L01', 'L02']);
    expect(merged.exercises.L07).toBeUndefined();
  });

  it('hears another tab: refresh merges its writes into memory without losing unsaved work', () => {
    const storage = memoryStorage();
    const tab1 = ProgressSync.load(storage);
    const tab2 = ProgressSync.load(storage);
    tab1.sync.save({ ...tab1.loaded.progress, labs: { L07: place(['A_acquire']) } });
    const unsaved = { ...tab2.loaded.progress, student: { name: 'Ada', id: 's1' } };
    const heard = tab2.sync.refresh(unsaved);
    expect(heard.labs.L07?.steps).toEqual(['A_acquire']);
    expect(heard.student).toEqual({ name: 'Ada', id: 's1' });
    tab2.sync.save(heard);
    expect(JSON.parse(storage.data.get(PROGRESS_KEY)!).student.name).toBe('Ada');
  });

  it('without the merge, the old copy would have erased tab 1\'s work (what this guards)', () => {
    const storage = memoryStorage();
    const tab1 = ProgressSync.load(storage);
    const stale = tab1.loaded.progress;
    tab1.sync.save({ ...stale, exercises: { L07: { x: { attempts: [attempt('t', 0, true)] } } } as never });
    // A plain write of the stale copy (what saving used to do) loses the answer:
    storage.setItem(PROGRESS_KEY, JSON.stringify({ ...stale, labs: { L01: place(['b']) } }));
    expect(loadProgress(storage).progress.exercises.L07).toBeUndefined();
  });
});

describe('unreadable progress in a full storage', () => {
  /** Storage that refuses any write that would take it past `quota` characters. */
  function fullStorage(quota: number): KeyValueStorage & { quota: number } {
    const data = new Map<string, string>();
    const size = () => [...data.values()].reduce((n, v) => n + v.length, 0);
    return {
      quota,
      getItem: (k) => data.get(k) ?? null,
      setItem(k, v) {
        if (size() - (data.get(k)?.length ?? 0) + v.length > this.quota) throw new Error('QuotaExceededError');
        data.set(k, v);
      },
      removeItem: (k) => { data.delete(k); },
    };
  }

  it('a 3 MB unreadable draft is set aside even when a second copy does not fit, and start-up does not throw', () => {
    const storage = fullStorage(3_200_000);
    const blob = `{"version":1,"broken":"${'x'.repeat(3_000_000)}`; // not JSON: cut short
    storage.setItem(PROGRESS_KEY, blob);
    const loaded = loadProgress(storage);
    expect(loaded.progress).toEqual(emptyProgress());
    expect(loaded.aside).toMatch(/corrupt:1$/);
    expect(storage.getItem(loaded.aside!)).toBe(blob);
  });

  it('offers the text for download when even that does not fit', () => {
    const storage = fullStorage(4_000_000);
    const blob = `{"version":1,"broken":"${'x'.repeat(3_000_000)}`;
    storage.setItem(PROGRESS_KEY, blob);
    storage.setItem('other', 'y'.repeat(900_000));
    storage.quota = 3_850_000; // the blob's room, once freed, is not enough for the copy
    const loaded = loadProgress(storage);
    expect(loaded.aside).toBeNull();
    expect(loaded.unsaved).toBe(blob);
    expect(loaded.problem).toMatch(/download/);
  });
});
