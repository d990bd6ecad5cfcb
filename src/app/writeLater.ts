/**
 * Work a step does not need on screen — the URL (history.replaceState cost more than a whole
 * step on a long page, 1.5–8 ms in a profile) and the saved progress (serialising it and
 * localStorage.setItem) — waits until the learner pauses: `quietMs` without a new job, at
 * most `maxWaitMs` after the first job still pending, then until the page is idle (at most
 * `idleMs`). Done inside the click, both delayed the step's first frame; done once per step
 * even when idle, they still landed between the frames of the next step of a burst (Step
 * held down, the slider dragged). A job of the same kind replaces the pending one, so a
 * burst of steps writes only the latest URL and the latest progress, once. `flush()` runs
 * everything pending at once (the page is hidden or left).
 */
export interface WriteLaterTiming { quietMs: number; maxWaitMs: number; idleMs: number }

export class WriteLater {
  private readonly pending = new Map<string, () => void>();
  private quietTimer: ReturnType<typeof setTimeout> | null = null;
  private idleHandle: { cancel: () => void } | null = null;
  /** When the oldest job still pending was queued. */
  private firstPendingAt = 0;

  constructor(private readonly timing: WriteLaterTiming, private readonly now: () => number = () => performance.now()) {}

  /** Queues `job` under `kind`, replacing a pending job of that kind. */
  later(kind: string, job: () => void): void {
    const now = this.now();
    if (this.pending.size === 0) this.firstPendingAt = now;
    this.pending.set(kind, job);
    if (this.idleHandle) return; // already waiting for idle time: it runs the latest job
    if (this.quietTimer !== null) clearTimeout(this.quietTimer);
    const wait = Math.max(0, Math.min(this.timing.quietMs, this.firstPendingAt + this.timing.maxWaitMs - now));
    this.quietTimer = setTimeout(() => this.whenIdle(), wait);
  }

  /** Drops a pending job (a write done at once carries it). */
  drop(kind: string): void {
    this.pending.delete(kind);
  }

  /** Runs every pending job now. */
  flush(): void {
    if (this.quietTimer !== null) clearTimeout(this.quietTimer);
    this.quietTimer = null;
    this.idleHandle?.cancel();
    this.idleHandle = null;
    const jobs = [...this.pending.values()];
    this.pending.clear();
    for (const job of jobs) job();
  }

  /** The learner paused: run the pending jobs when the page is next idle. */
  private whenIdle(): void {
    this.quietTimer = null;
    if (typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => this.flush(), { timeout: this.timing.idleMs });
      this.idleHandle = { cancel: () => window.cancelIdleCallback(id) };
    } else {
      this.flush();
    }
  }
}
