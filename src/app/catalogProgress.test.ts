import { describe, expect, it } from 'vitest';
import { emptyProgress, type Progress } from '../lab/progress';
import { labProgress, nextLab } from './catalogProgress';

const labs = [
  { id: 'L01', exercises: [{ id: 'a' }, { id: 'b' }] },
  { id: 'L02', exercises: [{ id: 'c' }] },
  { id: 'L03', exercises: [] },
];
const attempt = (pass: boolean | null, kind: 'reproduce' | 'explain' = 'reproduce') => ({
  at: '2026-01-01T00:00:00Z',
  input: kind === 'explain' ? { kind, text: 'x' } : { kind, actions: [] },
  verdict: { pass, feedback: '', rules: [] },
});

describe('catalog progress', () => {
  it('is new, attempted, then done as exercises pass; next follows', () => {
    let progress: Progress = emptyProgress();
    expect(labProgress(labs[0]!, progress)).toEqual({ state: 'new', done: 0, finished: 0, total: 2 });
    expect(nextLab(labs, progress)?.id).toBe('L01');
    progress = { ...progress, currentLab: 'L01', exercises: { L01: { a: { attempts: [attempt(true)] }, b: { attempts: [attempt(false)] } } } } as Progress;
    expect(labProgress(labs[0]!, progress)).toMatchObject({ state: 'attempted', done: 1, finished: 1 });
    expect(nextLab(labs, progress)?.id).toBe('L01');
    progress = { ...progress, exercises: { L01: { a: { attempts: [attempt(true)] }, b: { attempts: [attempt(false), attempt(true)] } } } } as Progress;
    expect(labProgress(labs[0]!, progress).state).toBe('done');
    expect(nextLab(labs, progress)?.id).toBe('L02');
  });

  it('a lab with saved steps and no exercise is attempted, never done', () => {
    const progress = { ...emptyProgress(), labs: { L03: { steps: ['x'], cursor: 1, switches: {} } } } as Progress;
    expect(labProgress(labs[2]!, progress).state).toBe('attempted');
  });
});
