/**
 * Long replays (a switch flipped under a long run, a saved place reopened) run on the page's
 * thread: a pacer lets the page handle input and paint between slices of them. Each call
 * after `sliceMs` of work since the last pause returns a promise of the next task; sooner,
 * null (no await, no cost). The World is never touched between slices by anything else:
 * the session runs one change at a time, and a view asked meanwhile shows the place
 * before the change.
 */
type Scheduler = { yield?: () => Promise<void> };
type Globals = { scheduler?: Scheduler; setImmediate?: (run: () => void) => unknown };

/** A new task, soon: `scheduler.yield()` where the browser has it, else a zero-delay macrotask. */
export function nextTask(): Promise<void> {
  const g = globalThis as Globals;
  if (typeof g.scheduler?.yield === 'function') return g.scheduler.yield();
  // A timer resumed from a timer is clamped to 4 ms in browsers: setImmediate (Node) is not.
  if (typeof g.setImmediate === 'function') return new Promise((resolve) => { g.setImmediate!(resolve); });
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export type Pause = () => Promise<void> | null;

export function pacer(sliceMs = 10, now: () => number = () => performance.now()): Pause {
  let since = now();
  return () => {
    if (now() - since < sliceMs) return null;
    return nextTask().then(() => { since = now(); });
  };
}
