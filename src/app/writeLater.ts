/**
 * Work a step does not need on screen — the URL (history.replaceState cost more than a whole
 * step on a long page: 1.5–3 ms a step in a profile, 10 ms and more for one call on a busy
 * machine) and the saved progress (serialising it and localStorage.setItem) — waits until
 * the learner pauses (`quietMs` without a new job), then until the page is idle (at most
 * `idleMs`). Done inside the click, both delayed the step's first frame; done once per step
 * even when idle, they still landed between the frames of the next step of a burst (Step
 * held down, the slider dragged). A job of the same kind replaces the pending one, so a
 * burst of steps writes only the latest URL and the latest progress, once.
 *
 * A kind queued with a `maxWaitMs` (the saved progress: a crash must not lose a long burst)
 * also runs that long after it was first queued, pause or not, on its own; `flush()` runs
 * everything pending at once (the page is hidden or left).
 */
export interface WriteLaterTiming { quietMs: number; idleMs: number }

interface Pending { job: () => void; since: number; maxWaitMs: number }

export class WriteLater {
  private readonly pending = new Map<string, Pending>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** When the armed timer fires. */
  private timerAt = Infinity;
  private idleHandle: { cancel: () => void } | null = null;
  /** When the latest job was queued. */
  private lastAt = 0;

  constructor(private readonly timing: WriteLaterTiming, private readonly now: () => number = () => performance.now()) {}

  /** Queues `job` under `kind`, replacing a pending job of that kind (which keeps its first time). */
  later(kind: string, job: () => void, maxWaitMs = Infinity): void {
    const now = this.now();
    const old = this.pending.get(kind);
    const since = old?.since ?? now;
    const maxWait = Math.min(maxWaitMs, old?.maxWaitMs ?? Infinity);
    this.pending.set(kind, { job, since, maxWaitMs: maxWait });
    this.lastAt = now;
    if (this.idleHandle) return;
    // A timer already armed for no later than this job's deadlines stays: when it fires
    // before the pause, `fire` arms the next one. Clearing and setting a timer on every
    // step cost two timer calls per job inside each step's click.
    if (this.timer !== null && this.timerAt <= Math.min(now + this.timing.quietMs, since + maxWait)) return;
    this.schedule(now);
  }

  /** Drops a pending job (a write done at once carries it). */
  drop(kind: string): void {
    this.pending.delete(kind);
  }

  /** Runs every pending job now. */
  flush(): void {
    this.run([...this.pending.keys()]);
  }

  private schedule(now: number): void {
    if (this.timer !== null) clearTimeout(this.timer);
    let wait = this.lastAt + this.timing.quietMs - now;
    for (const p of this.pending.values()) wait = Math.min(wait, p.since + p.maxWaitMs - now);
    this.timerAt = now + Math.max(0, wait);
    this.timer = setTimeout(() => this.fire(), Math.max(0, wait));
  }

  /** A pause (run everything) or a kind's deadline (run only the kinds that are due). */
  private fire(): void {
    this.timer = null;
    this.timerAt = Infinity;
    const now = this.now();
    const paused = now - this.lastAt >= this.timing.quietMs;
    const kinds = [...this.pending].filter(([, p]) => paused || now - p.since >= p.maxWaitMs).map(([kind]) => kind);
    if (kinds.length === 0) {
      if (this.pending.size > 0) this.schedule(now);
      return;
    }
    if (typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => this.run(kinds), { timeout: this.timing.idleMs });
      this.idleHandle = { cancel: () => window.cancelIdleCallback(id) };
    } else {
      this.run(kinds);
    }
  }

  private run(kinds: string[]): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
    this.idleHandle?.cancel();
    this.idleHandle = null;
    const jobs = kinds.flatMap((kind) => {
      const p = this.pending.get(kind);
      this.pending.delete(kind);
      return p ? [p.job] : [];
    });
    for (const job of jobs) job();
    if (this.pending.size > 0) this.schedule(this.now());
  }
}
