import { describe, expect, it } from 'vitest';
import { CORRUPT_PREFIX, emptyProgress, loadProgress, PROGRESS_KEY, salvageProgress, saveProgress, setAsideKeys, withLab, type KeyValueStorage } from './progress';
import { buildSubmission, importSubmission, parseSubmission } from './submission';

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

describe('progress that cannot be read in full', () => {
  const attempt = (pick: unknown) => ({ at: '2026-11-29T10:00:00Z', input: { kind: 'predict', pick }, verdict: { pass: true, feedback: 'ok', rules: [] } });
  const saved = {
    version: 1, currentLab: 'L07',
    labs: { L07: { steps: ['A_pause'], cursor: 1, switches: {} }, L04: { steps: [], cursor: 'x', switches: {} } },
    exercises: { L07: { 'late-write': { attempts: [attempt(false), { at: 5, input: { kind: 'predict' }, verdict: {} }, attempt(true)] }, boundary: { attempts: [attempt(true)] } } },
    student: { name: 'Ada', id: 's-1' },
    activeExercise: null,
  };

  it('keeps every lab, attempt and the student that validate; sets aside only the bad parts', () => {
    const storage = memoryStorage({ [PROGRESS_KEY]: JSON.stringify(saved) });
    const loaded = loadProgress(storage);
    expect(loaded.progress.student).toEqual({ name: 'Ada', id: 's-1' });
    expect(loaded.progress.currentLab).toBe('L07');
    expect(Object.keys(loaded.progress.labs)).toEqual(['L07']);
    expect(loaded.progress.exercises.L07!['late-write']!.attempts.map((a) => a.input)).toEqual([{ kind: 'predict', pick: false }, { kind: 'predict', pick: true }]);
    expect(loaded.progress.exercises.L07!.boundary!.attempts).toHaveLength(1);
    expect(loaded.problem).toMatch(/2 part\(s\) that could not be read \(labs\.L04\.cursor: .*Everything else was kept.*durable-lab:progress:corrupt:1/);
    const aside = JSON.parse(storage.data.get(`${CORRUPT_PREFIX}1`)!);
    expect(aside.dropped.map((d: { path: string }) => d.path)).toEqual(['labs.L04.cursor', 'exercises.L07.late-write.attempts.1.at']);
    expect(aside.dropped[0].value).toEqual({ steps: [], cursor: 'x', switches: {} });
  });

  it('five reloads keep ONE copy, and the salvaged progress is what the next load reads', () => {
    const storage = memoryStorage({ [PROGRESS_KEY]: JSON.stringify(saved) });
    const first = loadProgress(storage);
    for (let i = 0; i < 4; i++) expect(loadProgress(storage)).toEqual({ progress: first.progress, problem: null });
    expect(setAsideKeys(storage)).toEqual([`${CORRUPT_PREFIX}1`]);
  });

  it('the same corrupt text set aside again reuses its copy', () => {
    const storage = memoryStorage({ [PROGRESS_KEY]: '{"version":1,' });
    loadProgress(storage);
    storage.setItem(PROGRESS_KEY, '{"version":1,');
    expect(loadProgress(storage).problem).toMatch(/corrupt:1/);
    expect(setAsideKeys(storage)).toHaveLength(1);
  });

  it('a student name over the limit is dropped, the ID kept', () => {
    const { progress, dropped } = salvageProgress({ ...saved, student: { name: 'x'.repeat(201), id: 's-1' } });
    expect(progress.student).toEqual({ name: '', id: 's-1' });
    expect(dropped.map((d) => d.path)).toContain('student.name');
  });
});

describe('the student\'s language travels with progress', () => {
  const withJa = () => ({ ...emptyProgress(), student: { name: 'Ada', id: 's-1' }, locale: 'ja' as const });

  it('is saved and loaded with progress; an unknown language is salvaged away, the rest kept', () => {
    const storage = memoryStorage();
    saveProgress(storage, withJa());
    expect(loadProgress(storage).progress.locale).toBe('ja');
    const { progress, dropped } = salvageProgress({ ...withJa(), locale: 'klingon' });
    expect(progress.locale).toBeUndefined();
    expect(progress.student.name).toBe('Ada');
    expect(dropped.map((d) => d.path)).toEqual(['locale']);
  });

  it('is exported in the submission and restored by importing it', () => {
    const submission = buildSubmission(withJa(), '0.1.0', 'x');
    expect(submission.locale).toBe('ja');
    const parsed = parseSubmission(JSON.stringify(submission));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(importSubmission({ ...emptyProgress(), locale: 'en' }, parsed.submission).locale).toBe('ja');
  });

  it('a file exported before languages existed still imports and keeps the language in use', () => {
    const old = { format: 'durable-execution-lab/submission', schemaVersion: 1, appVersion: '0.1.0', exportedAt: 'x', student: { name: 'Ada', id: 's-1' }, labs: {} };
    const parsed = parseSubmission(JSON.stringify(old));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(importSubmission({ ...emptyProgress(), locale: 'zh-Hant' }, parsed.submission).locale).toBe('zh-Hant');
    expect(buildSubmission(emptyProgress(), '0.1.0', 'x')).not.toHaveProperty('locale');
  });

  it('a file from a build with more languages imports; its unknown language is not applied', () => {
    const parsed = parseSubmission(JSON.stringify({ ...buildSubmission(withJa(), '0.1.0', 'x'), locale: 'fr' }));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(importSubmission({ ...emptyProgress(), locale: 'en' }, parsed.submission).locale).toBe('en');
  });
});
