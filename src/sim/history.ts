/**
 * Checkpoints for undo: what a World was after a given step, both halves of it — each
 * node's database image and everything else as plain data (clock, RNG position, frames in
 * flight, node statuses, armed faults, cut links, incarnations, model memo).
 *
 * Why images and not a SAVEPOINT per step: every protocol transaction is a real
 * BEGIN…COMMIT (a visible, named boundary), which cannot nest inside an open savepoint,
 * and sql.js cannot export a database while a write transaction is open. Why not an undo
 * log of rows: deleting a row an insert added gives the same rows, not the same bytes
 * (pages split, the freelist grows), and replays must be byte-identical. An image is
 * taken only of a store that wrote since its last image (its write generation moved); the
 * others share the previous image, so a step that touched one node exports one database.
 *
 * Policy: a checkpoint after every one of the `recent` latest steps (a Back is a restore,
 * nothing replayed) and after every `every`-th step beyond them (a jump far back restores
 * the nearest one and replays fewer than `every` steps, taking dense checkpoints again on
 * the way, so the Backs after it are restores too). `recent: 0` keeps only the sparse ones.
 */
import type { Store } from '../core/db/store';
import type { ClockState } from './clock';
import type { NodeStatus } from './model';
import type { NetworkState } from './network';
import type { SeededRng } from './rng';

export interface HistoryPolicy {
  /** Steps kept densely (one checkpoint per step) behind the latest one. */
  recent: number;
  /** Beyond `recent`, one checkpoint per `every` steps is kept. */
  every: number;
}

/**
 * A World's default: a checkpoint every 16 steps, none in between. An image export costs
 * time in proportion to the database (≈ one to several steps once a log table has grown),
 * so a World that mostly moves forward (cards, property tests, the explorer's replays)
 * pays it once per 16 steps; an undo restores the nearest checkpoint and replays < 16 steps.
 */
export const DEFAULT_HISTORY: HistoryPolicy = { recent: 0, every: 16 };

/**
 * The lab session's policy: a checkpoint after each of the latest 64 steps, so Back is a
 * restore with nothing replayed (a learner steps at human speed; the export is invisible),
 * and every 16th step beyond.
 */
export const DENSE_HISTORY: HistoryPolicy = { recent: 64, every: 16 };

/** One store's bytes, and the Store object + write generation they were read from. */
export interface StoreImage {
  store: Store | null;
  generation: number;
  image: Uint8Array;
}

/** Everything in a World besides its databases, as data. */
export interface WorldState {
  clock: ClockState;
  rng: ReturnType<SeededRng['save']>;
  network: NetworkState;
  statuses: [string, NodeStatus][];
  armed: string[];
  partitions: string[];
  incarnations: [string, number][];
  /** Model memo, already cloned (restore clones again: a checkpoint can be restored twice). */
  memo: Record<string, object> | null;
}

export interface Checkpoint {
  /** The World after this many actions. */
  step: number;
  images: Map<string, StoreImage>;
  state: WorldState;
}

export class History {
  private readonly list: Checkpoint[] = [];

  constructor(readonly policy: HistoryPolicy) {
    if (!Number.isInteger(policy.every) || policy.every < 1 || !Number.isInteger(policy.recent) || policy.recent < 0) {
      throw new Error(`history: bad policy ${JSON.stringify(policy)}`);
    }
  }

  /** Whether a checkpoint after `step` is worth taking. */
  wants(step: number): boolean {
    return this.policy.recent > 0 || step % this.policy.every === 0;
  }

  /** Adds the checkpoint after the latest step; thins the one that just left the recent window. */
  add(checkpoint: Checkpoint): void {
    this.dropAfter(checkpoint.step - 1);
    this.list.push(checkpoint);
    const old = checkpoint.step - this.policy.recent - 1;
    if (old > 0 && old % this.policy.every !== 0) {
      const index = this.indexAtOrBefore(old);
      if (index >= 0 && this.list[index]!.step === old) this.list.splice(index, 1);
    }
  }

  /** The latest checkpoint at or before `step`. */
  atOrBefore(step: number): Checkpoint | undefined {
    const index = this.indexAtOrBefore(step);
    return index >= 0 ? this.list[index] : undefined;
  }

  /** Forgets checkpoints after `step` (they describe an undone future). */
  dropAfter(step: number): void {
    while (this.list.length > 0 && this.list[this.list.length - 1]!.step > step) this.list.pop();
  }

  /** Steps that have a checkpoint (tests, diagnostics). */
  steps(): number[] {
    return this.list.map((c) => c.step);
  }

  private indexAtOrBefore(step: number): number {
    let lo = 0;
    let hi = this.list.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.list[mid]!.step <= step) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found;
  }
}
