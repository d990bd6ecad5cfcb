/**
 * The views already built for the open step log, by cursor. A place in a lab (its step log,
 * switches, starting state and open scenario, and how many steps are applied) always shows
 * the same World — replay is deterministic, and the World's undo gives the bytes of a fresh
 * replay (src/sim/world.test.ts) — so Back, Step through the redo tail, the slider and Reset
 * can show the view built the last time the learner stood there instead of asking the World
 * again. That matters most for Back: the World restores a checkpoint lazily, and describing
 * its nodes reopened every database from its image on every step back.
 *
 * Only one log is kept: playing a new action, loading a scenario or flipping a switch starts
 * another log and forgets the old views. An asynchronous lab (whose World catches up on a
 * queue) is never cached: the caller decides that.
 */
import type { WorldView } from '../lab/session';

export class PlaceViews {
  private owner: object | null = null;
  private log = '';
  private readonly byCursor = new Map<number, WorldView>();

  /** The view kept for `cursor` of step log `log` in session `owner`, if it was built. */
  get(owner: object, log: string, cursor: number): WorldView | undefined {
    return owner === this.owner && log === this.log ? this.byCursor.get(cursor) : undefined;
  }

  /** Keeps `view` as the view at `cursor`; a new owner or log forgets the previous views. */
  set(owner: object, log: string, cursor: number, view: WorldView): void {
    if (owner !== this.owner || log !== this.log) this.clear();
    this.owner = owner;
    this.log = log;
    this.byCursor.set(cursor, view);
  }

  clear(): void {
    this.owner = null;
    this.log = '';
    this.byCursor.clear();
  }

  get size(): number {
    return this.byCursor.size;
  }
}
