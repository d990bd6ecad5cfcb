import { describe, expect, it } from 'vitest';
import { CORRUPT_PREFIX, emptyProgress, loadProgress, PROGRESS_KEY, saveProgress, withLab, type KeyValueStorage } from './progress';

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => { data.set(k, v); } };
}

describe('progress', () => {
  it('round-trips a lab place', () => {
    const storage = memoryStorage();
    const progress = withLab(emptyProgress(), 'L07', { steps: ['A_pause', { type: 'advance', by: 11 }], cursor: 1, switches: { resource: 'external' } });
    expect(saveProgress(storage, progress)).toBeNull();
    expect(loadProgress(storage)).toEqual({ progress, problem: null });
  });

  it('starts empty when nothing is saved', () => {
    expect(loadProgress(memoryStorage())).toEqual({ progress: emptyProgress(), problem: null });
  });

  it('sets corrupt progress aside, reports it, and starts clean', () => {
    const storage = memoryStorage({ [PROGRESS_KEY]: '{"version":1,"currentLab":' });
    const loaded = loadProgress(storage);
    expect(loaded.progress).toEqual(emptyProgress());
    expect(loaded.problem).toMatch(/not valid JSON.*kept under "durable-lab:progress:corrupt:1"/);
    expect(storage.data.get(`${CORRUPT_PREFIX}1`)).toBe('{"version":1,"currentLab":');
  });

  it('sets aside progress of the wrong shape without overwriting an earlier copy', () => {
    const storage = memoryStorage({ [PROGRESS_KEY]: '{"version":1,"currentLab":"L07","labs":{"L07":{"steps":[],"cursor":-3,"switches":{}}}}', [`${CORRUPT_PREFIX}1`]: 'older' });
    const loaded = loadProgress(storage);
    expect(loaded.problem).toMatch(/labs\.L07\.cursor/);
    expect(storage.data.get(`${CORRUPT_PREFIX}1`)).toBe('older');
    expect(storage.data.get(`${CORRUPT_PREFIX}2`)).toContain('"cursor":-3');
  });

  it('reports storage that refuses to save instead of throwing', () => {
    const storage: KeyValueStorage = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(saveProgress(storage, emptyProgress())).toMatch(/QuotaExceededError/);
  });
});
