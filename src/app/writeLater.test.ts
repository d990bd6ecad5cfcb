import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WriteLater } from './writeLater';

const timing = { quietMs: 300, idleMs: 200 };

describe('WriteLater', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });
  const make = () => new WriteLater(timing, () => Date.now());

  it('writes a burst of steps once, with the latest value, after the learner pauses', () => {
    const writes: number[] = [];
    const later = make();
    for (let step = 1; step <= 10; step++) {
      later.later('url', () => writes.push(step));
      vi.advanceTimersByTime(50); // the next click comes before the pause
    }
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(300);
    expect(writes).toEqual([10]);
  });

  it('writes a kind with a max wait that long after it was first queued while the steps never pause; the others wait for the pause', () => {
    const saved: number[] = [];
    const urls: number[] = [];
    const later = make();
    for (let step = 1; step <= 50; step++) { // 5 s of steps, one every 100 ms
      later.later('url', () => urls.push(step));
      later.later('progress', () => saved.push(step), 2000);
      vi.advanceTimersByTime(100);
    }
    expect(saved.length).toBeGreaterThanOrEqual(2);
    expect(saved.length).toBeLessThanOrEqual(3);
    expect(urls).toEqual([]);
    vi.advanceTimersByTime(300);
    expect(saved.at(-1)).toBe(50);
    expect(urls).toEqual([50]);
  });

  it('arms no new timer per step of a burst: the one armed re-arms itself until the pause', () => {
    const writes: number[] = [];
    const later = make();
    const arm = vi.spyOn(globalThis, 'setTimeout');
    const disarm = vi.spyOn(globalThis, 'clearTimeout');
    for (let step = 1; step <= 20; step++) { // 1 s of steps, one every 50 ms
      later.later('url', () => writes.push(step));
      later.later('progress', () => writes.push(-step), 2000);
      vi.advanceTimersByTime(50);
    }
    // One timer per quiet period the burst outlasts (1 s / 300 ms), not one per job.
    expect(arm.mock.calls.length).toBeLessThanOrEqual(5);
    expect(disarm).not.toHaveBeenCalled();
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(300);
    expect(writes.sort((a, b) => a - b)).toEqual([-20, 20]);
    arm.mockRestore();
    disarm.mockRestore();
  });

  it('a job with an earlier deadline than the armed timer still runs on time', () => {
    const saved: string[] = [];
    const later = make();
    later.later('url', () => saved.push('url'));
    vi.advanceTimersByTime(100);
    later.later('progress', () => saved.push('progress'), 50); // due at 150 ms, before the url's pause at 400 ms
    vi.advanceTimersByTime(60);
    expect(saved).toEqual(['progress']);
    vi.advanceTimersByTime(300);
    expect(saved).toEqual(['progress', 'url']);
  });

  it('keeps one job per kind; flush runs them at once; a dropped job is not run', () => {
    const ran: string[] = [];
    const later = make();
    later.later('url', () => ran.push('url 1'));
    later.later('progress', () => ran.push('progress'));
    later.later('url', () => ran.push('url 2'));
    later.flush();
    expect(ran).toEqual(['url 2', 'progress']);
    later.later('progress', () => ran.push('progress again'));
    later.drop('progress');
    vi.advanceTimersByTime(5000);
    expect(ran).toEqual(['url 2', 'progress']);
  });
});
